import { describe, expect, it } from 'vitest';
import { parseGoDuration, validateTimeout } from '../../../src/core/rpc/protocol/parseGoDuration.ts';

// Cases and expectations from Go's time package tests (parseDurationTests / parseDurationErrorTests).
const s = 1_000_000_000n;
const valid: [string, bigint][] = [
  ['0', 0n],
  ['5s', 5n * s],
  ['30s', 30n * s],
  ['1478s', 1478n * s],
  ['-5s', -5n * s],
  ['+5s', 5n * s],
  ['-0', 0n],
  ['+0', 0n],
  ['5.0s', 5n * s],
  ['5.6s', 5n * s + 600_000_000n],
  ['5.s', 5n * s],
  ['.5s', 500_000_000n],
  ['1.004s', s + 4_000_000n],
  ['100.00100s', 100n * s + 1_000_000n],
  ['10ns', 10n],
  ['11us', 11_000n],
  ['12µs', 12_000n],
  ['12μs', 12_000n],
  ['13ms', 13_000_000n],
  ['15m', 15n * 60n * s],
  ['16h', 16n * 3600n * s],
  ['3h30m', (3n * 3600n + 30n * 60n) * s],
  ['10.5s4m', 4n * 60n * s + 10n * s + 500_000_000n],
  ['-2m3.4s', -(2n * 60n * s + 3n * s + 400_000_000n)],
  ['1h2m3s4ms5us6ns', 3600n * s + 2n * 60n * s + 3n * s + 4_000_000n + 5_000n + 6n],
  ['39h9m14.425s', (39n * 3600n + 9n * 60n + 14n) * s + 425_000_000n],
  ['52763797000ns', 52_763_797_000n],
  ['0.3333333333333333333h', 20n * 60n * s],
  ['9007199254740993ns', 9_007_199_254_740_993n],
  ['9223372036854775807ns', 9_223_372_036_854_775_807n],
  ['9223372036854775.807us', 9_223_372_036_854_775_807n],
  ['9223372036s854ms775us807ns', 9_223_372_036_854_775_807n],
  ['-9223372036854775808ns', -9_223_372_036_854_775_808n],
  ['-9223372036854775.808us', -9_223_372_036_854_775_808n],
  ['-2562047h47m16.854775808s', -9_223_372_036_854_775_808n],
  ['0.100000000000000000000h', 6n * 60n * s],
  ['0.830103483285477580700h', (49n * 60n + 48n) * s + 372_539_827n],
  ['1.5h', 90n * 60n * s],
  ['1m30s', 90n * s],
  ['500ms', 500_000_000n],
  // A number may start with its dot after a unit, and 0 and 9 are digits, not unit letters.
  ['1m.5s', 60n * s + 500_000_000n],
  ['1h0m', 3600n * s],
  ['1s9ms', s + 9_000_000n],
  ['9.99s', 9n * s + 990_000_000n],
  ['0.9s', 900_000_000n],
  ['00000000000000000000001s', s],
  // Go keeps the fraction digits while the value stays at most 1<<63 (19 here) and multiplies in float64:
  // 3123888003716666595 * (3.6e12 / 1e19) truncates to 1124599681337 (all 23 digits would round up to ...338).
  ['0.31238880037166665955095h', 1_124_599_681_337n],
];

const invalid: [string, string][] = [
  ['', 'time: invalid duration ""'],
  ['3', 'time: missing unit in duration "3"'],
  ['-', 'time: invalid duration "-"'],
  ['s', 'time: invalid duration "s"'],
  ['.', 'time: invalid duration "."'],
  ['-.', 'time: invalid duration "-."'],
  ['.s', 'time: invalid duration ".s"'],
  ['+.s', 'time: invalid duration "+.s"'],
  ['1d', 'time: unknown unit "d" in duration "1d"'],
  ['1 s', 'time: unknown unit " s" in duration "1 s"'],
  ['9223372036854775808ns', 'time: invalid duration "9223372036854775808ns"'],
  ['9223372036854775.808us', 'time: invalid duration "9223372036854775.808us"'],
  ['-9223372036854775809ns', 'time: invalid duration "-9223372036854775809ns"'],
  ['2562047h47m16.854775808s', 'time: invalid duration "2562047h47m16.854775808s"'],
  ['10S', 'time: unknown unit "S" in duration "10S"'],
  ['+', 'time: invalid duration "+"'],
  ['x', 'time: invalid duration "x"'],
  ['-x5s', 'time: invalid duration "-x5s"'],
  // the unit runs up to the next digit or dot, so a sign after a unit belongs to it
  ['1s-5s', 'time: unknown unit "s-" in duration "1s-5s"'],
  ['1.5.5s', 'time: missing unit in duration "1.5.5s"'],
  ['99999999999999999999s', 'time: invalid duration "99999999999999999999s"'],
  ['922337203685477581s', 'time: invalid duration "922337203685477581s"'],
  ['1h9223372036854775807ns', 'time: invalid duration "1h9223372036854775807ns"'],
  [
    '5000000000000000000ns5000000000000000000ns',
    'time: invalid duration "5000000000000000000ns5000000000000000000ns"',
  ],
  ['-9223372036854775807ns2ns', 'time: invalid duration "-9223372036854775807ns2ns"'],
  ['9223372036854775807ns.5us', 'time: invalid duration "9223372036854775807ns.5us"'],
  // Where this parser and the embedded node's disagreed before they became one (evm/host/parseTimeout.ts's were
  // Go's): Go's quote writes the UTF-8 bytes of non-ASCII and control characters as \xNN and escapes " and \ ...
  ['1\u00b5', 'time: unknown unit "\\xc2\\xb5" in duration "1\\xc2\\xb5"'],
  ['5秒', 'time: unknown unit "\\xe7\\xa7\\x92" in duration "5\\xe7\\xa7\\x92"'],
  ['1\u007f', 'time: unknown unit "\u007f" in duration "1\u007f"'],
  ['a"\\\n', 'time: invalid duration "a\\"\\\\\\x0a"'],
  // ... and leadingInt's overflow (more than 1<<63) is found before the unit is read; exactly 1<<63 reaches it.
  ['9223372036854775809x', 'time: invalid duration "9223372036854775809x"'],
  ['9223372036854775808x', 'time: unknown unit "x" in duration "9223372036854775808x"'],
];

describe('parseGoDuration', () => {
  it.each(valid)('%s', (text, ns) => expect(parseGoDuration(text)).toEqual({ ok: true, value: ns }));
  it.each(invalid)('rejects %j', (text, message) =>
    expect(parseGoDuration(text)).toEqual({ ok: false, message }),
  );
});

describe('validateTimeout', () => {
  it.each(['10s', '0', '1m30s', '500ms'])('accepts %s', (t) =>
    expect(validateTimeout(t)).toEqual({ ok: true, value: t }),
  );
  it.each([
    ['10', 'timeout: time: missing unit in duration "10" (a bare number needs a unit, e.g. "10s")'],
    [10, 'timeout must be a Go duration string such as "10s", not a number (try "10s")'],
    ['10 s', 'timeout: time: unknown unit " s" in duration "10 s" (no spaces allowed, e.g. "1m30s")'],
    [
      '1d',
      'timeout: time: unknown unit "d" in duration "1d" (use a Go duration such as "500ms", "10s", "1m30s" or "1.5h")',
    ],
    [null, 'timeout must be a Go duration string such as "10s" or "1m30s"'],
    ['-10', 'timeout: time: missing unit in duration "-10" (a bare number needs a unit, e.g. "-10s")'],
    ['+1.5', 'timeout: time: missing unit in duration "+1.5" (a bare number needs a unit, e.g. "+1.5s")'],
    [
      'x10',
      'timeout: time: invalid duration "x10" (use a Go duration such as "500ms", "10s", "1m30s" or "1.5h")',
    ],
  ])('rejects %j', (t, message) => expect(validateTimeout(t)).toEqual({ ok: false, message }));
});
