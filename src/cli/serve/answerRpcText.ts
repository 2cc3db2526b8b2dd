import type { EmbeddedNode } from '../../evm/node/createEmbeddedNode.ts';
import { isTraceMethod } from '../../core/rpc/methods/methods.ts';
import { journalEntryFor } from './journalEntryFor.ts';
import { splitJsonArray } from './splitJsonArray.ts';
import type { TraceClient } from './TraceClient.ts';
import type { TraceRunner } from './TraceRunner.ts';

/** What {@link answerRpcText} answers with. */
export interface AnswerContext {
  /** The server's own node: answers everything but traces, and every malformed request. */
  node: Pick<EmbeddedNode, 'request'>;
  /** Where `debug_trace*` requests go; without one the node answers them on this thread. */
  traces?: TraceRunner;
  /** More items than this in a batch: one `batch too large` error (geth: 1000). */
  maxBatchItems: number;
  /** Once a batch's responses pass this many bytes, the items after get `response too large` (geth: 25 MB). */
  maxResponseBytes: number;
  /** Told about unexpected exceptions (which are answered as errors). */
  log?: (line: string) => void;
}

type Id = string | number | null;
const parseError = '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function idOf(item: unknown): Id {
  const id = isObject(item) ? item.id : null;
  return id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

function errorText(id: Id, code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } });
}

/** A client that never goes away, for callers that name none. */
const anyClient: TraceClient = { id: 'a client', signal: new AbortController().signal };

/**
 * Answers one request object (or anything that stands where one should): its response text, or undefined. `text`
 * gives the item's own JSON text (what a trace process is sent), read only when the item is a trace.
 */
async function answerItem(
  ctx: AnswerContext,
  item: unknown,
  text: () => string,
  client: TraceClient,
): Promise<string | undefined> {
  const notification = isObject(item) && !('id' in item);
  try {
    if (ctx.traces && isObject(item) && isTraceMethod(item.method))
      return await ctx.traces.trace({ body: item, text: text() }, client);
    // What changes the chain (a sent transaction, a dev control) is journaled for the trace processes even when
    // sent as a notification.
    const sendTx = ctx.traces !== undefined && isObject(item) && journalEntryFor(item) !== undefined;
    const asked = sendTx && notification ? { ...(item as Record<string, unknown>), id: 0 } : item;
    // As a one-item batch, so that whatever `item` is gets the answer a batch item gets (an array: invalid request).
    const out = (await ctx.node.request([asked])) as Array<{ result?: unknown; error?: unknown }> | undefined;
    const response = out?.[0];
    if (sendTx && response && response.error === undefined)
      ctx.traces!.journal(journalEntryFor(item as Record<string, unknown>)!);
    return notification || response === undefined ? undefined : JSON.stringify(response);
  } catch (e) {
    const message = `internal error: ${(e as Error)?.message ?? String(e)}`;
    // Not String(item.method): a method nested 100,000 arrays deep would overflow the stack here.
    ctx.log?.(`${isObject(item) && typeof item.method === 'string' ? item.method : 'request'}: ${message}`);
    return notification ? undefined : errorText(idOf(item), -32603, message);
  }
}

/**
 * Answers a JSON-RPC body text from `client` with the response text ('' when there is nothing to answer:
 * notifications only, or a client that has gone). Like geth: a parse error is -32700; a batch of more than
 * `maxBatchItems` gets one `batch too large` error (-32600, with the first call's id); a batch runs its items in order
 * (each sees the effects of the ones before), each trace on its own in `traces`, and once the responses pass
 * `maxResponseBytes` the remaining calls are not run but answered `response too large` (-32003). Once the client's
 * signal aborts, the batch's items not yet started never are. Never rejects: an unexpected exception answers its
 * request with -32603.
 */
export async function answerRpcText(
  ctx: AnswerContext,
  text: string,
  client: TraceClient = anyClient,
): Promise<string> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return parseError;
  }
  if (!Array.isArray(body)) return (await answerItem(ctx, body, () => text, client)) ?? '';
  if (body.length === 0) return errorText(null, -32600, 'empty batch');
  if (body.length > ctx.maxBatchItems) {
    const first = body.find((m) => isObject(m) && 'id' in m && typeof m.method === 'string');
    return `[${errorText(idOf(first), -32600, 'batch too large')}]`;
  }
  const out: string[] = [];
  let bytes = 0;
  // Split only when a trace needs its text (once); JSON.parse has accepted it, so it splits into body.length items.
  let texts: string[] | undefined;
  for (const [i, item] of body.entries()) {
    if (client.signal.aborted) return '';
    if (bytes > ctx.maxResponseBytes) {
      if (!isObject(item) || 'id' in item) out.push(errorText(idOf(item), -32003, 'response too large'));
      continue;
    }
    const itemText = () => (texts ??= splitJsonArray(text)!)[i];
    const answer = await answerItem(ctx, item, itemText, client);
    if (answer === undefined) continue;
    out.push(answer);
    bytes += Buffer.byteLength(answer);
  }
  return out.length ? `[${out.join(',')}]` : '';
}
