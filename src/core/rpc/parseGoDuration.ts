import { type Checked, fail, pass } from './checked.ts';

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

/** Go's `strconv.Quote` for the plain strings seen here (enough for error messages). */
function quote(s: string): string {
  return JSON.stringify(s);
}

/** Reads `[0-9]*`; returns undefined on uint64 overflow past 1<<63, like Go's leadingInt. */
function leadingInt(s: string): { x: bigint; rest: string } | undefined {
  let i = 0;
  let x = 0n;
  for (; i < s.length && s[i] >= '0' && s[i] <= '9'; i++) {
    if (x > limit / 10n) return undefined;
    x = x * 10n + BigInt(s.charCodeAt(i) - 48);
    if (x > limit) return undefined;
  }
  return { x, rest: s.slice(i) };
}

/** Reads the digits after a dot; stops accumulating (but keeps consuming) on overflow, like Go's leadingFraction. */
function leadingFraction(s: string): { f: bigint; scale: number; rest: string } {
  let i = 0;
  let f = 0n;
  let scale = 1;
  let overflow = false;
  for (; i < s.length && s[i] >= '0' && s[i] <= '9'; i++) {
    if (overflow) continue;
    if (f > (limit - 1n) / 10n) {
      overflow = true;
      continue;
    }
    const y = f * 10n + BigInt(s.charCodeAt(i) - 48);
    if (y > limit) {
      overflow = true;
      continue;
    }
    f = y;
    scale *= 10;
  }
  return { f, scale, rest: s.slice(i) };
}

/**
 * Parses a duration exactly as Go's `time.ParseDuration` does (what geth applies to the `timeout` tracing option):
 * an optionally signed sequence of decimal numbers, each with an optional fraction and a unit
 * (`ns`, `us`/`µs`, `ms`, `s`, `m`, `h`), e.g. `500ms`, `1m30s`, `1.5h`, `-2s`; a bare `0` is zero.
 * Returns nanoseconds; messages start with Go's own text.
 */
export function parseGoDuration(text: string): Checked<bigint> {
  const invalid = fail<bigint>(`time: invalid duration ${quote(text)}`);
  let s = text;
  let neg = false;
  if (s !== '' && (s[0] === '-' || s[0] === '+')) {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return pass(0n);
  if (s === '') return invalid;
  let d = 0n;
  while (s !== '') {
    if (!(s[0] === '.' || (s[0] >= '0' && s[0] <= '9'))) return invalid;
    const int = leadingInt(s);
    if (!int) return invalid;
    const pre = int.rest.length !== s.length;
    s = int.rest;
    let frac = { f: 0n, scale: 1, rest: s };
    let post = false;
    if (s !== '' && s[0] === '.') {
      frac = leadingFraction(s.slice(1));
      post = frac.rest.length !== s.length - 1;
      s = frac.rest;
    }
    if (!pre && !post) return invalid;
    let i = 0;
    while (i < s.length && s[i] !== '.' && !(s[i] >= '0' && s[i] <= '9')) i++;
    if (i === 0) return fail(`time: missing unit in duration ${quote(text)}`);
    const u = s.slice(0, i);
    s = s.slice(i);
    const unit = units[u];
    if (unit === undefined) return fail(`time: unknown unit ${quote(u)} in duration ${quote(text)}`);
    if (int.x > limit / unit) return invalid;
    let v = int.x * unit;
    if (frac.f > 0n) {
      // Go computes this part in float64; truncation matches uint64(float64(f) * (float64(unit) / scale)).
      v += BigInt(Math.trunc(Number(frac.f) * (Number(unit) / frac.scale)));
      if (v > limit) return invalid;
    }
    d += v;
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
