import { describe, expect, it } from 'vitest';
import { parseTimeoutMs } from '../../../src/evm/host/parseTimeout.ts';
import { TracerError } from '../../../src/evm/host/traceTypes.ts';

// Expected values are Go's time.ParseDuration (time/format.go) in milliseconds: an optional sign, then
// [0-9]*(\.[0-9]*)?<unit> repeated, the unit being everything up to the next [0-9.]; int64 nanoseconds; a
// fraction is applied as uint64(float64(f) * (float64(unit) / scale)) with at most 1<<63 as f.
describe('parseTimeoutMs: accepted durations (Go time.ParseDuration)', () => {
  it.each([
    ['5s', 5000],
    ['+1s', 1000],
    ['-1.5m', -90_000],
    ['0', 0],
    ['+0', 0],
    ['-0', 0],
    ['0s', 0],
    ['.5s', 500],
    ['1.s', 1000],
    ['1ns', 0.000001],
    ['10us', 0.01],
    ['10\u00b5s', 0.01], // micro sign
    ['10\u03bcs', 0.01], // Greek mu
    ['2h45m30.5s', 9_930_500],
    // the fraction's nanoseconds are truncated: 0.1 ns → 0
    ['1.0000000001s', 1000],
    // f stops before it passes 1<<63 (19 digits here), then float64 rounds 0.99…9 s up to 1 s
    ['0.99999999999999999999s', 1000],
    ['0.9999999999999999999999m', 59_999.999999],
    // int64 nanoseconds: 2562047h is the largest whole number of hours, -1<<63 ns is valid
    ['2562047h', 9_223_369_200_000],
    ['-9223372036854775808ns', -(2 ** 63) / 1e6],
    // int64's largest, 1<<63 - 1 ns (a float64 rounds it to 2 ** 63)
    ['9223372036854775807ns', 2 ** 63 / 1e6],
  ])('%s → %s ms', (text, ms) => {
    expect(parseTimeoutMs(text)).toBe(ms);
  });

  it('defaults to 5s', () => {
    expect(parseTimeoutMs(undefined)).toBe(5000);
  });
});

describe('parseTimeoutMs: Go’s errors', () => {
  it.each([
    ['', 'time: invalid duration ""'],
    ['-', 'time: invalid duration "-"'],
    ['+', 'time: invalid duration "+"'],
    ['.', 'time: invalid duration "."'],
    ['.s', 'time: invalid duration ".s"'],
    ['abc', 'time: invalid duration "abc"'],
    ['1s.', 'time: invalid duration "1s."'],
    ['5', 'time: missing unit in duration "5"'],
    ['00', 'time: missing unit in duration "00"'],
    ['1s2', 'time: missing unit in duration "1s2"'],
    ['3d', 'time: unknown unit "d" in duration "3d"'],
    ['1S', 'time: unknown unit "S" in duration "1S"'],
    ['1ms!', 'time: unknown unit "ms!" in duration "1ms!"'],
    ['1 s', 'time: unknown unit " s" in duration "1 s"'],
    ['1e3s', 'time: unknown unit "e" in duration "1e3s"'],
    ['1h-1m', 'time: unknown unit "h-" in duration "1h-1m"'],
    // Go's quote: non-ASCII and control characters as \x bytes of their UTF-8, " and \ escaped
    ['1\u00b5', 'time: unknown unit "\\xc2\\xb5" in duration "1\\xc2\\xb5"'],
    ['1\u0080', 'time: unknown unit "\\xc2\\x80" in duration "1\\xc2\\x80"'],
    ['1\u007f', 'time: unknown unit "\u007f" in duration "1\u007f"'], // DEL is below utf8.RuneSelf: kept
    ['a"\\\n', 'time: invalid duration "a\\"\\\\\\x0a"'],
    // beyond int64 nanoseconds
    ['2562048h', 'time: invalid duration "2562048h"'],
    ['9223372036854775808ns', 'time: invalid duration "9223372036854775808ns"'],
    ['-9223372036854775809ns', 'time: invalid duration "-9223372036854775809ns"'],
    ['2562047h2562047h1x', 'time: invalid duration "2562047h2562047h1x"'],
    // leadingInt overflows (more than 1<<63) before the unit is read; exactly 1<<63 reaches the unit
    ['9223372036854775809x', 'time: invalid duration "9223372036854775809x"'],
    ['9223372036854775808x', 'time: unknown unit "x" in duration "9223372036854775808x"'],
  ])('%j is rejected', (text, message) => {
    expect(() => parseTimeoutMs(text)).toThrow(new TracerError(message));
  });

  it('rejects a timeout that is not a string', () => {
    expect(() => parseTimeoutMs(5 as unknown as string)).toThrow(
      new TracerError('json: cannot unmarshal non-string into Go value of type string'),
    );
  });
});
