import { classifyResponse, type RpcResult } from '../../core/rpc/protocol/classifyResponse.ts';
import { buildRequest, type JsonRpcRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import type { RpcCall } from '../../core/upstream/stateRequests.ts';
import {
  type UpstreamFault,
  UpstreamError,
  describeUpstreamFault,
} from '../../core/upstream/describeUpstreamFault.ts';
import type { Transport } from '../transport/transport.ts';

/** Requests made so far: `roundTrips` counts what waited on the network (a batch, or a wave of single requests). */
export interface UpstreamStats {
  roundTrips: number;
  httpRequests: number;
  calls: number;
  /** Set once the upstream refused a batch; everything after goes as single requests. */
  batchesRefused: boolean;
}

/** Reads state and blocks from an upstream node; every failure is an {@link UpstreamError} with one clear line. */
export interface UpstreamClient {
  call(method: string, params: unknown[]): Promise<unknown>;
  /** The answers of `calls` in their order (one JSON-RPC batch per up to `maxBatch` calls, or single requests). */
  batch(calls: readonly RpcCall[]): Promise<unknown[]>;
  readonly stats: UpstreamStats;
}

/** Options of {@link createUpstreamClient}. */
export interface UpstreamClientOptions {
  /** The endpoint as shown in messages (masked). */
  label: string;
  /** Send JSON-RPC batches (HTTP only: the WebSocket transport matches answers by id). Default true. */
  batches?: boolean;
  /** Calls per batch (providers cap batches; 100 is accepted widely). */
  maxBatch?: number;
  /** Single requests in flight at once when batches are off. */
  concurrency?: number;
}

let nextId = 1;

function fault(method: string, r: Exclude<RpcResult, { kind: 'ok' }>, block?: string): UpstreamFault {
  return {
    method,
    kind: r.kind,
    message: r.message,
    status: 'httpStatus' in r ? r.httpStatus : undefined,
    code: r.kind === 'rpc-error' ? (r.error.code ?? undefined) : undefined,
    reason: r.kind === 'unreachable' ? r.reason : undefined,
    block,
  };
}

function blockOf(params: readonly unknown[]): string | undefined {
  const last = params[params.length - 1];
  if (last && typeof last === 'object' && 'blockHash' in last) return `block ${String(last.blockHash)}`;
  return typeof last === 'string' && last.startsWith('0x') && last.length < 20 ? `block ${last}` : undefined;
}

/** One client's transport, options and counts, shared by the functions below. */
interface Client {
  transport: Transport;
  o: UpstreamClientOptions;
  stats: UpstreamStats;
  maxBatch: number;
}

function fail(client: Client, f: UpstreamFault): never {
  throw new UpstreamError(describeUpstreamFault(f, client.o.label));
}

async function single(client: Client, method: string, params: unknown[]): Promise<unknown> {
  const request = buildRequest(method, params, 'ethereum', nextId++);
  client.stats.httpRequests++;
  client.stats.calls++;
  const result = classifyResponse(await client.transport.send(request), { expectedId: request.id, method });
  if (result.kind !== 'ok') return fail(client, fault(method, result, blockOf(params)));
  return result.result;
}

async function singles(client: Client, calls: readonly RpcCall[]): Promise<unknown[]> {
  const out: unknown[] = new Array(calls.length);
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const i = next++;
      out[i] = await single(client, calls[i].method, calls[i].params);
    }
  };
  await Promise.all(Array.from({ length: Math.min(client.o.concurrency ?? 8, calls.length) }, worker));
  return out;
}

/** One batch's calls; undefined: the upstream refused the batch (use single requests). */
async function oneBatch(client: Client, calls: readonly RpcCall[]): Promise<unknown[] | undefined> {
  const items = calls.map((c) => buildRequest(c.method, c.params, 'ethereum', nextId++));
  // The transport serializes one request object with JSON.stringify; toJSON makes that body the batch array.
  const carrier = { ...buildRequest('batch', [], 'ethereum', 0), toJSON: () => items } as JsonRpcRequest;
  client.stats.httpRequests++;
  client.stats.calls += calls.length;
  const result = classifyResponse(await client.transport.send(carrier), { method: calls[0].method });
  if (result.kind === 'unreachable' || (result.kind === 'http-error' && result.status === 429))
    return fail(client, fault(calls[0].method, result));
  if (result.kind !== 'batch-instead-of-object') {
    if (result.kind === 'rpc-error' && result.error.code === -32005)
      return fail(client, fault(calls[0].method, result));
    return undefined;
  }
  return matchBatchAnswers(client, items, calls, result.items);
}

/** The answers of a batch in the order of its requests (undefined where one is missing); an error answer throws. */
function matchBatchAnswers(
  client: Client,
  items: JsonRpcRequest[],
  calls: readonly RpcCall[],
  answers: readonly unknown[],
): unknown[] {
  const byId = new Map<unknown, Record<string, unknown>>();
  for (const it of answers)
    if (it && typeof it === 'object') byId.set((it as { id?: unknown }).id, it as Record<string, unknown>);
  return items.map((req, i) => {
    const answer = byId.get(req.id);
    if (!answer) return undefined;
    if (answer.error !== undefined) {
      const e = (answer.error ?? {}) as { code?: unknown; message?: unknown };
      return fail(client, {
        method: req.method,
        kind: 'rpc-error',
        message: typeof e.message === 'string' ? e.message : JSON.stringify(e),
        code: typeof e.code === 'number' ? e.code : undefined,
        block: blockOf(calls[i].params),
      });
    }
    return answer.result;
  });
}

async function batch(client: Client, calls: readonly RpcCall[]): Promise<unknown[]> {
  const { stats, maxBatch } = client;
  if (calls.length === 0) return [];
  stats.roundTrips++;
  if (stats.batchesRefused) return singles(client, calls);
  const chunks: RpcCall[][] = [];
  for (let i = 0; i < calls.length; i += maxBatch) chunks.push(calls.slice(i, i + maxBatch));
  const answers = await Promise.all(chunks.map((chunk) => oneBatch(client, chunk)));
  if (answers.some((a) => a === undefined || a.some((v) => v === undefined))) {
    // A node that answers a batch with one error (or drops items) does not do batches: ask again one by one.
    stats.batchesRefused = true;
    stats.roundTrips++;
    return singles(client, calls);
  }
  return answers.flat() as unknown[];
}

/**
 * An {@link UpstreamClient} over a {@link Transport} (the CLI's `send` path): single calls, JSON-RPC batches with a
 * fallback to single requests when the node refuses batches (an error object, or an HTTP error other than 429, in
 * answer to an array), and the upstream's faults turned into {@link UpstreamError}s by describeUpstreamFault.
 */
export function createUpstreamClient(transport: Transport, o: UpstreamClientOptions): UpstreamClient {
  const stats: UpstreamStats = {
    roundTrips: 0,
    httpRequests: 0,
    calls: 0,
    batchesRefused: o.batches === false,
  };
  const client: Client = { transport, o, stats, maxBatch: o.maxBatch ?? 100 };
  return {
    call: (method, params) => {
      stats.roundTrips++;
      return single(client, method, params);
    },
    batch: (calls) => batch(client, calls),
    stats,
  };
}
