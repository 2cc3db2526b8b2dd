import { describe, expect, it } from 'vitest';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { inStep } from './lintHarness.ts';

// Names read or assigned inside `with (o) { … }` may be properties of o: not "declared nowhere", no implicit global.
// Outside a with body (its object included) the rules still report. Rows: source → exact `line:col rule message`.
const show = (source: string) =>
  checkTracer(source, { target: 'geth' })
    .diagnostics.filter(
      (d) => d.ruleId === 'tracer/undeclared-identifier' || d.ruleId === 'tracer/implicit-global',
    )
    .map((d) => `${d.range.start.line}:${d.range.start.column} ${d.ruleId} ${d.message}`);
const undeclared = (name: string) =>
  `tracer/undeclared-identifier '${name}' is declared nowhere in the tracer, nor by geth: reading it throws a ReferenceError on every node`;

describe('with bodies', () => {
  it.each([
    ['a read through with (this)', inStep('with (this) { count = count + 1; }'), []],
    ['a nested with, a read in the inner body', inStep('with (this) { with (log) { qq(op); } }'), []],
    ['a with body without braces', inStep('with (this) qq();'), []],
    ['the with object itself is still checked', inStep('with (qq) { zz(); }'), [`4:7 ${undeclared('qq')}`]],
    [
      'a read after the with body is still checked',
      inStep('with (this) { zz(); } qq();'),
      [`4:23 ${undeclared('qq')}`],
    ],
    [
      'a read in a second function is still checked',
      `{fault: function(log, db) { with (this) { zz(); } },\nresult: function(ctx, db) { return qq; },\nstep: function(log, db) {\n}}`,
      [`2:36 ${undeclared('qq')}`],
    ],
  ])('%s', (_what, source, expected) => {
    expect(show(source)).toEqual(expected);
  });

  it('flatten takes a tracer reading its names through with (this)', () => {
    const source =
      '{count: 0, step: function(log) { with (this) { count = count + 1; } }, fault: function() {}, result: function() { with (this) { return count; } }}';
    expect(flattenTracer(source, { target: 'geth' })).toMatchObject({
      ok: true,
      code: '{count:0,step:function(log){with(this){count=count+1;}},fault:function(){},result:function(){with(this){return count;}}}',
    });
  });
});
