import { describe, expect, it } from 'vitest';
import { findPrefixWrapper } from '../../../src/core/tracer/findWrapper.ts';

describe('findPrefixWrapper edges', () => {
  // source → wrapper (form, start, end) or null
  const rows: [string, ReturnType<typeof findPrefixWrapper>][] = [
    ['var x = {}', { form: 'variable', start: 0, end: 7 }],
    ['let x = {}', { form: 'variable', start: 0, end: 7 }],
    ['const x = {}', { form: 'variable', start: 0, end: 9 }],
    ['/* c */ let\n  x =', { form: 'variable', start: 8, end: 17 }],
    ['let \\u{61}b = {}', { form: 'variable', start: 0, end: 13 }],
    ['foo x = {}', null],
    ["'var' x = {}", null],
    ['let x', null],
    ['let x + 1', null],
    ['let 1 = 2', null],
    ['var', null],
    ['', null],
    ['module.exports = {}', { form: 'module-exports', start: 0, end: 16 }],
    ['module . exports\n= {}', { form: 'module-exports', start: 0, end: 18 }],
    ['module.', null],
    ['module.exports', null],
    ['module.exports + 1', null],
    ['module.foo = {}', null],
    ['foo.exports = {}', null],
    ['module,exports = {}', null],
    ["'module'.exports = {}", null],
    ["module.'exports' = {}", null],
    ['export default', { form: 'export-default', start: 0, end: 14 }],
    ['export default {}', { form: 'export-default', start: 0, end: 14 }],
    ['export foo', null],
    ['foo default', null],
    ["'export' default", null],
  ];
  it.each(rows)('%j', (source, expected) => {
    expect(findPrefixWrapper(source)).toEqual(expected);
  });
});
