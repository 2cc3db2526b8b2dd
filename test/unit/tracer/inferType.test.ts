import { describe, expect, it } from 'vitest';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { analyzeTracer } from '../../../src/core/tracer/analyzeTracer.ts';
import type { ValueType } from '../../../src/core/tracer/apiModel.ts';
import { extractTracerObject } from '../../../src/core/tracer/extractTracerObject.ts';
import { createTypeInference } from '../../../src/core/tracer/inferType.ts';
import { expectInvalid, expectValid, posOf } from './lintHarness.ts';

const base = 'fault: function(log, db) {}, result: function(ctx, db) { return 1; }';
const tracer = (members: string) => `{${base},\n${members}}`;
const inStep = (body: string) => tracer(`step: function(log, db) { ${body} }`);
/** `k` parenthesised sequences around `leaf`: the leaf is typed `k` levels below the outer expression. */
const nest = (k: number, leaf: string) => `${'(0, '.repeat(k)}${leaf}${')'.repeat(k)}`;

/**
 * Types of the expressions marked with a `/*@*\/` comment in `code`, in order, all from one inference (so later
 * ones see what earlier ones cached). `memberCalls: false` makes the inference without call sites.
 */
function typesAt(code: string, memberCalls = true): ValueType[] {
  const es5 = checkEs5(code, { target: 'geth' });
  const found = extractTracerObject(code, es5).tracer;
  if (!found) throw new Error(`not a tracer: ${code}`);
  const analysis = analyzeTracer(found.object);
  const types = createTypeInference(memberCalls ? analysis.memberCalls : undefined);
  const marks = code.split('/*@*/').slice(0, -1);
  let offset = 0;
  return marks.map((part) => {
    offset += part.length + '/*@*/'.length;
    // The outermost expression after the mark (a parenthesised one starts after its parenthesis).
    const visit = analysis.visits.find(
      (v) => v.node.start >= offset && v.node.type !== 'ExpressionStatement',
    );
    if (!visit) throw new Error(`no expression after mark at ${offset}`);
    return types.typeOf(visit.node, visit.fn);
  });
}

const typeIn = (body: string) => typesAt(inStep(`/*@*/${body};`))[0];

describe('inferType: each kind of expression', () => {
  it.each<[string, ValueType]>([
    ["'a'", 'string'],
    ['`a${1}`', 'string'],
    ['log.stack', 'log.stack'],
    // A member with no static name, read or called, has no type.
    ['log[k]', 'unknown'],
    ['log[k]()', 'unknown'],
    ['log.getPC()', 'number'],
    ['toHex(log.contract.getAddress())', 'goString'],
    ['(function () { return 1; })()', 'unknown'],
    ["1 + 's'", 'string'],
    ['log.getPC() + 1', 'number'],
    ['x - y', 'number'],
    ['x < y', 'boolean'],
    ['c ? 1 : 2', 'number'],
    ["c ? 1 : 's'", 'unknown'],
    ['x = log.stack', 'log.stack'],
    ['x += 1', 'unknown'],
    ["(1, 's')", 'string'],
    ["(log, 1, 's')", 'string'],
    ['!x', 'boolean'],
    ['typeof x', 'string'],
    ['-x', 'number'],
    ['this', 'unknown'],
    ['[]', 'unknown'],
    ['bigInt', 'bigIntStatic'],
    ['nothing', 'unknown'],
  ])('%s is %s', (expr, type) => expect(typeIn(expr)).toBe(type));

  it('a call of a local name that shadows a global function is unknown', () => {
    expect(typesAt(inStep('var toHex = 1; /*@*/toHex(log);'))).toEqual(['unknown']);
  });

  it('a member of super has no type', () => {
    const code = inStep('var o = { m() { return [/*@*/super.length, /*@*/super.toString()]; } };');
    expect(typesAt(code)).toEqual(['unknown', 'unknown']);
  });

  it('#x in o is a boolean (the left side is a private name)', () => {
    expect(typesAt(inStep('class A { #x; m(o) { return /*@*/#x in o; } }'))).toEqual(['boolean']);
  });
});

describe('inferType: names', () => {
  it.each<[string, string, ValueType]>([
    ['a var keeps the type of its initialiser', 'var v = log.stack; /*@*/v;', 'log.stack'],
    ['a var with no initialiser', 'var v; /*@*/v;', 'unknown'],
    ['a var assigned again', 'var v = 1; v = 2; /*@*/v;', 'unknown'],
    ['a function declaration', 'function g() {} /*@*/g;', 'unknown'],
    ['a destructured name', 'var { a } = log; /*@*/a;', 'unknown'],
    ["a hook's parameter", '/*@*/db;', 'db'],
  ])('%s: %s', (_, body, type) => expect(typesAt(inStep(body))).toEqual([type]));

  it('a hook parameter geth does not pass is unknown', () => {
    expect(typesAt(tracer('step: function(log, db, extra) { /*@*/extra; }'))).toEqual(['unknown']);
  });
});

const helper = 'helper: function(l, m) { /*@*/l; /*@*/m; }';

describe('inferType: helper parameters take the type every this.helper(...) call agrees on', () => {
  it.each<[string, string, ValueType[]]>([
    ['every call passes log', 'this.helper(log, 1); this.helper(log, 2);', ['log', 'number']],
    ['never called', '', ['unknown', 'unknown']],
    ['a call passes fewer arguments', 'this.helper(log, 1); this.helper(log);', ['log', 'unknown']],
    // A spread moves the arguments after it to unknown positions.
    ['a call spreads', 'this.helper(...xs, log);', ['unknown', 'unknown']],
    ['calls disagree', 'this.helper(log, 1); this.helper(5, 1);', ['unknown', 'number']],
    ['an untyped call first', 'this.helper(x, 1); this.helper(log, 1);', ['unknown', 'number']],
    ['an untyped call last', 'this.helper(log, 1); this.helper(x, 1);', ['unknown', 'number']],
    [
      'the helper is read without a call',
      'this.helper(log, 1); var h = this.helper;',
      ['unknown', 'unknown'],
    ],
    [
      'the helper may be called by a computed name',
      'this.helper(log, 1); this[k](1);',
      ['unknown', 'unknown'],
    ],
  ])('%s', (_, calls, expected) => {
    expect(typesAt(tracer(`${helper},\nstep: function(log) { ${calls} }`))).toEqual(expected);
  });

  it('an arrow helper is typed like a function helper', () => {
    const code = tracer('helper: (l) => /*@*/l,\nstep: function(log) { this.helper(log); }');
    expect(typesAt(code)).toEqual(['log']);
  });

  it('without call sites, helper parameters are unknown', () => {
    expect(typesAt(tracer(`${helper},\nstep: function(log) { this.helper(log, 1); }`), false)).toEqual([
      'unknown',
      'unknown',
    ]);
  });

  it('a parameter of a function that is no member is unknown', () => {
    expect(typesAt(inStep('var f = function(q) { return /*@*/q; }; f(log);'))).toEqual(['unknown']);
  });
});

// Typing stops 64 levels below the expression asked about: the leaf at depth 64 is typed, at 65 it is not.
describe('inferType: depth bound', () => {
  it.each<[string, (k: number) => string, ValueType]>([
    ['a sequence', (k) => `/*@*/${nest(k + 1, '1')};`, 'number'],
    ['a member object', (k) => `/*@*/${nest(k, 'log')}.stack;`, 'log.stack'],
    ['a method call', (k) => `/*@*/${nest(k, 'log')}.getPC();`, 'number'],
    ['the left of +', (k) => `/*@*/${nest(k, "'s'")} + 1;`, 'string'],
    ['the right of +', (k) => `/*@*/1 + ${nest(k, "'s'")};`, 'string'],
    ['a conditional consequent', (k) => `/*@*/c ? ${nest(k, '1')} : 1;`, 'number'],
    ['a conditional alternate', (k) => `/*@*/c ? 1 : ${nest(k, '1')};`, 'number'],
    ['an assigned value', (k) => `/*@*/x = ${nest(k, '1')};`, 'number'],
    ['a var initialiser', (k) => `var v = ${nest(k, '1')}; /*@*/v;`, 'number'],
  ])('%s', (_, body, type) => {
    expect(typesAt(inStep(body(63)))).toEqual([type]);
    expect(typesAt(inStep(body(64)))).toEqual(['unknown']);
  });

  it('a helper argument', () => {
    const code = (k: number) =>
      tracer(`helper: function(l) { /*@*/l; },\nstep: function(log) { this.helper(${nest(k, 'log')}); }`);
    expect(typesAt(code(63))).toEqual(['log']);
    expect(typesAt(code(64))).toEqual(['unknown']);
  });
});

describe('inferType: cache', () => {
  it('a name typed once keeps its type where it is used too deep to type it again', () => {
    expect(typesAt(inStep(`var v = (0, 's'); /*@*/v; /*@*/${nest(63, 'v')};`))).toEqual(['string', 'string']);
    // Without the first use the deep one is typed from scratch, which needs two levels more.
    expect(typesAt(inStep(`var v = (0, 's'); /*@*/${nest(63, 'v')};`))).toEqual(['unknown']);
  });

  it('a name used in its own initialiser counts as unknown there, and the rest is typed as usual', () => {
    expect(typesAt(inStep("var a = a + c; var c = (0, 's'); /*@*/a;"))).toEqual(['string']);
  });
});

describe('inferType as the unknown-member rule shows it', () => {
  const peak = "log.stack has no member 'peak'; did you mean 'peek'?";
  it.each([
    inStep('var s = (0, log.stack); s.peak(0);'),
    inStep('var s = c ? log.stack : log.stack; s.peak(0);'),
    inStep('var s = (t = log.stack); s.peak(0);'),
    tracer('helper: (l) => l.stack.peak(0),\nstep: function(log) { this.helper(log); }'),
  ])('reports %s', (code) => {
    expectInvalid(code, 'tracer/unknown-member-call', peak, posOf(code, 'peak'));
  });

  it.each([
    inStep('var s = c ? log.stack : log.memory; s.peak(0);'),
    inStep('var s = (t += log.stack); s.peak(0);'),
    tracer('helper: function(a, l) { l.stack.peak(0); },\nstep: function(log) { this.helper(...[1], log); }'),
  ])('accepts %s', (code) => expectValid(code, ['tracer/unknown-member', 'tracer/unknown-member-call']));
});
