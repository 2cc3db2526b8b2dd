// The node worker's side of "run it here": a node that runs no JavaScript tracer (hardhat, ganache, a provider) is
// traced in this worker, on that node's state, which the worker asks the page for. The worker holds no endpoint,
// credential or network: all it can do is name state calls, which the page checks before sending any
// (src/ui/upstream/createRunHereTransport.ts).
import type { RpcCall } from '../../core/upstream/stateRequests.ts';
import { UpstreamError } from '../../core/upstream/describeUpstreamFault.ts';
import type { UpstreamState } from '../../core/upstream/upstreamState.ts';
import type { RealmFactory } from '../../evm/host/realm/tracerRealm.ts';
import { handleJsonRpc, type JsonRpcResponse } from '../../evm/node/handleJsonRpc.ts';
import type { Handler } from '../../evm/node/nodeContext.ts';
import { checkArity, decodeHash } from '../../evm/node/params.ts';
import { RpcError, serverError } from '../../evm/node/rpcError.ts';
import { runTrace } from '../../evm/node/runTrace.ts';
import { decodeTraceConfig } from '../../evm/node/traceConfig.ts';
import { traceUpstreamTx, type UpstreamReader } from '../../evm/upstream/traceUpstreamTx.ts';
import type { AskUpstreamState, UpstreamTraceAnswer } from '../contracts.ts';

/** Parent blocks whose state is kept per endpoint key (a few: a block's transactions one after another). */
const cachedBlocks = 4;

/** A small cache of fetched state: per endpoint key (the page's endpoint id), then per parent block hash. */
export function createUpstreamStateCache(): (key: string) => Map<string, UpstreamState> {
  const byKey = new Map<string, Map<string, UpstreamState>>();
  return (key) => {
    let m = byKey.get(key);
    if (!m) {
      byKey.clear(); // one endpoint at a time: another endpoint's state is never mixed in, nor kept
      m = new Map();
      byKey.set(key, m);
    }
    while (m.size > cachedBlocks) m.delete(m.keys().next().value as string);
    return m;
  };
}

/** A reader whose every request is a question to the page; the page's refusal or failure becomes an UpstreamError. */
function readerOf(ask: AskUpstreamState): UpstreamReader {
  const batch = async (calls: readonly RpcCall[]): Promise<unknown[]> => {
    if (calls.length === 0) return [];
    const answer = await ask(calls.map((c) => ({ method: c.method, params: c.params })));
    if ('error' in answer) throw new UpstreamError(answer.error);
    if (!Array.isArray(answer.answers) || answer.answers.length !== calls.length)
      throw new UpstreamError('the page answered a state request with the wrong number of answers');
    return answer.answers;
  };
  return { batch, call: async (method, params) => (await batch([{ method, params }]))[0] };
}

/**
 * Answers a `debug_traceTransaction` request object as a geth node would (result, or geth's error for the params or
 * the tracer), tracing the transaction on the upstream's state that `ask` fetches through the page. What the upstream
 * lacked (a pruned node, a missing transaction, a refused request) comes back as `upstreamError`, not as a result.
 */
export async function answerUpstreamTrace(
  request: unknown,
  ask: AskUpstreamState,
  o: { createRealm?: RealmFactory; cache?: Map<string, UpstreamState> } = {},
): Promise<UpstreamTraceAnswer> {
  let upstreamError: string | undefined;
  let report: UpstreamTraceAnswer['report'];
  const trace: Handler = async (_ctx, p) => {
    const params = checkArity(p, 1, 2);
    const txHash = decodeHash(params[0], 0);
    const cfg = decodeTraceConfig(params[1], 1);
    // prestateTracer reads a copy of the state taken before the run, which here holds only what was fetched so far.
    if (cfg.tracer === 'prestateTracer')
      throw serverError(
        'prestateTracer does not run on another node’s state here: use the "prestate" template (tracer-templates/prestate.js), which reproduces its output',
      );
    try {
      const r = await traceUpstreamTx(readerOf(ask), {
        txHash,
        cache: o.cache,
        trace: (run, context) => runTrace(run, cfg, context, o.createRealm),
      });
      report = {
        blockNumber: `0x${r.blockNumber.toString(16)}`,
        txIndex: r.txIndex,
        hardfork: r.hardfork,
        rulesFrom: r.rulesFrom,
      };
      return r.result;
    } catch (e) {
      if (!(e instanceof RpcError))
        // the tracer's and the params' errors are the node's answer
        upstreamError = (e as Error)?.message ?? String(e);
      throw e;
    }
  };
  const only =
    request &&
    typeof request === 'object' &&
    (request as { method?: unknown }).method === 'debug_traceTransaction';
  const response = (await handleJsonRpc(
    {} as never,
    only ? { debug_traceTransaction: trace } : {},
    request,
  )) as JsonRpcResponse | undefined;
  if (upstreamError !== undefined) return { upstreamError };
  if (!response) return { upstreamError: 'the request was a notification (no id): nothing to answer' };
  return report ? { response, report } : { response };
}
