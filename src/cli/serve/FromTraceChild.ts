import type { RpcCall } from '../../core/upstream/stateRequests.ts';
import type { TraceDebugReport } from '../../evm/host/traceDebug.ts';

/** What an endpoint replay cost, as `replay --endpoint --stats` prints it (see UpstreamTraceReport). */
export interface EndpointReplayReport {
  txIndex: number;
  /** Decimal. */
  blockNumber: string;
  hardfork: string;
  rulesFrom: string;
  runs: number;
  stateFetches: number;
  accounts: number;
  slots: number;
  /** Where the state came from: the upstream's prestateTracer, or standard methods. */
  source: string;
}

/** A message from a trace process to its parent. */
export type FromTraceChild =
  /** Listening for messages (sent first, before anything is loaded beyond the entry). */
  | { type: 'hello' }
  /** `init` done: the node is built and the journal applied; requests may come. */
  | { type: 'ready' }
  /** `init` failed (e.g. a fixture the node cannot build); the process exits after sending it. */
  | { type: 'failed'; message: string }
  /**
   * The JSON-RPC response text of `request` `id`; undefined for a notification. `retire`: the process ends after this
   * answer (a tracer was stopped at the memory cap), so it must get no further request.
   */
  | { type: 'response'; id: number; text?: string; retire?: boolean }
  /** `request` `id` could not be answered (its text did not parse, the node threw): the error's message. */
  | { type: 'response'; id: number; error: string }
  /** The result of `replay` `id`: the result as indented JSON (`debug`: its console lines and profile, if asked). */
  | {
      type: 'replayed';
      id: number;
      ok: true;
      text: string;
      report?: EndpointReplayReport;
      debug?: TraceDebugReport;
    }
  /** `replay` `id` failed: geth's text for a tracer failure (`tracerError`), or an unexpected error's message. */
  | {
      type: 'replayed';
      id: number;
      ok: false;
      message: string;
      tracerError: boolean;
      debug?: TraceDebugReport;
    }
  /**
   * `replayEndpoint` `id` (or, under `serve --upstream`, trace `request` `id`) needs these upstream calls answered
   * (request `request` of that trace). The parent checks
   * them (checkReadOnlyCalls) and fetches them itself: the trace process has no network and no credentials.
   */
  | { type: 'state'; id: number; request: number; calls: RpcCall[] };
