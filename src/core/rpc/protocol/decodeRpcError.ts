import {
  beforeTracerFunction,
  findNodeErrorLocation,
  findTracerFunction,
  namesTracerFunction,
  sentPosition,
} from '../../nodeErrors/findNodeErrorLocation.ts';

/** What kind of JSON-RPC error a node returned, as far as the code and text tell. */
export type RpcErrorCategory =
  | 'method-missing'
  | 'js-unsupported'
  | 'tracer-syntax'
  | 'tracer-shape'
  | 'tracer-runtime'
  | 'timeout'
  | 'tracing-failed'
  | 'rate-limit'
  | 'generic';

/** A 1-based line/column. */
export interface LineColumn {
  line: number;
  column: number;
}

/** A JSON-RPC error decoded into a category and a plain-words explanation. */
export interface DecodedRpcError {
  category: RpcErrorCategory;
  code: number | null;
  /** The node's own message text. */
  rpcMessage: string;
  data?: unknown;
  /** Explanation for the user, quoting the node's text. */
  message: string;
  /** For tracer errors: the tracer function that failed (`step`, `result`, …). */
  tracerFunction?: string;
  /** For runtime errors: the JavaScript error, e.g. `TypeError: Cannot read property 'x' of undefined`. */
  jsError?: string;
  /**
   * The position the node reported, in any form of `nodeErrorLocationForms` (every engine wraps the code in
   * parentheses, so line 1 is one column off).
   */
  reportedPosition?: LineColumn;
  /** The position in the tracer string as sent (line 1 column corrected for the wrapping parenthesis). */
  position?: LineColumn;
}

const jsUnsupported =
  /JS Tracer is not enabled|invalid tracer value|Invalid TracerType|unsupported tracer type|only supports the default tracer|non-default tracer not supported|tracer not found/i;
const methodMissing =
  /does not exist\/is not available|method not found|not whitelisted|not allowed|method not supported|unsupported method|is not enabled on this/i;

function withPosition(d: DecodedRpcError, text: string): DecodedRpcError {
  const found = findNodeErrorLocation(text);
  if (!found) return d;
  const reported = { line: found.line, column: found.column };
  // The position stays data: the page and the CLI name it in the user's source (see placeTracerError).
  return { ...d, reportedPosition: reported, position: sentPosition(reported) };
}

function quoteNode(code: number | null, text: string): string {
  return `${code ?? 'no code'} "${text.length > 300 ? text.slice(0, 300) + '…' : text}"`;
}

function categorize(
  code: number | null,
  text: string,
  method?: string,
): Pick<DecodedRpcError, 'category' | 'message'> {
  const said = quoteNode(code, text);
  const m = method ?? 'this method';
  if (/execution timeout/i.test(text)) {
    return {
      category: 'timeout',
      message: `The tracer ran out of time (${said}): pass a longer timeout such as "30s", trace less, or do less work per step`,
    };
  }
  if (/tracer exceeded its memory limit/i.test(text)) {
    return {
      category: 'tracer-runtime',
      message: `The tracer used more memory than the node allows (${said}): keep less in the tracer's own state (count or summarize instead of storing every step), or trace less`,
    };
  }
  // Before the method and support checks: a tracer's own thrown text ("Error: not allowed") is not the node's.
  if (namesTracerFunction(text)) {
    return { category: 'tracer-runtime', message: `The tracer threw an error while running (${said})` };
  }
  if (/not whitelisted|not allowed/i.test(text)) {
    return {
      category: 'method-missing',
      message: `The provider does not allow ${m} on this endpoint (${said})`,
    };
  }
  if (
    code === -32601 ||
    ((code === -32700 || code === null || code === -32000) && methodMissing.test(text))
  ) {
    return {
      category: 'method-missing',
      message: `The node does not offer ${m}: ${missingCause(method)} (${said})`,
    };
  }
  if (/tracer not found/i.test(text)) {
    return {
      category: 'js-unsupported',
      message: `The node reported "tracer not found" (${said}): JavaScript tracing is disabled there, or (older geth, Erigon) the tracer failed to compile; run the check on it to rule out a syntax error`,
    };
  }
  if (jsUnsupported.test(text))
    return {
      category: 'js-unsupported',
      message: `This node does not run custom JavaScript tracers (${said})`,
    };
  if (/SyntaxError/.test(text))
    return { category: 'tracer-syntax', message: `The node could not parse the tracer (${said})` };
  if (/must expose a function|either both or none of enter\(\) and exit\(\)/i.test(text)) {
    return { category: 'tracer-shape', message: `The tracer object lacks a required member (${said})` };
  }
  if (
    /^(TypeError|ReferenceError|RangeError|Error|GoError):|tracer accessed out of bound|tracer reached limit/.test(
      text,
    )
  ) {
    return { category: 'tracer-runtime', message: `The tracer threw an error while running (${said})` };
  }
  if (/^tracing failed: /i.test(text)) {
    return {
      category: 'tracing-failed',
      message: `The call itself failed before the tracer could finish (${said}); for debug_traceCall check fees (gasPrice 0x0 skips the base fee), gas and balance`,
    };
  }
  if (code === -32005 || /rate limit|too many requests|exceeded .*capacity|daily request count/i.test(text)) {
    return {
      category: 'rate-limit',
      message: `The provider is rate-limiting requests (${said}): wait and retry`,
    };
  }
  return { category: 'generic', message: `The node returned an error: ${said}` };
}

/** Decodes a JSON-RPC error object by code and message (see node-support-and-pitfalls §2 for the texts). */
export function decodeRpcError(error: unknown, method?: string): DecodedRpcError {
  const e = (error && typeof error === 'object' ? error : { message: String(error) }) as Record<
    string,
    unknown
  >;
  const code = typeof e.code === 'number' ? e.code : null;
  // A string or other non-object error was wrapped as { message } above, so only objects reach JSON.stringify.
  const rpcMessage = typeof e.message === 'string' ? e.message : JSON.stringify(error);
  const base: DecodedRpcError = { ...categorize(code, rpcMessage, method), code, rpcMessage };
  if (e.data !== undefined && e.data !== null) {
    base.data = e.data;
    base.message += `; data: ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}`;
  }
  // Only tracer-runtime and timeout texts name the function: categorize sends every text with it there.
  const fn = findTracerFunction(rpcMessage);
  // The JS error is the text before its first stack frame (" at step (<eval>:1:5)") or the function suffix.
  if (base.category === 'tracer-runtime')
    base.jsError = beforeTracerFunction(rpcMessage).split(' at ')[0].trim();
  if (fn) {
    base.tracerFunction = fn;
    base.message += ` in function '${fn}'`;
  }
  if (['tracer-runtime', 'tracer-syntax', 'timeout'].includes(base.category))
    return withPosition(base, rpcMessage);
  return base;
}

/** Why a method may be missing: only `debug_*` methods depend on the debug namespace being enabled. */
function missingCause(method: string | undefined): string {
  const ns = method?.includes('_') ? method.split('_')[0] : undefined;
  if (ns === 'debug') return 'the debug namespace is off or the method is not exposed';
  if (ns) return `the node does not implement it or does not expose the ${ns} namespace`;
  return 'the node does not implement it or does not expose it';
}
