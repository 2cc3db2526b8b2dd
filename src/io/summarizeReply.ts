/** A per-transaction error inside a block trace. */
export interface TxError {
  txHash: string;
  error: string;
}

/** What the result viewer needs from a reply: small values whole, large ones as a preview. */
export type ReplySummary =
  | { kind: 'result'; value?: unknown; preview?: string; large: boolean; txErrors: TxError[] }
  | { kind: 'rpc-error'; code: number | null; message: string; data?: unknown }
  | { kind: 'not-json'; preview: string };

/** Replies above this many characters are shown as a preview (the whole text stays downloadable). */
export const largeReplyChars = 2_000_000;
const previewChars = 200_000;

/** Block traces list `{txHash, result}` or `{txHash, error}` per transaction; collects the errors. */
export function collectTxErrors(result: unknown): TxError[] {
  if (!Array.isArray(result)) return [];
  const out: TxError[] = [];
  result.forEach((entry, i) => {
    if (entry && typeof entry === 'object' && 'error' in entry) {
      const e = entry as { txHash?: unknown; error?: unknown };
      out.push({
        txHash: typeof e.txHash === 'string' ? e.txHash : `transaction #${i}`,
        error: typeof e.error === 'string' ? e.error : JSON.stringify(e.error),
      });
    }
  });
  return out;
}

/** Parses a JSON-RPC reply text and says what it holds (runs in a worker for large replies). */
export function summarizeReply(text: string): ReplySummary {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { kind: 'not-json', preview: text.slice(0, 2000) };
  }
  const reply = data as {
    result?: unknown;
    error?: { code?: unknown; message?: unknown; data?: unknown } | null;
  };
  if (!reply || typeof reply !== 'object' || (!('result' in reply) && !reply.error))
    return { kind: 'not-json', preview: text.slice(0, 2000) };
  if (reply.error) {
    const e = reply.error;
    return {
      kind: 'rpc-error',
      code: typeof e.code === 'number' ? e.code : null,
      message: typeof e.message === 'string' ? e.message : JSON.stringify(e),
      data: e.data,
    };
  }
  const txErrors = collectTxErrors(reply.result);
  if (text.length <= largeReplyChars) return { kind: 'result', value: reply.result, large: false, txErrors };
  const pretty = JSON.stringify(reply.result, null, 2) ?? 'null';
  return {
    kind: 'result',
    large: true,
    preview:
      pretty.length > previewChars
        ? pretty.slice(0, previewChars) + '\n… (preview cut: download the whole result)'
        : pretty,
    txErrors,
  };
}

/** A plain-words reading of a JSON-RPC error with a hint about what to do. */
export function explainRpcError(
  code: number | null,
  message: string,
  method: string,
): { title: string; hint?: string } {
  const m = message.toLowerCase();
  if (code === -32601 || /does not exist|not available|method not found/.test(m))
    return {
      title: `The node does not offer ${method}`,
      hint: 'The debug namespace may be disabled (geth: --http.api debug) or the client does not support it.',
    };
  if (/only supports the default tracer|js tracer is not enabled/.test(m))
    return {
      title: 'The node does not run JavaScript tracers',
      hint: 'Use a geth-based node (or the embedded node).',
    };
  if (/execution timeout/.test(m))
    return {
      title: 'The tracer ran out of time on the node',
      hint: 'Raise the timeout option (e.g. 30s) or trace less.',
    };
  if (/syntaxerror|referenceerror|typeerror|<eval>|line \d+:\d+/i.test(message))
    return {
      title: 'The tracer failed on the node',
      hint: 'The position was mapped to your source where possible.',
    };
  if (/transaction not found|not found/.test(m))
    return { title: 'Not found on this node', hint: 'Check the hash and the network.' };
  if (/required historical state unavailable|missing trie node/.test(m))
    return {
      title: 'The node has no state for that block',
      hint: 'An archive node is needed for old blocks.',
    };
  return { title: code === null ? 'Error' : `Error ${code}` };
}
