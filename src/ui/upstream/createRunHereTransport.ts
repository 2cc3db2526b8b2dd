// "Run it here": a Transport whose debug_traceTransaction runs in the embedded node's sandboxed worker, on the state
// of an endpoint that does not run JavaScript tracers. The worker has no network and no credentials; it asks for
// state, and this page-side code checks every call (read-only state methods with state-query parameters only) and
// sends it to the one endpoint the user chose, through that endpoint's own transport.
import { checkReadOnlyCalls } from '../../core/upstream/checkReadOnlyCalls.ts';
import type { RpcCall } from '../../core/upstream/stateRequests.ts';
import { requestTimeLimit, describeTimeLimit } from '../../core/rpc/protocol/requestTimeLimit.ts';
import { textResponse, type TransportOutcome } from '../../core/rpc/protocol/transportOutcome.ts';
import { createUpstreamClient } from '../../io/upstream/createUpstreamClient.ts';
import { cancelledMessage, type SendOptions, type Transport } from '../../io/transport/transport.ts';
import type { JsonRpcRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import type { AskUpstreamState, NodeWorkerApi } from '../../worker/contracts.ts';

/** What has been fetched so far for one run. */
export interface RunHereProgress {
  /** Requests sent to the endpoint (a batch counts one). */
  requests: number;
  /** JSON-RPC calls in them. */
  calls: number;
  /** Accounts (balance, nonce, code) and storage slots asked for. */
  accounts: number;
  slots: number;
}

/** What {@link createRunHereTransport} needs. */
export interface RunHereDeps {
  /** The embedded node worker's call (the page: getEmbeddedNode().traceOnUpstream). */
  traceOnUpstream: NodeWorkerApi['traceOnUpstream'];
  /** Stops the embedded node's worker (after a cancel, a time-out or a refused request). */
  restartNode(): void;
  /** The chosen endpoint's own transport: its URL and credentials never leave the page. */
  upstream: Transport;
  /** The endpoint as messages name it (its name, never its URL). */
  label: string;
  /** Keeps the worker's cache per endpoint (the endpoint's id). */
  cacheKey: string;
  /** JSON-RPC batches (HTTP); false sends single requests (WebSocket). */
  batches: boolean;
  onProgress?(p: RunHereProgress): void;
}

/** State requests one run may make (the trace gives up after 64 state fetches, plus its own few). */
export const maxStateRequests = 256;

function count(calls: readonly RpcCall[], p: RunHereProgress): void {
  for (const c of calls) {
    if (c.method === 'eth_getBalance' || c.method === 'eth_getProof') p.accounts++;
    if (c.method === 'eth_getStorageAt') p.slots++;
    if (c.method === 'eth_getProof' && Array.isArray(c.params[1])) p.slots += c.params[1].length;
  }
}

const failure = (message: string, reason: 'aborted' | 'timeout' | 'network', durationMs: number) =>
  ({ kind: 'no-response', reason, message, durationMs }) as const;

/** One run in flight: its state client, progress, compute timer, and how to stop it. */
interface Run {
  d: RunHereDeps;
  client: ReturnType<typeof createUpstreamClient>;
  progress: RunHereProgress;
  limit: ReturnType<typeof requestTimeLimit>;
  started: number;
  /** Set once the run has ended: late state requests are refused, no more progress is reported. */
  over: boolean;
  asked: number;
  timer?: ReturnType<typeof setTimeout>;
  /** Ends the run with `o` before the worker answered (the worker is then restarted). */
  stop: (o: TransportOutcome) => void;
}

const elapsed = (run: Run) => performance.now() - run.started;

/** (Re)starts the compute timer: the worker computes from now on. */
function arm(run: Run): void {
  clearTimeout(run.timer);
  const { limit } = run;
  if (limit.ms !== null && !run.over)
    run.timer = setTimeout(
      () =>
        run.stop(
          failure(
            `The embedded node did not finish within ${describeTimeLimit(limit)} of computing; it was stopped and restarted`,
            'timeout',
            elapsed(run),
          ),
        ),
      limit.ms,
    );
}

/** Answers one state request of the worker: checked (a refusal stops the run), then fetched from the endpoint. */
async function ask(run: Run, calls: unknown): ReturnType<AskUpstreamState> {
  const { d, client, progress } = run;
  if (run.over) return { error: 'this run is over' };
  clearTimeout(run.timer); // fetching is not computing
  let checked: RpcCall[];
  try {
    if (++run.asked > maxStateRequests)
      throw new Error(`the embedded node asked for state more than ${maxStateRequests} times: refused`);
    checked = checkReadOnlyCalls(calls);
  } catch (e) {
    const why = (e as Error).message.replace(/the trace process/g, 'the embedded node');
    run.stop(failure(`Stopped, nothing sent to ${d.label}: ${why}`, 'network', elapsed(run)));
    return { error: 'refused' };
  }
  count(checked, progress);
  try {
    const answers =
      checked.length === 1
        ? [await client.call(checked[0].method, checked[0].params)]
        : await client.batch(checked);
    return { answers };
  } catch (e) {
    return { error: (e as Error)?.message ?? String(e) };
  } finally {
    progress.requests = client.stats.httpRequests;
    progress.calls = client.stats.calls;
    if (!run.over) d.onProgress?.({ ...progress });
    arm(run);
  }
}

/** Runs the trace in the worker: its response, or a failure naming what went wrong. */
function trace(run: Run, request: JsonRpcRequest): Promise<TransportOutcome> {
  const { d } = run;
  return d
    .traceOnUpstream(request, (calls) => ask(run, calls), d.cacheKey)
    .then(
      (a): TransportOutcome =>
        a.response
          ? textResponse(JSON.stringify(a.response), {
              status: null,
              headers: { 'content-type': 'application/json' },
              durationMs: elapsed(run),
            })
          : failure(
              `Could not trace here on ${d.label}'s state: ${a.upstreamError ?? 'no answer'}`,
              'network',
              elapsed(run),
            ),
      (e: unknown): TransportOutcome =>
        failure(`Embedded node: ${(e as Error)?.message ?? String(e)}`, 'network', elapsed(run)),
    );
}

async function send(
  d: RunHereDeps,
  request: JsonRpcRequest,
  opts: SendOptions = {},
): Promise<TransportOutcome> {
  const started = performance.now();
  if (request.method !== 'debug_traceTransaction')
    return failure(
      `Not sent: running here traces debug_traceTransaction only, not ${request.method}`,
      'network',
      0,
    );
  const signal = opts.signal;
  if (signal?.aborted) return failure(cancelledMessage, 'aborted', 0);
  const client = createUpstreamClient(
    { send: (r) => d.upstream.send(r, { signal }), close: d.upstream.close },
    { label: d.label, batches: d.batches },
  );
  let stop: (o: TransportOutcome) => void = () => {};
  const stopped = new Promise<TransportOutcome>((resolve) => (stop = resolve));
  const run: Run = {
    d,
    client,
    progress: { requests: 0, calls: 0, accounts: 0, slots: 0 },
    limit: requestTimeLimit(request),
    started,
    over: false,
    asked: 0,
    stop,
  };
  const onAbort = () =>
    stop(failure(`${cancelledMessage} (the embedded node was restarted)`, 'aborted', elapsed(run)));
  signal?.addEventListener('abort', onAbort, { once: true });
  d.onProgress?.({ ...run.progress });
  arm(run);
  const traced = trace(run, request);
  try {
    const outcome = await Promise.race([traced.then((o) => ({ o, answered: true })), stopped]);
    if ('answered' in outcome) return outcome.o;
    // Stopped before the worker answered: it is mid-run (maybe in an endless tracer, maybe hostile). Stop it.
    d.restartNode();
    return outcome;
  } finally {
    run.over = true;
    clearTimeout(run.timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * A {@link Transport} for the result pipeline: `debug_traceTransaction` runs in the embedded node's worker on
 * `upstream`'s state; every other method is refused unsent. A cancel, a compute time-out (tracer timeout + margin,
 * counted only while the worker computes) or a refused state request stops the worker; what the upstream lacks is a
 * failure naming it, never a partial result.
 */
export function createRunHereTransport(d: RunHereDeps): Transport {
  return { send: (request, opts) => send(d, request, opts) };
}
