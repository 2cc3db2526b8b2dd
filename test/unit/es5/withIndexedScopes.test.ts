import { Parser, type Options } from 'acorn';
import { describe, expect, it } from 'vitest';
import { parse } from '../../../src/core/es5/loopParser.ts';

// 40 declarations of `kind` (`let a0; let a1; …`): past the length at which a scope's lists become indexed.
const many = (kind: string, prefix = 'a') =>
  Array.from({ length: 40 }, (_, i) =>
    kind === 'function' ? `function ${prefix}${i}() {}` : `${kind} ${prefix}${i};`,
  ).join(' ');

const outcome = (parser: (code: string, options: Options) => unknown, code: string, module: boolean) => {
  try {
    parser(code, { ecmaVersion: 'latest', sourceType: module ? 'module' : 'script' });
    return 'ok';
  } catch (e) {
    return (e as Error).message;
  }
};

// Each row: the program, module or script, and what acorn says of it. LoopParser must say the same, both when the
// clash is with a name declared early (found in the index) and when there is none.
const declared = (name: string, at: number) => `Identifier '${name}' has already been declared (1:${at})`;
const rows: Array<[string, string, boolean, (code: string) => string]> = [
  ['let after lets', `${many('let')} let a3;`, false, (c) => declared('a3', c.lastIndexOf('a3'))],
  ['var after lets', `${many('let')} var a39;`, false, (c) => declared('a39', c.lastIndexOf('a39'))],
  [
    'let after vars in an inner block',
    `function f() { { ${many('var')} } let a5; }`,
    false,
    (c) => declared('a5', c.lastIndexOf('a5')),
  ],
  [
    'let in a block after its function scope vars',
    `function f() { ${many('var')} { let a5; } }`,
    false,
    () => 'ok',
  ],
  ['vars twice', `${many('var')} ${many('var')}`, false, () => 'ok'],
  [
    'let after functions in a block',
    `{ ${many('function')} let a7; }`,
    false,
    (c) => declared('a7', c.lastIndexOf('a7')),
  ],
  ['functions twice in a sloppy block', `{ ${many('function')} function a7() {} }`, false, () => 'ok'],
  [
    'functions twice in a strict block',
    `'use strict'; { ${many('function')} function a7() {} }`,
    false,
    (c) => declared('a7', c.lastIndexOf('a7')),
  ],
  [
    'functions twice in a function body',
    `function f() { ${many('function')} function a7() {} }`,
    false,
    () => 'ok',
  ],
  // The simple catch parameter is the first lexical name of its scope, and a `var` of it is allowed.
  ['var of the catch parameter', `try {} catch (e) { ${many('let')} var e; }`, false, () => 'ok'],
  [
    'let of the catch parameter',
    `try {} catch (e) { ${many('let')} let e; }`,
    false,
    (c) => declared('e', c.lastIndexOf('e')),
  ],
  [
    'an export of a declared name',
    `${many('let')} ${many('var', 'v')} export { a39, v39 };`,
    true,
    () => 'ok',
  ],
  [
    'an export of an undeclared name',
    `${many('let')} export { zz };`,
    true,
    (c) => `Export 'zz' is not defined (1:${c.lastIndexOf('zz')})`,
  ],
];

describe('LoopParser finds redeclarations in scopes of many names as acorn does', () => {
  it.each(rows)('%s', (_label, code, module, expected) => {
    expect(outcome(parse, code, module)).toBe(expected(code));
    expect(outcome((c, o) => Parser.parse(c, o), code, module)).toBe(expected(code));
  });
});
