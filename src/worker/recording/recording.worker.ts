// Keeps the last inspected run's recording (up to 100,000 steps and their hook calls) off the page's main thread: the
// node worker posts it here over a port the page gave both, and the page's Inspector asks for the rows in view.
import { expose, transfer, type Endpoint } from 'comlink';
import type { InspectReport } from '../../evm/host/inspectTypes.ts';
import { createRecordingModel, type RecordingModel } from './createRecordingModel.ts';
import type { RecordingQueries, RecordingWorkerApi } from './recordingContract.ts';

const replacedMessage = 'This recording was replaced by a newer one: make a Debug run again to browse it.';

// Only the newest recording is kept; a replaced one's port answers with a clear error instead of never answering.
let current: { model: RecordingModel | null } | null = null;

function isReport(data: unknown): data is InspectReport {
  const r = data as Partial<InspectReport> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    Array.isArray(r.steps) &&
    Array.isArray(r.hookCalls) &&
    Array.isArray(r.hits) &&
    Array.isArray(r.breakpointErrors)
  );
}

/** Serves the queries over a new port, on the model while it is the current one. */
function serveModel(model: RecordingModel): MessagePort {
  if (current) current.model = null;
  const mine: { model: RecordingModel | null } = { model };
  current = mine;
  const live = (): RecordingModel => {
    if (!mine.model) throw new Error(replacedMessage);
    return mine.model;
  };
  const queries: RecordingQueries = {
    count: (filter) => live().count(filter),
    rows: (filter, start, count) => live().rows(filter, start, count),
    positionOf: (filter, step) => live().positionOf(filter, step),
    detail: (step) => live().detail(step),
    thisAt: (step) => live().thisAt(step),
    hitsAt: (step) => live().hitsAt(step),
    nextHit: (from) => live().nextHit(from),
    nextHookCall: (from) => live().nextHookCall(from),
    stepOfFrame: (frame) => live().stepOfFrame(frame),
    stepOfFramePath: (path) => live().stepOfFramePath(path),
  };
  const channel = new MessageChannel();
  expose(queries, channel.port1);
  return channel.port2;
}

const api: RecordingWorkerApi = {
  load: (port) =>
    new Promise((resolve) => {
      const onMessage = (e: MessageEvent) => {
        port.removeEventListener('message', onMessage);
        port.close();
        if (!isReport(e.data)) return resolve(null);
        let model: RecordingModel;
        try {
          model = createRecordingModel(e.data);
        } catch {
          // A report of the right shape whose items are not (it comes from the worker that runs tracer code).
          return resolve(null);
        }
        const queries = serveModel(model);
        resolve(transfer({ summary: model.summary, port: queries }, [queries]));
      };
      port.addEventListener('message', onMessage);
      port.start();
    }),
};

/** Answers {@link RecordingWorkerApi} on `endpoint` (the worker's global scope; a MessagePort in tests). */
export function serveRecording(endpoint: Endpoint): void {
  expose(api, endpoint);
}

declare const WorkerGlobalScope: unknown;
if (typeof WorkerGlobalScope !== 'undefined') serveRecording(self as unknown as Endpoint);
