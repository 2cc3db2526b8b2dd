import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { findFreeVariables } from '../../../src/core/flatten/findFreeVariables.ts';

type AnyNode = { type: string; [key: string]: unknown };

function fn(text: string): AnyNode {
  const program = parse(`(${text})`, { ecmaVersion: 'latest' }) as unknown as { body: AnyNode[] };
  return program.body[0].expression as AnyNode;
}

describe('findFreeVariables: names a function uses without declaring them', () => {
  it.each([
    ['a parameter and an outer name', 'function (a) { return a + b; }', ['b']],
    ['a built-in and a geth global are not free', 'function (x) { return Math.max(toHex(x), x); }', []],
    // Destructured parameters declare every name they bind.
    ['an object pattern', 'function ({ a, b: c, ...d }) { return a + c + d + e; }', ['e']],
    ['an array pattern with a hole and a rest', 'function ([, a, ...b]) { return a + b + e; }', ['e']],
    ['a default value is a reference, the parameter a declaration', 'function (a = b) { return a; }', ['b']],
    ['a rest parameter', 'function (...r) { return r; }', []],
    ['var with a pattern', 'function () { var { p: [q] } = o; return q; }', ['o']],
    ['a class declaration', 'function () { class C {} return new C(); }', []],
    ['a class expression name', 'function () { var x = class D { m() { return D; } }; return x; }', []],
    ['a catch parameter', 'function () { try { f(); } catch (e) { return e; } }', ['f']],
    ['a catch without a parameter', 'function () { try {} catch { return 1; } }', []],
    [
      'an inner function name and its parameters',
      'function () { function g(h) { return h; } return g; }',
      [],
    ],
    ['an arrow function parameter', '(a) => a + z', ['z']],
    // Property names, labels and new.target are no references; a computed member is.
    ['a member name', 'function (o) { return o.k; }', []],
    ['a computed member', 'function (o) { return o[k]; }', ['k']],
    ['an object key', 'function () { return { k: 1 }; }', []],
    ['a computed object key', 'function () { return { [k]: 1 }; }', ['k']],
    ['labels', 'function () { l: for (;;) { if (t) break l; else continue l; } }', ['t']],
    ['new.target', 'function () { return new.target; }', []],
    // The result is sorted, whatever order the names are met in.
    ['sorted (z met first)', 'function () { return z + a; }', ['a', 'z']],
    ['sorted (a met first)', 'function () { return a + z; }', ['a', 'z']],
  ])('%s', (_name, text, free) => {
    expect(findFreeVariables(fn(text))).toEqual({ free, usesSuper: false });
  });

  it('super is reported', () => {
    const method = (fn('{ m() { return super.m(); } }').properties as AnyNode[])[0].value as AnyNode;
    expect(findFreeVariables(method)).toEqual({ free: [], usesSuper: true });
  });
});
