let started: Worker | undefined;

/**
 * The tracer worker (check and flatten, tracer.worker.ts), started on the first call and the same one after.
 * index.html calls it first, from a script of its own (startTracerWorkerEarly.ts), so the worker loads its modules
 * while the page still loads its much larger graph, and the page's first check does not wait for both in turn.
 */
export function startTracerWorker(): Worker {
  return (started ??= new Worker(new URL('./tracer.worker.ts', import.meta.url), { type: 'module' }));
}
