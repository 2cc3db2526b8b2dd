/**
 * Whether a successful reply is what the tracer sent with the request returns. A node that does not run the tracer
 * (ganache, for one) still answers a trace with its default opcode logger's struct logs: a valid JSON-RPC result,
 * but not the tracer's. Such a reply is never called "ok".
 */

/** What a reply is, next to what was asked: the History status and, when it is not plain "ok", the card's words. */
export type ReplyVerdict =
  | { status: 'ok' }
  | {
      /**
       * `tracer-ignored`: the node sent its default opcode trace although a tracer was sent (certain: that trace's
       * fields are not something a tracer returns by accident). `maybe-ignored`: the same shape, but the tracer's own
       * text names `structLogs`, so it might have built it.
       */
      status: 'tracer-ignored' | 'maybe-ignored';
      headline: string;
      sentence: string;
    };

/** The request and the reply a verdict is about. */
export interface ReplyToJudge {
  method: string;
  /** The params as sent (a trace's last one holds `tracer`). */
  params: readonly unknown[];
  /** The result, when the page holds it (small replies). */
  value?: unknown;
  /** The start of a large reply's raw text, when the page holds only that. */
  preview?: string;
}

// The opcode logger's answer: these fields and nothing else (geth and anvil send the first four; ganache 7 sends
// `{gas: '0x0', structLogs, returnValue, storage}`).
const structLogFields = new Set(['gas', 'failed', 'returnValue', 'structLogs', 'storage']);

/** Whether `value` is one transaction's default opcode-logger trace (`{gas, failed, returnValue, structLogs}`). */
export function isStructLogTrace(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    Array.isArray((value as { structLogs?: unknown }).structLogs) &&
    'gas' in value &&
    keys.every((k) => structLogFields.has(k))
  );
}

/** A block trace's items: `[{txHash?, result}]` (geth) or the traces themselves (some nodes); errors left out. */
function blockTraces(value: unknown[]): unknown[] {
  return value
    .map((item) => (item && typeof item === 'object' && 'result' in item ? item.result : item))
    .filter((item) => !(item && typeof item === 'object' && 'error' in item && !('gas' in item)));
}

// A large reply's text: `{"jsonrpc":"2.0","id":1,"result":{"gas":21000,"failed":false,"returnValue":"","structLogs":[`
// (any order of the envelope's and the trace's scalar fields), or the same inside a block trace's first item.
const structLogStart =
  /^\s*\{[^{[]*"result"\s*:\s*(?:\[\s*\{[^{[]*"result"\s*:\s*)?\{(?:\s*"(?:gas|failed|returnValue)"\s*:\s*(?:"[^"]*"|[\w.]+)\s*,)*\s*"structLogs"\s*:\s*\[/;

/** Whether the reply is the node's default trace: struct logs for one transaction, or for every one of a block. */
function isDefaultTrace(r: ReplyToJudge): boolean {
  if (r.value === undefined) return r.preview !== undefined && structLogStart.test(r.preview);
  if (Array.isArray(r.value)) {
    const traces = blockTraces(r.value);
    return traces.length > 0 && traces.every(isStructLogTrace);
  }
  return isStructLogTrace(r.value);
}

/** The `tracer` option sent with a trace request (JavaScript source or a built-in tracer's name), if any. */
export function sentTracer(method: string, params: readonly unknown[]): string | undefined {
  if (!method.startsWith('debug_trace')) return undefined;
  const last = params[params.length - 1];
  if (!last || typeof last !== 'object' || Array.isArray(last)) return undefined;
  const tracer = (last as { tracer?: unknown }).tracer;
  return typeof tracer === 'string' && tracer.trim() !== '' ? tracer : undefined;
}

/** Whether a tracer option is JavaScript source rather than the name of a built-in tracer (`callTracer`). */
function isJsTracer(tracer: string): boolean {
  return !/^\w+$/.test(tracer.trim());
}

/** The verdict on a successful reply to `r` (judge only replies the classifier called `ok`). */
export function judgeReply(r: ReplyToJudge): ReplyVerdict {
  const tracer = sentTracer(r.method, r.params);
  if (tracer === undefined || !isDefaultTrace(r)) return { status: 'ok' };
  const what = isJsTracer(tracer) ? 'your JavaScript tracer' : `the tracer "${tracer}"`;
  if (isJsTracer(tracer) && /structLogs/.test(tracer))
    return {
      status: 'maybe-ignored',
      headline: 'This may be the node’s default trace, not your tracer’s result',
      sentence:
        'The reply has the default opcode logger’s shape (gas, returnValue, structLogs). Your tracer names structLogs ' +
        'too, so it may have built this itself; if it did not, the node ignored the tracer.',
    };
  return {
    status: 'tracer-ignored',
    headline: 'Not your tracer’s result: the node ignored the tracer',
    sentence:
      `The node answered with its default opcode trace (gas, returnValue, structLogs) instead of running ${what}. ` +
      'Nodes such as ganache accept the tracer option and do not use it; use a node that runs JavaScript tracers ' +
      '(geth, anvil, the embedded node).',
  };
}

/** How History names a request's status (the status itself when it has no other words). */
export const statusLabels: Readonly<Record<string, string>> = {
  ok: 'ok',
  'tracer-ignored': 'tracer ignored',
  'maybe-ignored': 'default trace?',
  cancelled: 'cancelled',
};
