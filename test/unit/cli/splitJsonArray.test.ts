import { describe, expect, it } from 'vitest';
import { splitJsonArray } from '../../../src/cli/serve/splitJsonArray.ts';

describe('splitJsonArray: the text of each element of a parsed JSON array', () => {
  it.each([
    ['an empty array', '[]', []],
    ['an empty array with spaces', ' [ \n\t ] ', []],
    ['numbers and literals', '[1,-2.5e3,true,null]', ['1', '-2.5e3', 'true', 'null']],
    ['whitespace around elements is trimmed', '[ 1 ,\n\t{"a":1}\r\n , "x" ]', ['1', '{"a":1}', '"x"']],
    ['commas and brackets inside strings', '["a,b","[{","}]"]', ['"a,b"', '"[{"', '"}]"']],
    [
      'escaped quotes and backslashes',
      String.raw`["a\"b,c","d\\",1]`,
      [String.raw`"a\"b,c"`, String.raw`"d\\"`, '1'],
    ],
    ['a string ending in an escaped backslash before a comma', String.raw`["\\",2]`, [String.raw`"\\"`, '2']],
    ['nested arrays and objects', '[[1,[2,3]],{"a":[4,{"b":5}]},6]', ['[1,[2,3]]', '{"a":[4,{"b":5}]}', '6']],
    ['non-ASCII text', '["é,ü","\u2028",{"k":"日本"}]', ['"é,ü"', '"\u2028"', '{"k":"日本"}']],
    ['an object is not an array', '{"a":[1,2]}', undefined],
    ['a string is not an array', '"[1,2]"', undefined],
    ['a number is not an array', '42', undefined],
  ])('%s', (_name, text, items) => {
    expect(JSON.parse(text)).toBeDefined();
    expect(splitJsonArray(text)).toEqual(items);
  });

  it('an element nested 100,000 deep (beyond JSON.stringify) is split as it was sent', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const text = `[{"id":1},{"config":${deep}}, 3]`;
    expect(() => JSON.stringify(JSON.parse(text))).toThrow(RangeError);
    expect(splitJsonArray(text)).toEqual(['{"id":1}', `{"config":${deep}}`, '3']);
  });

  it('each element parses to the element JSON.parse gave, for a batch of requests', () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
      {
        jsonrpc: '2.0',
        id: 'two, "quoted" ]',
        method: 'debug_traceCall',
        params: [{ to: '0x01' }, 'latest'],
      },
      42,
      [{ nested: ['batch'] }],
      {
        jsonrpc: '2.0',
        method: 'debug_traceTransaction',
        params: ['0x00', { tracer: '{a: "}", b: [1, 2]}' }],
      },
    ];
    const text = JSON.stringify(batch, null, 2);
    expect(splitJsonArray(text)!.map((t) => JSON.parse(t))).toEqual(batch);
  });
});
