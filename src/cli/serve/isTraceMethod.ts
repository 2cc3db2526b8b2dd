const traceMethods = new Set([
  'debug_traceTransaction',
  'debug_traceCall',
  'debug_traceBlockByNumber',
  'debug_traceBlockByHash',
]);

/** True for the four methods that run tracer code (and struct logs), which `serve` answers in a trace process. */
export function isTraceMethod(method: unknown): boolean {
  return typeof method === 'string' && traceMethods.has(method);
}
