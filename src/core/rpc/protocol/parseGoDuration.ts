import { type Checked, fail, pass } from '../methods/checked.ts';

// Nanoseconds per unit, as in Go's time package (both micro signs are accepted there).
const units: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  μs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const limit = 1n << 63n;

/** Go's `quote` (time/format.go): `"` and `\` escaped, the UTF-8 bytes of non-ASCII and control characters as `\xNN`. */
function quote(s: string): string {
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

/** How many ASCII digits `s` starts with (Go's leadingInt and leadingFraction consume `[0-9]*`). */
function digitCount(s: string): number {
  let i = 0;
  while (s[i] >= '0' && s[i] <= '9') i++;
  return i;
}

/**
 * The digits after a dot as Go's leadingFraction reads them: each digit is taken while the value stays at most
 * 1<<63; the digits after the first one that would pass it are consumed but dropped (`scale` = 10^digits taken).
 */
function leadingFraction(digits: string): { f: bigint; scale: number } {
  let f = 0n;
  let scale = 1;
  for (const c of digits) {
    const y = f * 10n + BigInt(c);
    // Stryker disable next-line EqualityOperator: y === 1<<63 only for the digits 922337203685477580 then 8 (after any zeros); keeping or dropping that 8 gives the same float64 product for all six units (checked with 0 to 39 leading zeros)
    if (y > limit) break;
    f = y;
    scale *= 10;
  }
  return { f, scale };
}

/**
 * Parses a duration exactly as Go's `time.ParseDuration` does (what geth applies to the `timeout` tracing option):
 * an optionally signed sequence of decimal numbers, each with an optional fraction and a unit
 * (`ns`, `us`/`µs`, `ms`, `s`, `m`, `h`), e.g. `500ms`, `1m30s`, `1.5h`, `-2s`; a bare `0` is zero.
 * Returns nanoseconds; messages are Go's own texts (`time: invalid duration "x"`, also for a duration beyond int64
 * nanoseconds; `time: missing unit in duration "x"`; `time: unknown unit "u" in duration "x"`), quoted as Go's
 * `quote` does. The only parser of Go durations in src/ (the embedded node's `parseTimeoutMs` uses it).
 *
 * Go checks uint64 overflow at each step (leadingInt, `v > 1<<63/unit`, the fraction, the sum); a bigint does not
 * wrap, and every part is at least 0, so checking the running sum against 1<<63 rejects exactly the same texts.
 */
export function parseGoDuration(text: string): Checked<bigint> {
  const invalid = fail<bigint>(`time: invalid duration ${quote(text)}`);
  let s = text;
  let neg = false;
  if (s[0] === '-' || s[0] === '+') {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return pass(0n);
  if (s === '') return invalid;
  let d = 0n;
  while (s !== '') {
    // [0-9]*(\.[0-9]*)? with at least one digit (Go's "next character must be [0-9.]" is implied by that).
    const pre = digitCount(s);
    const x = BigInt(s.slice(0, pre));
    // leadingInt: more than 1<<63 is an overflow, found before the unit is read.
    if (x > limit) return invalid;
    s = s.slice(pre);
    let frac = { f: 0n, scale: 1 };
    let post = 0;
    if (s[0] === '.') {
      post = digitCount(s.slice(1));
      frac = leadingFraction(s.slice(1, 1 + post));
      s = s.slice(1 + post);
    }
    if (pre === 0 && post === 0) return invalid;
    let i = 0;
    while (i < s.length && s[i] !== '.' && !(s[i] >= '0' && s[i] <= '9')) i++;
    if (i === 0) return fail(`time: missing unit in duration ${quote(text)}`);
    const u = s.slice(0, i);
    s = s.slice(i);
    const unit = units[u];
    if (unit === undefined) return fail(`time: unknown unit ${quote(u)} in duration ${quote(text)}`);
    // Go computes the fraction in float64; truncation matches uint64(float64(f) * (float64(unit) / scale)).
    d += x * unit + BigInt(Math.trunc(Number(frac.f) * (Number(unit) / frac.scale)));
    if (d > limit) return invalid;
  }
  if (neg) return pass(-d);
  if (d > limit - 1n) return invalid;
  return pass(d);
}

/**
 * Validates the `timeout` tracing option: a Go duration string (see {@link parseGoDuration}).
 * Adds a hint for the common mistakes (a bare number, a space, a JSON number).
 */
export function validateTimeout(value: unknown): Checked<string> {
  if (typeof value === 'number') {
    return fail(`timeout must be a Go duration string such as "10s", not a number (try "${value}s")`);
  }
  if (typeof value !== 'string') return fail('timeout must be a Go duration string such as "10s" or "1m30s"');
  const parsed = parseGoDuration(value);
  if (parsed.ok) return pass(value);
  let hint = ' (use a Go duration such as "500ms", "10s", "1m30s" or "1.5h")';
  if (/^[+-]?[0-9.]+$/.test(value)) hint = ` (a bare number needs a unit, e.g. "${value}s")`;
  else if (/\s/.test(value)) hint = ' (no spaces allowed, e.g. "1m30s")';
  return fail(`timeout: ${parsed.message}${hint}`);
}
