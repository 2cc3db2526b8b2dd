/** A trace's params without its trailing tracing options object, and those options (undefined when there are none). */
export function splitTraceOptions(
  method: string,
  sent: readonly unknown[],
): { params: unknown[]; options?: { tracerConfig?: unknown; timeout?: unknown } } {
  // History keeps the params as sent; the raw form wants them without the tracing options (rebuilt on send).
  const last = sent[sent.length - 1];
  const isOptions =
    method.startsWith('debug_trace') &&
    last !== null &&
    typeof last === 'object' &&
    !Array.isArray(last) &&
    'tracer' in last;
  return isOptions
    ? { params: sent.slice(0, -1), options: last as { tracerConfig?: unknown; timeout?: unknown } }
    : { params: [...sent] };
}
