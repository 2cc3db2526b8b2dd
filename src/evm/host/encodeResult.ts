import { TracerError } from './traceTypes.ts';

/*
 * How geth encodes the value returned by result() (reference §7) and what this host does:
 *
 * | case                                        | geth (goja + encoding/json)             | here                          |
 * |---------------------------------------------|-----------------------------------------|-------------------------------|
 * | object / array / Uint8Array / bigInt        | JSON.stringify rules, Uint8Array→{"0":…},| same (V8's JSON.stringify     |
 * |                                             | bigInt→decimal string via toJSON         | gives exactly these)          |
 * | top-level null / undefined                  | {}                                      | copied: {}                    |
 * | top-level NaN / ±Infinity                   | error `json: unsupported value: NaN`     | copied (same text, +Inf/-Inf) |
 * | top-level number / boolean / ASCII string   | as is                                   | same                          |
 * | top-level non-ASCII JS string               | array of UTF-16 code units, 65279 first | NOT copied: a JSON string     |
 * | top-level Go-made string >16 bytes/non-ASCII| {} (goja importedString)                | NOT copied: a JSON string     |
 * |                                             |                                         | (V8 strings carry no origin)  |
 * | HTML characters < > & U+2028 U+2029          | escaped as \u003c …                     | n/a: the value is returned,   |
 * |                                             |                                         | escapes do not change it      |
 * | a function / symbol at top level            | (not verified)                          | {}                            |
 * | JSON.stringify throws (cycle, toJSON error) | json: error calling MarshalJSON …       | same prefix + the JS error    |
 *
 * The two string quirks are goja accidents that make results worse, depend on where a string came from, and cannot
 * be reproduced faithfully in V8, so results keep plain strings; the docs list them as a difference.
 */

/** Encodes the value returned by result() as geth would, returning a plain JSON value. */
export function encodeResult(value: unknown): unknown {
  if (value === null || value === undefined) return {};
  switch (typeof value) {
    case 'number':
      if (Number.isNaN(value)) throw new TracerError('json: unsupported value: NaN');
      if (!Number.isFinite(value))
        throw new TracerError(`json: unsupported value: ${value > 0 ? '+Inf' : '-Inf'}`);
      return value;
    case 'boolean':
    case 'string':
      return value;
    case 'bigint':
      return value.toString();
    case 'symbol':
    case 'function':
      return {};
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    throw new TracerError(`json: error calling MarshalJSON for type *goja.Object: ${String(e)}`);
  }
  return text === undefined ? {} : JSON.parse(text);
}
