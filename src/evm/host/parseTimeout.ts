import { parseGoDuration } from '../../core/rpc/protocol/parseGoDuration.ts';
import { TracerError } from './traceTypes.ts';

/**
 * The trace `timeout` option in milliseconds (fractional), as geth reads it: Go's `time.ParseDuration`
 * (`parseGoDuration`, the one parser), default `"5s"`. Throws a TracerError with Go's text (`time: invalid duration
 * "x"`, `time: missing unit in duration "x"`, `time: unknown unit "u" in duration "x"`), or with encoding/json's when
 * the option is not a string.
 */
export function parseTimeoutMs(text: string | undefined): number {
  if (text === undefined) return 5000;
  if (typeof text !== 'string')
    throw new TracerError('json: cannot unmarshal non-string into Go value of type string');
  const parsed = parseGoDuration(text);
  if (!parsed.ok) throw new TracerError(parsed.message);
  return Number(parsed.value) / 1e6;
}
