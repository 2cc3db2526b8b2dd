import { describe, expect, it } from 'vitest';
import type { TargetId } from '../../../src/core/targets.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { inStep } from './lintHarness.ts';

// Which writes create an implicit global (tracer/implicit-global) and so make later reads of the name fine
// (no tracer/undeclared-identifier). Rows: source, target, exact `line:col rule message` of the two rules.

const undeclared = (name: string) =>
  `tracer/undeclared-identifier '${name}' is declared nowhere in the tracer, nor by the tracer runtime: reading it throws a ReferenceError on every node`;
const implicit = (name: string) =>
  `tracer/implicit-global '${name}' is assigned without being declared: geth (goja, sloppy mode) creates a global that outlives this call and is shared by every hook; declare it with 'var ${name}' in this function, or keep it as this.${name}`;

const rules = new Set(['tracer/undeclared-identifier', 'tracer/implicit-global']);
const show = (source: string, target: TargetId = 'es5') =>
  checkTracer(source, { target })
    .diagnostics.filter((d) => rules.has(d.ruleId))
    .map((d) => `${d.range.start.line}:${d.range.start.column} ${d.ruleId} ${d.message}`);

/** A tracer that writes `step` in step() (line 4) and `result` in result() (line 6). */
const stepThenResult = (step: string, result: string) =>
  `{fault: function(log, db) {},\nsetup: function(config) {},\nstep: function(log, db) {\n${step}\n},\nresult: function(ctx, db) {\n${result}\n}}`;

const rows: [string, string, TargetId, string[]][] = [
  [
    'an object pattern, its rest included',
    inStep('({aa, bb: cc, ...rr} = log); var y = [aa, cc, rr];'),
    'nethermind',
    [`4:3 ${implicit('aa')}`, `4:11 ${implicit('cc')}`, `4:18 ${implicit('rr')}`],
  ],
  [
    'an array pattern with a hole, a default and a rest',
    inStep('[dd, , ee = 1, ...ff] = log; var y = [dd, ee, ff];'),
    'geth',
    [`4:2 ${implicit('dd')}`, `4:8 ${implicit('ee')}`, `4:19 ${implicit('ff')}`],
  ],
  ['a for-of name', inStep('for (kk of []) {} var y = kk;'), 'geth', [`4:6 ${implicit('kk')}`]],
  [
    'a for-of pattern',
    inStep('for ([kk, vv] of []) {} var y = kk + vv;'),
    'geth',
    [`4:7 ${implicit('kk')}`, `4:11 ${implicit('vv')}`],
  ],
  ['a for-in var (declares)', inStep('for (var kk in log) {} var y = kk;'), 'es5', []],
  ['a member (not a name)', inStep('log.x = 1; for (log.k in log) {}'), 'es5', []],
  ['the same name twice: once', inStep('seen = 1; seen = 2;'), 'es5', [`4:1 ${implicit('seen')}`]],
  ['two names: each', inStep('aa = 1; bb = 2;'), 'es5', [`4:1 ${implicit('aa')}`, `4:9 ${implicit('bb')}`]],
  ['x++ after x = 0', inStep('zz = 0; zz++;'), 'es5', [`4:1 ${implicit('zz')}`]],
  [
    'x += 1 before x = 0 elsewhere: the = creates it',
    stepThenResult('zz += 1;', 'zz = 0; return zz;'),
    'es5',
    [`7:1 ${implicit('zz')}`],
  ],
  ['x += 1 alone: it throws, creates nothing', inStep('zz += 1;'), 'es5', [`4:1 ${undeclared('zz')}`]],
];

describe('implicit globals and the reads they allow', () => {
  it.each(rows)('%s', (_what, source, target, expected) => {
    expect(show(source, target)).toEqual(expected);
  });
});

describe('names a target has, and guesses', () => {
  it('leaves bigInt alone even where the target lists no bigInt (anvil)', () => {
    expect(show(inStep('var y = bigInt(1);'), 'anvil')).toEqual([]);
  });

  it("guesses a one-letter name for a one-letter typo, with a 'Replace with' fix", () => {
    const d = checkTracer(inStep('var p = 1; p = q;')).diagnostics.filter((x) => rules.has(x.ruleId));
    expect(d.map((x) => `${x.range.start.line}:${x.range.start.column} ${x.message}`)).toEqual([
      "4:16 'q' is declared nowhere in the tracer, nor by the tracer runtime: reading it throws a ReferenceError on every node; did you mean 'p'?",
    ]);
    expect(d[0].fix?.title).toBe("Replace with 'p'");
  });
});
