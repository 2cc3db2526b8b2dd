import type { JsonRpcRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import type { EmbeddedNodeHandle } from '../../io/transport/createEmbeddedTransport.ts';
import type { DebugRunAnswer, DebugRunner } from './debugRun.ts';

/** The JS tracer text of a trace request (its options' `tracer` when it is not a built-in's name), else null. */
export function jsTracerOf(request: JsonRpcRequest): { code: string; timeout?: string } | null {
  if (!request.method.startsWith('debug_trace') || !Array.isArray(request.params)) return null;
  const options = request.params[request.params.length - 1] as { tracer?: unknown; timeout?: unknown } | null;
  const code = options && typeof options === 'object' ? options.tracer : undefined;
  // A built-in tracer is a name (callTracer); a JS tracer is an expression, an object literal in practice.
  if (typeof code !== 'string' || /^\s*\w+\s*$/.test(code)) return null;
  return typeof options?.timeout === 'string' ? { code, timeout: options.timeout } : { code };
}

/**
 * The embedded node as Run reaches it, with every JS trace made a debugging run (a console for the tracer, the
 * hooks timed; no recording): the answer is the node's, and the report goes to `onRun` (the Console panel's lines and
 * the cost before sending elsewhere). Other requests go to the node as they are.
 */
export function createDebuggingHandle(
  base: EmbeddedNodeHandle,
  debugTrace: DebugRunner,
  onRun: (
    request: JsonRpcRequest,
    tracer: { code: string; timeout?: string },
    answer: DebugRunAnswer,
  ) => void,
): EmbeddedNodeHandle {
  return {
    async request(request) {
      const tracer = jsTracerOf(request);
      if (!tracer) return base.request(request);
      const answer = await debugTrace(request, {});
      onRun(request, tracer, answer);
      return answer.response;
    },
    restart: () => base.restart(),
  };
}
