import { describe, expect, it } from 'vitest';
import { parseGoDuration, validateTimeout } from '../../../src/core/rpc/parseGoDuration.ts';

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
  ])('rejects %j', (t, message) => expect(validateTimeout(t)).toEqual({ ok: false, message }));
});
