/** A JSON-RPC body as parsed, possibly after repairing a known malformed shape. */
export type ParsedBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'recovered'; value: { id: unknown; error: unknown }; how: string }
  | { kind: 'invalid'; reason: string };

/** Returns the end offset (exclusive) of the balanced JSON object starting at `start`, respecting strings. */
function objectEnd(text: string, start: number): number | undefined {
  let depth = 0;
  let inString = false;
  // Stryker disable next-line EqualityOperator: text[text.length] is undefined, which no branch below matches
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return undefined;
}

/**
 * Recovers the `error` object and `id` of a malformed body such as Erigon's streamed
 * `{"jsonrpc":"2.0","id":1,"result":nullnull,"error":{…}}` (erigon#7006, #7194).
 */
function recoverError(text: string): { id: unknown; error: unknown } | undefined {
  const m = /"error"\s*:\s*\{/.exec(text);
  if (!m) return undefined;
  const start = m.index + m[0].length - 1;
  // An unbalanced object (no end) is sliced to the end of the text, which JSON.parse then rejects.
  const end = objectEnd(text, start);
  let error: unknown;
  try {
    error = JSON.parse(text.slice(start, end));
  } catch {
    return undefined;
  }
  const idMatch = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*"|null)/.exec(text);
  return { id: idMatch ? JSON.parse(idMatch[1]) : null, error };
}

/** Describes where a JSON text stops being valid, for the invalid-json message. */
function describeJsonError(text: string, e: unknown): string {
  const msg = (e as Error).message;
  if (text.trim() === '') return 'The response body is empty';
  if (/end of JSON input|unterminated|end of data|unexpected end/i.test(msg) && !/\}\s*$|\]\s*$/.test(text)) {
    return `The response JSON ends early after ${text.length} characters (truncated)`;
  }
  return `The response is not valid JSON (${msg})`;
}

/** Parses a response body, repairing Erigon's known malformed shapes. */
export function parseRpcBody(text: string): ParsedBody {
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch (e) {
    const recovered = recoverError(text);
    if (recovered)
      return {
        kind: 'recovered',
        value: recovered,
        how: 'malformed body (as Erigon streams it) with an error object',
      };
    return { kind: 'invalid', reason: describeJsonError(text, e) };
  }
}
