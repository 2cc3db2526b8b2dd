import { describe, expect, it } from 'vitest';
import { type ParsedBody, parseRpcBody } from '../../../src/core/rpc/protocol/parseRpcBody.ts';

/** The engine's own JSON.parse message for a text (V8 words it; the parser quotes it). */
function engine(text: string): string {
  try {
    JSON.parse(text);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`valid JSON: ${text}`);
}

const how = 'malformed body (as Erigon streams it) with an error object';

describe('parseRpcBody', () => {
  const cases: [string, string, ParsedBody][] = [
    ['valid JSON', '{"id":1,"result":"0x1"}', { kind: 'json', value: { id: 1, result: '0x1' } }],
    [
      'an Erigon body: braces, brackets and escaped quotes inside strings, nested objects, spaces around colons',
      '{"jsonrpc":"2.0","id"  :  17,"result":nullnull,"error" : {"code":-32000,"message":"a \\"quoted\\" } ] brace {","data":{"x":[1,{"y":2}]}},"more":1}',
      {
        kind: 'recovered',
        value: {
          id: 17,
          error: { code: -32000, message: 'a "quoted" } ] brace {', data: { x: [1, { y: 2 }] } },
        },
        how,
      },
    ],
    [
      'a string id with an escaped quote',
      '{"id":"ab\\"c","result":null null,"error":{"code":1,"message":"m"}}',
      { kind: 'recovered', value: { id: 'ab"c', error: { code: 1, message: 'm' } }, how },
    ],
    [
      'an escaped quote just before a brace inside a string',
      '{"id":1,"result":nullnull,"error":{"code":1,"message":"say \\" }"}}',
      { kind: 'recovered', value: { id: 1, error: { code: 1, message: 'say " }' } }, how },
    ],
    [
      'a negative id',
      '{"id":-7,"result":nullnull,"error":{"code":1,"message":"m"}}',
      { kind: 'recovered', value: { id: -7, error: { code: 1, message: 'm' } }, how },
    ],
    [
      'no id',
      '{"result":nullnull,"error":{"code":1,"message":"m"}}',
      { kind: 'recovered', value: { id: null, error: { code: 1, message: 'm' } }, how },
    ],
    ['an empty body', '', { kind: 'invalid', reason: 'The response body is empty' }],
    ['a body of whitespace', '  \n', { kind: 'invalid', reason: 'The response body is empty' }],
    [
      'a body cut inside a string',
      '{"jsonrpc":"2.0","id":1,"result":"0x12',
      { kind: 'invalid', reason: 'The response JSON ends early after 38 characters (truncated)' },
    ],
    [
      'a body cut inside a string, with a brace further on',
      '{"a":"}x',
      { kind: 'invalid', reason: 'The response JSON ends early after 8 characters (truncated)' },
    ],
    [
      'a body cut inside a string, with a bracket further on',
      '["]x',
      { kind: 'invalid', reason: 'The response JSON ends early after 4 characters (truncated)' },
    ],
    // A text that ends with its closing brace or bracket (then spaces) is not cut short, whatever the engine says.
    [
      'ending with a brace and spaces',
      '{"a":"}  ',
      { kind: 'invalid', reason: `The response is not valid JSON (${engine('{"a":"}  ')})` },
    ],
    [
      'ending with a bracket and spaces',
      '["]  ',
      { kind: 'invalid', reason: `The response is not valid JSON (${engine('["]  ')})` },
    ],
    [
      'plain text',
      'hello',
      { kind: 'invalid', reason: `The response is not valid JSON (${engine('hello')})` },
    ],
    [
      'an error object that never closes is not recovered',
      '{"id":1,"result":nullnull,"error":{"code":1',
      {
        kind: 'invalid',
        reason: `The response is not valid JSON (${engine('{"id":1,"result":nullnull,"error":{"code":1')})`,
      },
    ],
    [
      'an error object that closes but is not JSON is not recovered',
      '{"id":1,"result":nullnull,"error":{code:1}}',
      {
        kind: 'invalid',
        reason: `The response is not valid JSON (${engine('{"id":1,"result":nullnull,"error":{code:1}}')})`,
      },
    ],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    expect(parseRpcBody(text)).toStrictEqual(expected);
  });
});
