import { describe, expect, it } from 'vitest';
import { es5Globals, es5Keywords } from '../../../src/core/tracer/es5Names.ts';

// The completion lists: the ES5.1 global object's properties (§15.1) and ES5.1 keywords and literals (§7.6.1),
// plus Uint8Array (goja provides it and tracers get byte arrays); nothing ES2015+ that geth's goja would reject.
const globals = [
  'Array',
  'Boolean',
  'Date',
  'Error',
  'EvalError',
  'Infinity',
  'JSON',
  'Math',
  'NaN',
  'Number',
  'Object',
  'RangeError',
  'ReferenceError',
  'RegExp',
  'String',
  'SyntaxError',
  'TypeError',
  'URIError',
  'decodeURI',
  'decodeURIComponent',
  'encodeURI',
  'encodeURIComponent',
  'isFinite',
  'isNaN',
  'parseFloat',
  'parseInt',
  'undefined',
  'Uint8Array',
];
const keywords = [
  'break',
  'case',
  'catch',
  'continue',
  'default',
  'delete',
  'do',
  'else',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
];
const es2015Globals = ['Map', 'Set', 'WeakMap', 'Promise', 'Symbol', 'Proxy', 'Reflect'];
const es2015Keywords = ['let', 'const', 'class', 'yield', 'await', 'async', 'import', 'export', 'of'];

describe('es5Globals', () => {
  it.each(globals)('offers %s', (name) => {
    expect(es5Globals).toContain(name);
  });
  it.each(es2015Globals)('does not offer the ES2015 global %s', (name) => {
    expect(es5Globals).not.toContain(name);
  });
  it('has exactly those names, each once', () => {
    expect([...es5Globals].sort()).toEqual([...globals].sort());
  });
});

describe('es5Keywords', () => {
  it.each(keywords)('offers %s', (name) => {
    expect(es5Keywords).toContain(name);
  });
  it.each(es2015Keywords)('does not offer the ES2015 keyword %s', (name) => {
    expect(es5Keywords).not.toContain(name);
  });
  it('has exactly those names, each once', () => {
    expect([...es5Keywords].sort()).toEqual([...keywords].sort());
  });
});
