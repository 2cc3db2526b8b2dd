import type * as Monaco from 'monaco-editor/editor/editor.api';
import { transfer, wrap, type Remote } from 'comlink';
import type { Endpoint } from '../core/rpc/endpoint.ts';
import { createId, type AppState, type HistoryEntry, type RequestDraft } from '../state/appState.ts';
import { buildDraftRequest } from '../state/buildDraftRequest.ts';
import type { Store } from '../state/createStore.ts';
import { embeddedNodeHandle, getEmbeddedNode } from '../io/embeddedNode.ts';
import { transportForEndpoint } from '../io/transportForEndpoint.ts';
import { summarizeReply, type ReplySummary } from '../core/rpc/summarizeReply.ts';
import { runProbe } from '../io/runProbe.ts';
import { describeProbe } from './describeProbe.ts';
import { demoFields, exampleFields } from '../state/demoFields.ts';
import type { ParseReplyApi, TracerWorkerApi } from '../worker/contracts.ts';
import type { Layout } from './createLayout.ts';
import type { Panel } from './dom.ts';
import { nodeErrorMarkerOwner } from './editor/applyDiagnostics.ts';
import { mountEndpointsPanel } from './panels/mountEndpointsPanel.ts';
import { mountHistoryPanel } from './panels/mountHistoryPanel.ts';
import { mountRequestPanel } from './panels/mountRequestPanel.ts';
import { mountResultPanel } from './panels/mountResultPanel.ts';

/** What the request side needs from the composition root. */
export interface RequestDeps {
  monaco: typeof Monaco;
  editor: Monaco.editor.IStandaloneCodeEditor;
  tracerWorker: Remote<TracerWorkerApi>;
  activeSource(): string;
  notify(message: string | null): void;
  /** True when the form started empty (no saved or shared request): demo values are filled in. */
  freshDraft: boolean;
}

const historyLimit = 100;

/** Mounts the request, result, history and endpoints panels and owns sending, cancelling and probing. */
export function mountRequestFeatures(
  layout: Layout,
  store: Store<AppState>,
  deps: RequestDeps,
): { panels: Panel<AppState>[]; send(): void } {
  const parser = wrap<ParseReplyApi>(
    new Worker(new URL('../worker/parseReply.worker.ts', import.meta.url), { type: 'module' }),
  );
  let controller: AbortController | null = null;
  let lastBody: ArrayBuffer | null = null;
  const activeEndpoint = (): Endpoint =>
    store.get().endpoints.find((e) => e.id === store.get().activeEndpointId) ?? store.get().endpoints[0];
  const setDraft = (patch: Partial<RequestDraft>) =>
    store.update((s) => ({ request: { ...s.request, ...patch } }));

  const showNodeError = async (errorText: string) => {
    const model = deps.editor.getModel();
    if (!model) return;
    const mapped = await deps.tracerWorker.mapNodeError(deps.activeSource(), errorText, store.get().profile);
    if (!mapped || deps.editor.getModel() !== model) return;
    const start = model.getPositionAt(mapped.range.start.offset);
    const end = model.getPositionAt(Math.max(mapped.range.end.offset, mapped.range.start.offset + 1));
    deps.monaco.editor.setModelMarkers(model, nodeErrorMarkerOwner, [
      {
        severity: deps.monaco.MarkerSeverity.Error,
        message: `Node: ${mapped.message}`,
        source: 'node',
        startLineNumber: start.lineNumber,
        startColumn: start.column,
        endLineNumber: end.lineNumber,
        endColumn: end.column,
      },
    ]);
    deps.editor.revealLineInCenter(start.lineNumber);
    deps.editor.setPosition(start);
  };
  deps.editor.onDidChangeModelContent(() => {
    const model = deps.editor.getModel();
    if (model) deps.monaco.editor.setModelMarkers(model, nodeErrorMarkerOwner, []);
  });

  async function send(): Promise<void> {
    const s = store.get();
    if (s.inFlight) return;
    const built = buildDraftRequest(s.request, s.flat?.code ?? null);
    if (!built.ok) {
      layout.showPanel('request');
      deps.notify(`Not sent: ${built.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
      return;
    }
    const endpoint = activeEndpoint();
    controller = new AbortController();
    store.update({ inFlight: { startedAt: performance.now() } });
    const request = built.request;
    const transport = transportForEndpoint(endpoint, embeddedNodeHandle);
    const reply = await transport.send(request, { signal: controller.signal });
    transport.close?.();
    const options = { expectedId: request.id, method: request.method };
    let summary: ReplySummary;
    if (reply.kind === 'no-response') {
      summary = summarizeReply(reply, options);
      lastBody = null;
    } else {
      // The bytes travel to the parser and back without copies; they stay here for copy and download.
      const parsed = await parser.parse(transfer(reply, [reply.body]), options);
      summary = parsed.summary;
      lastBody = parsed.body;
    }
    controller = null;
    const entry: HistoryEntry = {
      id: createId(),
      method: request.method,
      params: request.params,
      endpointName: endpoint.name,
      time: Date.now(),
      status: reply.kind === 'no-response' && reply.reason === 'aborted' ? 'cancelled' : summary.kind,
      durationMs: summary.durationMs,
      sizeBytes: summary.sizeBytes,
    };
    store.update((st) => ({
      inFlight: null,
      result: { ...summary, method: request.method },
      history: [entry, ...st.history].slice(0, historyLimit),
      notice: null,
    }));
    layout.showPanel('result');
    const tracerError = summary.tracerErrorText ?? summary.txErrors[0]?.error;
    if (tracerError) void showNodeError(tracerError);
  }

  const replay = (e: HistoryEntry) => {
    const { params, options } = splitOptions(e);
    setDraft({
      method: e.method as RequestDraft['method'],
      rawMode: true,
      rawParams: JSON.stringify(params),
      tracerConfig: options?.tracerConfig === undefined ? '' : JSON.stringify(options.tracerConfig),
      timeout: typeof options?.timeout === 'string' ? options.timeout : '',
    });
    layout.showPanel('request');
    void send();
  };

  async function fillDemo(quiet = false): Promise<void> {
    try {
      const defaults = await getEmbeddedNode().demoDefaults();
      const current = store.get().request.fields;
      const examples = exampleFields();
      const demo = Object.entries(demoFields(defaults));
      // Filled on start-up, demo values never replace what the user already typed.
      const fill = quiet ? demo.filter(([k]) => !current[k] || current[k] === examples[k]) : demo;
      setDraft({ fields: { ...current, ...Object.fromEntries(fill) } });
    } catch (e) {
      if (!quiet) deps.notify(`The embedded node could not give demo values: ${(e as Error).message}`);
    }
  }
  if (deps.freshDraft) void fillDemo(true);

  async function probe(id: string): Promise<void> {
    const endpoint = store.get().endpoints.find((e) => e.id === id);
    if (!endpoint) return;
    store.update({ probe: { endpointId: id, running: true, evidence: [] } });
    const report = await describeProbe(runProbe(endpoint));
    store.update({ probe: { endpointId: id, running: false, ...report } });
  }

  const panels: Panel<AppState>[] = [
    mountRequestPanel(layout.panels.request, {
      setDraft,
      setEndpoint: (id) => store.update({ activeEndpointId: id }),
      send: () => void send(),
      cancel: () => controller?.abort(),
      fillDemo: () => void fillDemo(),
    }),
    mountResultPanel(layout.panels.result, {
      rawText: () => (lastBody ? new TextDecoder().decode(lastBody) : ''),
    }),
    mountHistoryPanel(layout.panels.history, { replay, clearHistory: () => store.update({ history: [] }) }),
    mountEndpointsPanel(layout.panels.endpoints, {
      save: (e) =>
        store.update((s) => ({
          endpoints: s.endpoints.some((x) => x.id === e.id)
            ? s.endpoints.map((x) => (x.id === e.id ? e : x))
            : [...s.endpoints, e],
        })),
      remove: (id) =>
        store.update((s) => ({
          endpoints: s.endpoints.filter((x) => x.id !== id),
          activeEndpointId: s.activeEndpointId === id ? s.endpoints[0].id : s.activeEndpointId,
        })),
      use: (id) => store.update({ activeEndpointId: id }),
      probe: (id) => void probe(id),
    }),
  ];
  return { panels, send: () => void send() };
}

// History keeps the params as sent; the raw form wants them without the tracing options (rebuilt on send).
function splitOptions(e: HistoryEntry): {
  params: unknown[];
  options?: { tracerConfig?: unknown; timeout?: unknown };
} {
  const last = e.params[e.params.length - 1];
  const isOptions =
    e.method.startsWith('debug_trace') &&
    last !== null &&
    typeof last === 'object' &&
    !Array.isArray(last) &&
    'tracer' in last;
  return isOptions
    ? { params: e.params.slice(0, -1), options: last as { tracerConfig?: unknown } }
    : { params: e.params };
}
