// The contracts of the app's workers: what each one answers over comlink and the plain data that crosses. The
// workers implement these types and the page (and tests) import them from here with `import type`, so both sides
// are typed by the same declaration and no page code imports a worker file.
import type { Diagnostic } from '../core/diagnostics.ts';
import type { FlatTracer } from '../core/flatten/flattenTracer.ts';
import type { FixtureDefaults } from '../core/fixture/fixtureTypes.ts';
import type { LegacyProfile, TargetId } from '../core/targets.ts';
import type { ConvertResult } from '../core/convert/convertToEs5.ts';
import type { ResultTree } from '../core/result/createResultTree.ts';
import type { ResultViewsSource } from '../core/result/viewData.ts';
import type { ClassifyOptions } from '../core/rpc/protocol/classifyResponse.ts';
import type { Reply } from '../core/rpc/protocol/summarizeReply.ts';
import type { RpcCall } from '../core/upstream/stateRequests.ts';
import type { TransportResponse } from '../core/rpc/protocol/transportOutcome.ts';
import type { DemoDefaults } from '../evm/node/demoDefaults.ts';
import type { InspectOptions } from '../evm/host/inspectTypes.ts';
import type { TraceDebugReport } from '../evm/host/traceDebug.ts';
import type { JsonRpcResponse } from '../evm/node/handleJsonRpc.ts';

// tracer.worker.ts: check and flatten.

/** What one analysis of a tracer source returns. */
export interface TracerAnalysis {
  /** The request id the caller passed; lets the page drop stale results. */
  seq: number;
  diagnostics: Diagnostic[];
  /**
   * The one-line string for a request with the source it came from and their position map (plain data: it goes
   * out with the request, and a node's error is mapped through it), or null when the source cannot be flattened.
   */
  flat: FlatTracer | null;
}

/** The tracer worker's contract (plain data only crosses it). */
export interface TracerWorkerApi {
  /**
   * Checks and flattens `source` for a target (a {@link TargetId}; the profile names earlier pages sent, `strict`
   * and `goja`, are read as `es5` and `geth`), naming `detected` (a probe's finding) in the summary line.
   */
  analyze(seq: number, source: string, target: TargetId | LegacyProfile, detected?: TargetId): TracerAnalysis;
}

// convert.worker.ts: Convert to ES5 (TypeScript is loaded in this worker only, started on first use).

/** The convert worker's contract (plain data only crosses it). */
export interface ConvertWorkerApi {
  /** The tracer converted to ES5.1 (see core/convert/convertToEs5.ts). */
  convert(source: string): ConvertResult;
}

// node.worker.ts: the embedded node (in the sandbox iframe; its start-up messages are in sandbox/sandboxProtocol.ts).

/** The node worker's contract (plain data only crosses it). */
export interface NodeWorkerApi {
  /** Answers a JSON-RPC request object or batch; undefined when it held only notifications. */
  request(body: unknown): Promise<JsonRpcResponse | JsonRpcResponse[] | undefined>;
  /** Values for the request panel: a tx hash, a block number and hash, a call object (demo chain or fixture). */
  demoDefaults(): Promise<DemoDefaults | FixtureDefaults>;
  /** Switches the node to serve a geth tracetest fixture (JSON text); resolves to its tx hash and block. */
  loadFixture(json: string): Promise<FixtureDefaults>;
  /** Switches back to the deterministic demo chain. */
  resetToDemo(): Promise<DemoDefaults>;
  /**
   * Answers a `debug_traceTransaction` request object by tracing the transaction here, on the state of a node that
   * does not run JavaScript tracers: the worker asks the page for every piece of state through `ask` (a comlink
   * proxy; the page checks the calls and sends them to the endpoint the user chose). `cacheKey` (the endpoint's id,
   * no URL) keeps fetched state for the next trace against the same endpoint.
   */
  traceOnUpstream(request: unknown, ask: AskUpstreamState, cacheKey: string): Promise<UpstreamTraceAnswer>;
  /**
   * Answers a debug_traceTransaction or debug_traceCall request object as a debugging run of its JS tracer: the
   * tracer has a console, every hook is timed, and with `options.inspect` the run is recorded (see inspectTypes.ts).
   * `report` is absent when no JS tracer ran (the struct logger, a built-in, or a request refused before the trace).
   */
  debugTrace(request: unknown, options: DebugTraceOptions): Promise<DebugTraceAnswer>;
}

/** What the page asks of {@link NodeWorkerApi.debugTrace}. */
export interface DebugTraceOptions {
  /** Record the steps, `this` after each hook call and breakpoint hits. */
  inspect?: InspectOptions;
  /**
   * Where to post the recording (the page's recording worker holds it): the report then comes back without
   * `inspect`, and the port gets it, or null when the run recorded nothing.
   */
  recording?: MessagePort;
}

/** What {@link NodeWorkerApi.debugTrace} gives back: the node's answer and the run's report. */
export interface DebugTraceAnswer {
  response: JsonRpcResponse | JsonRpcResponse[] | undefined;
  report?: TraceDebugReport;
}

/**
 * How the node worker asks the page for upstream state: read-only state calls (the page refuses anything else and
 * stops the trace). Resolves to the answers in order, or to the upstream's failure (or the page's refusal) in words.
 */
export type AskUpstreamState = (calls: RpcCall[]) => Promise<{ answers: unknown[] } | { error: string }>;

/** What {@link NodeWorkerApi.traceOnUpstream} gives back. */
export interface UpstreamTraceAnswer {
  /** The node's answer: the tracer's result, or geth's error for the params or the tracer. */
  response?: JsonRpcResponse;
  /** Why the trace could not run: what the upstream lacked (pruned state, unknown transaction) or a refusal. */
  upstreamError?: string;
  /** Where the transaction is and which rules ran it (with a response that has a result). */
  report?: { blockNumber: string; txIndex: number; hardfork: string; rulesFrom: string };
}

// parseReply.worker.ts: parses and classifies replies; keeps a large result as a tree.

/** The reply parser worker's contract. */
export interface ParseReplyApi {
  /**
   * Decodes the UTF-8 body, classifies the reply and summarizes it; the body bytes are handed back (transferred).
   * A large result's summary carries `tree`, a port answering {@link ResultTreeApi}.
   */
  parse(response: TransportResponse, options: ClassifyOptions): { summary: Reply; body: ArrayBuffer };
}

/**
 * What the page may ask about a large result's tree (over `summary.tree.port`): the tree model itself, answered in
 * the parser worker (at most 500 rows per `rows` call), and the data of the result views, prepared there next to
 * the value so that only what a view draws crosses to the page.
 */
export type ResultTreeApi = ResultTree & ResultViewsSource;
