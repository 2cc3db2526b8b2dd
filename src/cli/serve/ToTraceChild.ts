import type { ReplayDebugFlags } from '../../evm/host/traceDebug.ts';

/** A message from the server (or `replay`) to a trace process, in the order they must be handled. */
export type ToTraceChild =
  /**
   * Build the node (the demo chain, or the fixture's chain from its JSON text), then apply the journal. With
   * `upstream` (`serve --upstream`): no node; trace requests run on the parent's upstream's state, asked for with
   * `state` messages of the request's id.
   */
  | { type: 'init'; fixture?: string; journal: string[]; upstream?: { hardfork?: string } }
  /** One more change the server's node made (a raw transaction's hex, or a request: see journalEntryFor), in order. */
  | { type: 'journal'; raw: string }
  /**
   * Answer one JSON-RPC request with the node: `text` is the request's JSON text as the client sent it (the process
   * parses it; a string is the one thing the channel cannot fail to send), and its tracer `timeout` is capped at
   * `maxTimeoutMs` as the server capped it (see `capTraceTimeout`).
   */
  | { type: 'request'; id: number; text: string; maxTimeoutMs: number }
  /** One-shot `tracer replay`: run a tracer on a fixture (JSON text) and answer the result's text. */
  | {
      type: 'replay';
      id: number;
      fixture: string;
      tracer: string;
      tracerConfig?: unknown;
      timeout?: string;
      /** `replay --console`/`--profile` (the tracer gets a console either way; a profile runs in QuickJS). */
      debug?: ReplayDebugFlags;
    }
  /**
   * One-shot `tracer replay --endpoint`: trace mined transaction `txHash` of the parent's upstream (traceUpstreamTx),
   * the state asked for with `state` messages; `tracer` absent: the struct logger.
   */
  | {
      type: 'replayEndpoint';
      id: number;
      txHash: string;
      hardfork?: string;
      tracer?: string;
      tracerConfig?: unknown;
      timeout?: string;
      /** `replay --console`/`--profile`, as for `replay` (the last of traceUpstreamTx's runs is reported). */
      debug?: ReplayDebugFlags;
    }
  /** The answers to `state` request `request`, in the order of its calls. Handled at once, not queued. */
  | { type: 'state'; request: number; answers: unknown[] }
  /** `state` request `request` failed upstream: the UpstreamError's one line. */
  | { type: 'state'; request: number; error: string };
