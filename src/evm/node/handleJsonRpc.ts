import { RpcError } from './rpcError.ts';

type Id = string | number | null;

/** One JSON-RPC response object. */
export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: Id;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

function errorResponse(id: Id, code: number, message: string, data?: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

function validId(id: unknown): id is Id {
  return id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

/** Handles one request object; undefined for a notification (no id), which gets no response. */
async function handleOne<C>(
  ctx: C,
  handlers: Record<string, (ctx: C, params: unknown) => Promise<unknown>>,
  msg: unknown,
): Promise<JsonRpcResponse | undefined> {
  if (!msg || typeof msg !== 'object' || Array.isArray(msg))
    return errorResponse(null, -32600, 'invalid request');
  const m = msg as Record<string, unknown>;
  const isNotification = !('id' in m);
  const id = validId(m.id) ? m.id : null;
  if (
    m.jsonrpc !== '2.0' ||
    (!isNotification && !validId(m.id)) ||
    typeof m.method !== 'string' ||
    m.method === ''
  ) {
    return errorResponse(id, -32600, 'invalid request');
  }
  const handler = Object.prototype.hasOwnProperty.call(handlers, m.method) ? handlers[m.method] : undefined;
  let response: JsonRpcResponse;
  if (!handler) {
    response = errorResponse(id, -32601, `the method ${m.method} does not exist/is not available`);
  } else {
    try {
      const result = await handler(ctx, m.params);
      response = { jsonrpc: '2.0', id, result: result === undefined ? null : result };
    } catch (e) {
      response =
        e instanceof RpcError
          ? errorResponse(id, e.code, e.message, e.data)
          : errorResponse(id, -32603, `internal error: ${(e as Error)?.message ?? String(e)}`);
    }
  }
  return isNotification ? undefined : response;
}

/**
 * Answers a JSON-RPC body (one request or a batch) the way geth does: -32600 for malformed requests and empty
 * batches, -32601 for unknown methods (`ctx` is what each handler gets), notifications get no response (an all-notification batch answers undefined).
 */
export async function handleJsonRpc<C>(
  ctx: C,
  handlers: Record<string, (ctx: C, params: unknown) => Promise<unknown>>,
  body: unknown,
): Promise<JsonRpcResponse | JsonRpcResponse[] | undefined> {
  if (Array.isArray(body)) {
    if (body.length === 0) return errorResponse(null, -32600, 'empty batch');
    const out: JsonRpcResponse[] = [];
    // Sequential: requests in one batch see each other's effects in order (e.g. send then trace).
    for (const msg of body) {
      const r = await handleOne(ctx, handlers, msg);
      if (r) out.push(r);
    }
    return out.length ? out : undefined;
  }
  return handleOne(ctx, handlers, body);
}
