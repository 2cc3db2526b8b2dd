import { TracerError } from './traceTypes.ts';

/** Go's `unitMap` (time/format.go) in nanoseconds; µ is U+00B5 (micro sign), μ U+03BC (Greek mu). */
const unitNs: Record<string, bigint> = {
  ns: 1n,
  us: 1000n,
  µs: 1000n,
  μs: 1000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

/** 1<<63: Go's overflow bound for the uint64 accumulators of ParseDuration. */
const limit = 1n << 63n;

/**
 * Go's `time.ParseDuration` for the trace `timeout` option, in milliseconds (fractional). Default `"5s"`.
 * Errors carry Go's texts: `time: invalid duration "x"` (also for a duration beyond int64 nanoseconds),
 * `time: missing unit in duration "x"`, `time: unknown unit "u" in duration "x"`, quoted as Go's `quote` does.
 */
export function parseTimeoutMs(text: string | undefined): number {
  if (text === undefined) return 5000;
  if (typeof text !== 'string')
    throw new TracerError('json: cannot unmarshal non-string into Go value of type string');
  const invalid = () => new TracerError(`time: invalid duration ${goQuote(text)}`);
  let s = text;
  let neg = false;
  const c0 = s.charAt(0);
  if (c0 === '-' || c0 === '+') {
    neg = c0 === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') throw invalid();
  let d = 0n;
  while (s !== '') {
    // The next character must be [0-9.]; then [0-9]* (\.[0-9]*)? and a unit: everything up to the next [0-9.].
    // Every part is optional, so the match always starts at 0 (no ^ needed).
    const m = /(\d*)(?:\.(\d*))?([^0-9.]*)/.exec(s)!;
    const [all, int, frac = '', unitText] = m;
    // leadingInt: more than 1<<63 is an overflow, found before the unit is read.
    let v = BigInt(int); // BigInt('') is 0n
    if (v > limit) throw invalid();
    if (int === '' && frac === '') throw invalid();
    if (unitText === '') throw new TracerError(`time: missing unit in duration ${goQuote(text)}`);
    const unit = unitNs[unitText];
    if (unit === undefined)
      throw new TracerError(`time: unknown unit ${goQuote(unitText)} in duration ${goQuote(text)}`);
    v *= unit;
    // leadingFraction: digits past 1<<63 are dropped (Go's uint64 guard f > (1<<63-1)/10 implies this one with
    // big integers); f/scale is applied through float64 as Go does.
    let f = 0n;
    let scale = 1;
    for (const ch of frac) {
      const y = f * 10n + BigInt(ch);
      // Stryker disable next-line EqualityOperator: y equals 1<<63 only for the digits 9223372036854775808, and the float64 product below is then the same with or without the last digit (every unit, any leading zeros)
      if (y > limit) break;
      f = y;
      scale *= 10;
    }
    // Go checks v > 1<<63/unit before multiplying and v > 1<<63 after adding the fraction (uint64 overflows); with big
    // integers d >= v makes the check below give the same error in the same segment. A zero fraction adds 0.
    v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
    d += v;
    if (d > limit) throw invalid();
    s = s.slice(all.length);
  }
  if (!neg && d > limit - 1n) throw invalid();
  return Number(neg ? -d : d) / 1e6;
}

/** Go's `quote` (time/format.go): `"` and `\` escaped, bytes of non-ASCII and control characters as `\xNN`. */
function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x80 || cp < 0x20) {
      for (const b of new TextEncoder().encode(ch)) out += '\\x' + b.toString(16).padStart(2, '0');
    } else {
      out += ch === '"' || ch === '\\' ? '\\' + ch : ch;
    }
  }
  return out + '"';
}
