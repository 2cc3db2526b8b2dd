import type { JsonRpcRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import { describeTimeLimit, requestTimeLimit } from '../../core/rpc/protocol/requestTimeLimit.ts';
import { type TransportOutcome, textResponse } from '../../core/rpc/protocol/transportOutcome.ts';
import { type SendOptions, type Transport, cancelledMessage } from './transport.ts';

/** What the embedded-node transport needs: a node that answers request objects, and a way to stop it. */
export interface EmbeddedNodeHandle {
  /** Answers a JSON-RPC request object (undefined for a notification); rejects when the node itself failed. */
  request(request: JsonRpcRequest): Promise<unknown>;
  /**
   * Stops the node's current work (the page terminates its worker: a running tracer cannot be interrupted from
   * outside otherwise); the next request gets a fresh node serving the same chain.
   */
  restart(): void;
}

/** Options of {@link createEmbeddedTransport}. */
export interface EmbeddedTransportOptions {
  /** Time limit per request; default: the policy of requestTimeLimit. */
  timeoutMs?: number;
}

/**
 * A transport to the embedded node: the request object goes to the node as it is (no HTTP in between, so the status
 * is null as for a WebSocket message). A cancel or an exceeded time limit restarts the node.
 */
export function createEmbeddedTransport(
  node: EmbeddedNodeHandle,
  o: EmbeddedTransportOptions = {},
): Transport {
  async function send(request: JsonRpcRequest, opts: SendOptions = {}): Promise<TransportOutcome> {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    const limit = requestTimeLimit(request, o.timeoutMs);
    const restarted = (reason: 'aborted' | 'timeout', message: string): TransportOutcome => {
      node.restart();
      return { kind: 'no-response', reason, message, durationMs: elapsed() };
    };
    const cancelText = `${cancelledMessage} (the embedded node was restarted)`;
    if (opts.signal?.aborted)
      return { kind: 'no-response', reason: 'aborted', message: cancelText, durationMs: 0 };
    let onAbort = () => {};
    const cancelled = new Promise<TransportOutcome>((resolve) => {
      onAbort = () => resolve(restarted('aborted', cancelText));
      opts.signal?.addEventListener('abort', onAbort, { once: true });
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watchdog = new Promise<TransportOutcome>((resolve) => {
      if (limit.ms === null) return;
      timer = setTimeout(
        () =>
          resolve(
            restarted(
              'timeout',
              `The embedded node did not answer within ${describeTimeLimit(limit)}; it was stopped and restarted`,
            ),
          ),
        limit.ms,
      );
    });
    const answered = node.request(request).then(
      (reply): TransportOutcome =>
        textResponse(JSON.stringify(reply ?? null), {
          status: null,
          headers: { 'content-type': 'application/json' },
          durationMs: elapsed(),
        }),
      (err: unknown): TransportOutcome => ({
        kind: 'no-response',
        reason: 'network',
        message: `Embedded node: ${(err as Error)?.message ?? String(err)}`,
        durationMs: elapsed(),
      }),
    );
    try {
      return await Promise.race([answered, cancelled, watchdog]);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }
  return { send };
}
