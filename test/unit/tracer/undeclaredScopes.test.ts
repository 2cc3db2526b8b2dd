import { describe, expect, it } from 'vitest';
import type { TargetId } from '../../../src/core/targets.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { inStep } from './lintHarness.ts';

// Which identifiers tracer/undeclared-identifier counts as reads. Every name below is declared and assigned nowhere
// and no target defines it, so it is reported exactly where it is read, and nowhere else. Rows: source, target,
// exact `line:col message` of that rule.

const rule = 'tracer/undeclared-identifier';
const undeclared = (name: string, by: string) =>
  `'${name}' is declared nowhere in the tracer, nor by ${by}: reading it throws a ReferenceError on every node`;
const show = (source: string, target: TargetId) =>
  checkTracer(source, { target })
    .diagnostics.filter((d) => d.ruleId === rule)
    .map((d) => `${d.range.start.line}:${d.range.start.column} ${d.message}`);

/** A tracer with a class member whose static block (line 6) runs outside every function. */
const inStaticBlock = (body: string) =>
  `{fault: function(log, db) {},\nresult: function(ctx, db) { return 1; },\nstep: function(log, db) {},\nk: class {\nstatic {\n${body}\n}\n}}`;

const read: [string, string, TargetId, string][] = [
  [
    'an object literal value',
    inStep('var o = {b: qq};'),
    'es5',
    `4:13 ${undeclared('qq', 'the tracer runtime')}`,
  ],
  ['a shorthand property', inStep('var o = {qq};'), 'geth', `4:10 ${undeclared('qq', 'geth')}`],
  ['a computed key', inStep('var o = {[kk]: 1};'), 'geth', `4:11 ${undeclared('kk', 'geth')}`],
  ['a computed key in a pattern', inStep('var {[kk]: v} = {};'), 'geth', `4:7 ${undeclared('kk', 'geth')}`],
  [
    'a class field value',
    inStep('var K = class { ff = qq; };'),
    'nethermind',
    `4:22 ${undeclared('qq', 'nethermind')}`,
  ],
  [
    'a computed method key',
    inStep('var K = class { [qq]() {} };'),
    'nethermind',
    `4:18 ${undeclared('qq', 'nethermind')}`,
  ],
  [
    'a computed field key',
    inStep('var K = class { [qq] = 1; };'),
    'nethermind',
    `4:18 ${undeclared('qq', 'nethermind')}`,
  ],
  [
    'a class expression superclass',
    inStep('var K = class extends ZZ {};'),
    'geth',
    `4:23 ${undeclared('ZZ', 'geth')}`,
  ],
  [
    'a class declaration superclass',
    inStep('class C extends ZZ {}'),
    'geth',
    `4:17 ${undeclared('ZZ', 'geth')}`,
  ],
  ['an arrow expression body', inStep('var f = (a) => qq;'), 'geth', `4:16 ${undeclared('qq', 'geth')}`],
  ['a default value', inStep('var [aa = qq] = [];'), 'geth', `4:11 ${undeclared('qq', 'geth')}`],
  ['an operand of minus', inStep('var t = -qq;'), 'es5', `4:10 ${undeclared('qq', 'the tracer runtime')}`],
  ['x++ (it reads x first)', inStep('qq++;'), 'es5', `4:1 ${undeclared('qq', 'the tracer runtime')}`],
  ['x += 1 (it reads x first)', inStep('qq += 1;'), 'es5', `4:1 ${undeclared('qq', 'the tracer runtime')}`],
];

const notRead: [string, string, TargetId][] = [
  ['an object literal key', inStep('var o = {zz: 1};'), 'es5'],
  ['method and field names', inStep('var K = class { mm() {} static ss() {} ff = 1; };'), 'nethermind'],
  [
    'a class expression name, read inside',
    inStep('var K = class Named { m() { return Named; } };'),
    'nethermind',
  ],
  ['labels', inStep('lbl: for (;;) { if (log) continue lbl; break lbl; }'), 'es5'],
  ['new.target', inStep('function F() { return new.target; }'), 'geth'],
  ['a var outside every function', inStaticBlock('var aa; var bb = 1;'), 'nethermind'],
  ['a function declaration outside every function', inStaticBlock('function gg(pp) {}'), 'nethermind'],
  ['a class declaration outside every function', inStaticBlock('class CC {}'), 'nethermind'],
  ['a catch parameter outside every function', inStaticBlock('try {} catch (ee) {}'), 'nethermind'],
  ['array pattern names outside every function', inStaticBlock('var [aa, ...rr] = [];'), 'nethermind'],
  ['a defaulted name outside every function', inStaticBlock('var [dd = 1] = [];'), 'nethermind'],
  ['object pattern names outside every function', inStaticBlock("var {oo, ['k']: vv} = {};"), 'nethermind'],
];

describe('what counts as a read of an undeclared name', () => {
  it.each(read)('reads %s', (_what, source, target, expected) => {
    expect(show(source, target)).toEqual([expected]);
  });

  it.each(notRead)('does not read %s', (_what, source, target) => {
    expect(show(source, target)).toEqual([]);
  });

  it('reports each undeclared name once, at its first read', () => {
    expect(show(inStep('var y = qq + kk + qq;'), 'es5')).toEqual([
      `4:9 ${undeclared('qq', 'the tracer runtime')}`,
      `4:14 ${undeclared('kk', 'the tracer runtime')}`,
    ]);
  });
});
