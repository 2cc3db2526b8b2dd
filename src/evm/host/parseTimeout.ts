import { TracerError } from './traceTypes.ts';

const unitMs: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * Go's `time.ParseDuration` for the trace `timeout` option, in milliseconds (fractional). Default `"5s"`.
 * Errors: `time: invalid duration "x"`, `time: missing unit in duration "x"` (Go's texts).
 */
export function parseTimeoutMs(text: string | undefined): number {
  if (text === undefined) return 5000;
  if (typeof text !== 'string')
    throw new TracerError('json: cannot unmarshal non-string into Go value of type string');
  const quoted = JSON.stringify(text);
  let s = text;
  let sign = 1;
  if (s[0] === '-' || s[0] === '+') {
    sign = s[0] === '-' ? -1 : 1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') throw new TracerError(`time: invalid duration ${quoted}`);
  let total = 0;
  const part = /^(\d*)(?:\.(\d*))?([a-zµμ]*)/;
  while (s !== '') {
    const m = part.exec(s);
    if (!m || (m[1] === '' && (m[2] === undefined || m[2] === '')))
      throw new TracerError(`time: invalid duration ${quoted}`);
    if (m[3] === '') throw new TracerError(`time: missing unit in duration ${quoted}`);
    const unit = unitMs[m[3]];
    if (unit === undefined)
      throw new TracerError(`time: unknown unit ${JSON.stringify(m[3])} in duration ${quoted}`);
    total += Number(`${m[1] || '0'}.${m[2] ?? ''}0`) * unit;
    s = s.slice(m[0].length);
  }
  return sign * total;
}
