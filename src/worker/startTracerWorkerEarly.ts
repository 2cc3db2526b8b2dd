// index.html's first script: starts the tracer worker before the page's own script has loaded (see startTracerWorker).
import { startTracerWorker } from './startTracerWorker.ts';

startTracerWorker();
