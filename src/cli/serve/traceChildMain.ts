/**
 * Entry of a trace process (forked by `createTracePool` for `serve` and by `runReplayInChild` and
 * `runEndpointReplayInChild` for `replay`; built as build/cli/traceChild.js, or loaded through tsx from the sources,
 * see forkTraceChild): builds the same embedded node as the server and answers what the parent sends, one message at
 * a time in arrival order, so journaled transactions are applied before any later request. Exports nothing.
 */
import { createEmbeddedNode } from '../../evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../evm/node/createEmbeddedNode.ts';
import { loadFixture } from '../../core/fixture/loadFixture.ts';
import { replayFixture } from '../../evm/node/replayFixture.ts';
import { createVmRealm } from '../../evm/host/realm/createVmRealm.ts';
import { nodeQuickJsRealm } from '../../evm/host/realm/nodeQuickJsRealm.ts';
import { collectReplayDebug } from '../../evm/host/traceDebug.ts';
import { memoryLimitText } from '../../evm/host/realm/realmProtocol.ts';
import { TracerError } from '../../evm/host/traceTypes.ts';
import { traceWithJsTracer, traceWithStructLogger } from '../../evm/host/traceTransaction.ts';
import { traceUpstreamTx } from '../../evm/upstream/traceUpstreamTx.ts';
import { createStateCache } from '../../evm/upstream/createStateCache.ts';
import {
  type UpstreamTraceSettings,
  upstreamTraceHandlers,
} from '../../evm/upstream/upstreamTraceHandlers.ts';
import { handleJsonRpc } from '../../evm/node/handleJsonRpc.ts';
import { capTraceTimeout } from './capTraceTimeout.ts';
import { readTemplateSource } from '../readTemplateSource.ts';
import { createParentUpstreamReader, type ParentUpstreamReader } from './createParentUpstreamReader.ts';
import type { FromTraceChild } from './FromTraceChild.ts';
import type { ToTraceChild } from './ToTraceChild.ts';
import { journalRequest } from './journalEntryFor.ts';
import { demoChainArg } from './demoChainArg.ts';

let node: EmbeddedNode | undefined;
let queue: Promise<void> = Promise.resolve();
let journalId = 0;
let upstream: ParentUpstreamReader | undefined;
/** geth's built-in tracer names (callTracer…) run the templates that reproduce them. */
const templates = readTemplateSource();
/** `serve --upstream`: how traces run on the upstream's state, and the state kept across requests. */
let upstreamMode: UpstreamTraceSettings | undefined;
/** Forked for the demo chain: its node, built from the start (taken by `init` when it names no fixture). */
const demoNode = process.argv.includes(demoChainArg)
  ? createEmbeddedNode({ createRealm: createVmRealm, templates })
  : undefined;
// Its failure is told by `init`, which awaits it.
demoNode?.catch(() => {});

function send(message: FromTraceChild): Promise<void> {
  return new Promise((resolve) => {
    if (!process.connected) return resolve();
    process.send!(message, undefined, undefined, () => resolve());
  });
}

async function applyJournal(raw: string): Promise<void> {
  if (!node) return; // Under --upstream the chain is the upstream's.
  const r = (await node!.request({
    jsonrpc: '2.0',
    id: ++journalId,
    ...journalRequest(raw),
  })) as { error?: { message: string } };
  // The parent's node accepted it on the same chain, so this cannot differ; say so if it ever does.
  if (r?.error) process.stderr.write(`journaled change not applied: ${r.error.message}\n`);
}

/** The node's JSON-RPC response text for a request's text; undefined for a notification. Throws what the node throws. */
async function answer(id: number, text: string, maxTimeoutMs: number): Promise<string | undefined> {
  // JSON.parse takes any nesting (V8 parses iteratively); what cannot be handled deeper down is thrown, not fatal.
  const body = JSON.parse(text) as Record<string, unknown>;
  const request = capTraceTimeout(body, maxTimeoutMs).request;
  let out;
  if (upstreamMode) {
    upstream = createParentUpstreamReader(id, send);
    const ctx = { ...upstreamMode, up: upstream.reader, createRealm: createVmRealm, templates };
    out = await handleJsonRpc(ctx, upstreamTraceHandlers, request);
  } else out = await node!.request(request);
  return out === undefined ? undefined : JSON.stringify(out);
}

async function handle(msg: ToTraceChild): Promise<void> {
  switch (msg.type) {
    case 'init': {
      try {
        if (msg.upstream) {
          upstreamMode = {
            hardfork: msg.upstream.hardfork,
            cache: createStateCache(8),
            blocks: createStateCache(8),
            snapshots: createStateCache(32),
            prestate: {},
          };
          return send({ type: 'ready' });
        }
        const fixture = msg.fixture === undefined ? undefined : loadFixture(msg.fixture);
        node = await ((fixture === undefined && demoNode) ||
          createEmbeddedNode({ fixture, createRealm: createVmRealm, templates }));
        for (const raw of msg.journal) await applyJournal(raw);
      } catch (e) {
        await send({ type: 'failed', message: (e as Error)?.message ?? String(e) });
        process.exit(1);
      }
      return send({ type: 'ready' });
    }
    case 'journal':
      return applyJournal(msg.raw);
    case 'request': {
      let text: string | undefined;
      try {
        text = await answer(msg.id, msg.text, msg.maxTimeoutMs);
      } catch (e) {
        // Answered for this request alone (the parent words it with the request's id); the process goes on.
        return send({ type: 'response', id: msg.id, error: (e as Error)?.message ?? String(e) });
      }
      // A tracer stopped at the memory cap may leave this process holding what it took until V8 collects it: the
      // process ends after answering and the pool starts a fresh one, as after a death at the heap cap. (Unescaped
      // quotes: a result cannot hold this text, only the error's own message can.)
      const retire = text?.includes(`"message":"${memoryLimitText}`) === true;
      await send({ type: 'response', id: msg.id, text, retire });
      if (retire) process.exit(0);
      return;
    }
    case 'replayEndpoint':
      return replayEndpoint(msg);
    case 'state':
      return;
    case 'replay': {
      // `replay --console/--profile`: the lines and hook times go back with the answer (a profile runs in QuickJS).
      const debug = msg.debug && collectReplayDebug(msg.debug);
      try {
        const result = await replayFixture(loadFixture(msg.fixture), {
          tracer: msg.tracer,
          tracerConfig: msg.tracerConfig,
          timeout: msg.timeout,
          createRealm: msg.debug?.profile ? await nodeQuickJsRealm() : createVmRealm,
          templates,
          debug: debug?.options,
        });
        const text = JSON.stringify(result, null, 2);
        return send({ type: 'replayed', id: msg.id, ok: true, text, debug: debug?.report() });
      } catch (e) {
        const message = (e as Error)?.message ?? String(e);
        return send({
          type: 'replayed',
          id: msg.id,
          ok: false,
          message,
          tracerError: e instanceof TracerError,
          debug: debug?.report(),
        });
      }
    }
  }
}

async function replayEndpoint(msg: Extract<ToTraceChild, { type: 'replayEndpoint' }>): Promise<void> {
  upstream = createParentUpstreamReader(msg.id, send);
  // As for `replay`: each run reports, so the report kept is the last run's (the one whose result is answered).
  const debug = msg.debug && collectReplayDebug(msg.debug);
  try {
    const createRealm = msg.debug?.profile ? await nodeQuickJsRealm() : createVmRealm;
    const report = await traceUpstreamTx(upstream.reader, {
      txHash: msg.txHash,
      hardfork: msg.hardfork,
      prestate: {},
      trace: (run, context) =>
        msg.tracer === undefined
          ? traceWithStructLogger(run)
          : traceWithJsTracer(run, {
              tracer: msg.tracer,
              tracerConfig: msg.tracerConfig,
              timeout: msg.timeout,
              context,
              createRealm,
              debug: debug?.options,
            }),
    });
    const { result, blockNumber, ...rest } = report;
    const text = JSON.stringify(result, null, 2);
    return send({
      type: 'replayed',
      id: msg.id,
      ok: true,
      text,
      report: { ...rest, blockNumber: `${blockNumber}` },
      debug: debug?.report(),
    });
  } catch (e) {
    const message = (e as Error)?.message ?? String(e);
    const tracerError = e instanceof TracerError;
    return send({ type: 'replayed', id: msg.id, ok: false, message, tracerError, debug: debug?.report() });
  }
}

process.on('message', (msg: ToTraceChild) => {
  // The answers a running endpoint replay waits for: settled at once (queued, they would wait for that replay).
  if (msg.type === 'state') return upstream?.settle(msg.request, msg);
  queue = queue.then(() => handle(msg)).catch((e) => void process.stderr.write(`${(e as Error)?.stack}\n`));
});
// The parent is gone (it closed the channel or died): nothing left to answer.
process.on('disconnect', () => process.exit(0));
void send({ type: 'hello' });
