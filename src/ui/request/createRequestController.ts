// DOM-free: the request side of the page as plain functions over the store, with every effect passed in, so that it
// runs (and is tested) in Node with real transports and the real embedded node.
import type { Endpoint } from '../../core/rpc/endpoint/endpoint.ts';
import type { ClassifyOptions } from '../../core/rpc/protocol/classifyResponse.ts';
import type { ProbeReport } from '../../core/rpc/probe/probe.ts';
import type { FlatTracer } from '../../core/flatten/flattenTracer.ts';
import type { JsonRpcRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import {
  placeTracerError,
  summarizeReply,
  type Reply,
  type TracerErrorPlace,
} from '../../core/rpc/protocol/summarizeReply.ts';
import type { TransportResponse } from '../../core/rpc/protocol/transportOutcome.ts';
import type { Transport } from '../../io/transport/transport.ts';
import {
  createId,
  type AppState,
  type HistoryEntry,
  type RequestDraft,
  type ResultView,
} from '../../state/appState.ts';
import { buildDraftRequest } from '../../state/buildDraftRequest.ts';
import type { Store } from '../../state/createStore.ts';
import { demoFields, exampleFields } from '../../state/demoFields.ts';
import { activeEndpoint } from '../../state/endpointList.ts';
import type { DemoDefaults } from '../../evm/node/demoDefaults.ts';
import type { FixtureDefaults } from '../../core/fixture/fixtureTypes.ts';
import { describeProbe } from '../endpoints/describeProbe.ts';
import { splitTraceOptions } from './splitTraceOptions.ts';
import { tracerCodeFor } from '../send/tracerCodeFor.ts';
import type { TemplateDemo } from '../../core/templates/parseTemplateHeader.ts';

const demoSubjectText: Record<TemplateDemo['subject'], string> = {
  tx: 'the demo transaction (CallProbe.run: calls, creates, storage, logs)',
  revertTx: 'the demo transaction that reverts',
  block: 'the demo block',
  call: 'an ERC-20 transfer',
};

/** The side panels the controller may bring forward. */
export type RequestPanel = 'request' | 'result';

/** What the request controller needs from the page (or a test). */
export interface RequestControllerDeps {
  store: Store<AppState>;
  /** The transport for an endpoint (the page: transportForEndpoint with the embedded node's handle). */
  transportFor(endpoint: Endpoint): Transport;
  /** Classifies and summarizes a response (the page: in the parser worker); gives the body back for copying. */
  parse(
    response: TransportResponse,
    options: ClassifyOptions,
  ): Promise<{ summary: Reply; body: ArrayBuffer }>;
  /** Probes an endpoint for JavaScript-tracer support. */
  probe(endpoint: Endpoint): Promise<ProbeReport>;
  /** The embedded node's demo values (a tx hash, blocks, a call). */
  demoDefaults(): Promise<DemoDefaults | FixtureDefaults>;
  showPanel(panel: RequestPanel): void;
  notify(message: string | null): void;
  /**
   * Called after a failed trace whose error the node placed in the tracer: the place in the source that was
   * flattened and sent (mapped through that tracer's own position map), and that source (the page marks it in the
   * editor, saying so when the editor's text has changed since).
   */
  onTracerError(place: TracerErrorPlace, sentSource: string): void;
  /** Milliseconds for `inFlight.startedAt` (the page: performance.now). */
  now(): number;
  /**
   * Resolves once the flattened tracer in the store belongs to the editor's current text (the page: the live
   * check's `settled`), so that a send right after a keystroke sends what is on screen.
   */
  settle?(): Promise<void>;
}

/** Sending, cancelling, re-sending, demo values and probing: everything the request side does. */
export interface RequestController {
  /** Builds the request from the form and the flattened tracer, sends it and shows the result (never throws). */
  send(): Promise<void>;
  /**
   * As send, but through `via.transport` instead of the active endpoint's (run it here on another node's state);
   * History names `via.endpointName`, and the Result panel opens when the answer is there, not before.
   */
  sendVia(via: { transport: Transport; endpointName: string }): Promise<void>;
  /** Cancels the request in flight, if any. */
  cancel(): void;
  /** Puts a history entry back into the form (raw params, its tracing options) and sends it. */
  resend(entry: HistoryEntry): Promise<void>;
  /**
   * Shows `result`, the one History kept for `entry`, in the Result panel again (nothing is sent); copy and download
   * then give that result's JSON.
   */
  reopen(entry: HistoryEntry, result: ResultView): void;
  /** Fills the form with the embedded node's demo values; `quiet`: only fields still empty or at their example. */
  fillDemo(quiet?: boolean): Promise<void>;
  /** Probes the endpoint with this id and keeps the report in the store. */
  probe(endpointId: string): Promise<void>;
  /** The last response's body text (for copy and download), '' when there is none. */
  rawText(): string;
  /** Changes the request form's draft. */
  setDraft(patch: Partial<RequestDraft>): void;
  /**
   * Sets the form to a template's demo request (its method on the demo chain's value) when the embedded node is the
   * endpoint; otherwise says how to try it. Resolves to whether the form changed.
   */
  useTemplateDemo(demo: TemplateDemo): Promise<boolean>;
}

/** The newest this many requests are kept in History. */
export const historyLimit = 100;

type Via = { transport: Transport; endpointName: string };

/** The reply to one request, the body bytes kept for copying, and whether the user cancelled it. */
interface Exchanged {
  reply: Reply;
  body: ArrayBuffer | null;
  aborted: boolean;
}

/**
 * Sends `request` over `transport` and reads the reply (never throws: a failure of the page's own machinery, such
 * as a dead parser worker, becomes an `unreachable` reply that says so).
 */
async function exchange(
  deps: RequestControllerDeps,
  transport: Transport,
  request: JsonRpcRequest,
  signal: AbortSignal,
): Promise<Exchanged> {
  const options = { expectedId: request.id, method: request.method };
  try {
    const outcome = await transport.send(request, { signal });
    if (outcome.kind === 'no-response')
      return { reply: summarizeReply(outcome, options), body: null, aborted: outcome.reason === 'aborted' };
    const parsed = await deps.parse(outcome, options);
    return { reply: parsed.summary, body: parsed.body, aborted: false };
  } catch (e) {
    const message = `The reply could not be read: ${(e as Error).message}`;
    const reply: Reply = { kind: 'unreachable', message, durationMs: 0, sizeBytes: 0, txErrors: [] };
    return { reply: { ...reply, method: request.method }, body: null, aborted: false };
  } finally {
    transport.close?.();
  }
}

/** The flattened tracer `request` carries (its options' `tracer` is that code), or null when it carries another. */
function sentTracerIn(request: JsonRpcRequest, flat: FlatTracer | null): FlatTracer | null {
  if (!flat) return null;
  const carries = request.params.some(
    (p) => !!p && typeof p === 'object' && (p as { tracer?: unknown }).tracer === flat.code,
  );
  return carries ? flat : null;
}

/** The History entry of one exchange. */
function historyEntryOf(request: JsonRpcRequest, endpointName: string, got: Exchanged): HistoryEntry {
  return {
    id: createId(),
    method: request.method,
    params: request.params,
    endpointName,
    time: Date.now(),
    status: got.aborted ? 'cancelled' : got.reply.kind,
    durationMs: got.reply.durationMs,
    sizeBytes: got.reply.sizeBytes,
  };
}

/** Changes the request form's draft. */
function updateDraft(store: Store<AppState>, patch: Partial<RequestDraft>): void {
  store.update((s) => ({ request: { ...s.request, ...patch } }));
}

/** Fills the form with the embedded node's demo values; `quiet`: only fields still empty or at their example. */
async function fillDemo(deps: RequestControllerDeps, quiet: boolean): Promise<void> {
  const { store } = deps;
  try {
    const defaults = await deps.demoDefaults();
    const current = store.get().request.fields;
    const examples = exampleFields();
    const demo = Object.entries(demoFields(defaults));
    // Filled on start-up, demo values never replace what the user already typed.
    const fill = quiet ? demo.filter(([k]) => !current[k] || current[k] === examples[k]) : demo;
    updateDraft(store, { fields: { ...current, ...Object.fromEntries(fill) } });
  } catch (e) {
    if (!quiet) deps.notify(`The embedded node could not give demo values: ${(e as Error).message}`);
  }
}

/** Probes the endpoint with this id and keeps the worded report in the store. */
async function probeEndpoint(deps: RequestControllerDeps, id: string): Promise<void> {
  const { store } = deps;
  const endpoint = store.get().endpoints.find((e) => e.id === id);
  if (!endpoint) return;
  store.update({ probe: { endpointId: id, running: true, evidence: [] } });
  const report = await describeProbe(deps.probe(endpoint));
  store.update({ probe: { endpointId: id, running: false, ...report } });
}

/** Sets the form to a template's demo request on the embedded node, or says how to try it; whether it changed. */
async function useTemplateDemo(deps: RequestControllerDeps, demo: TemplateDemo): Promise<boolean> {
  const { store } = deps;
  const what = `${demo.method} of ${demoSubjectText[demo.subject]}`;
  if (activeEndpoint(store.get()).kind !== 'embedded') {
    deps.notify(
      `This template's demo request is ${what} on the embedded node's demo chain: choose the embedded node as the endpoint to try it.`,
    );
    return false;
  }
  let defaults: DemoDefaults | FixtureDefaults;
  try {
    defaults = await deps.demoDefaults();
  } catch (e) {
    deps.notify(`The embedded node could not give demo values: ${(e as Error).message}`);
    return false;
  }
  const fields = demoFields(defaults);
  const revert = (defaults as Partial<DemoDefaults>).revertTxHash;
  if (demo.subject === 'revertTx' && revert) fields.txHash = revert;
  updateDraft(store, {
    method: demo.method as RequestDraft['method'],
    rawMode: false,
    fields: { ...store.get().request.fields, ...fields },
  });
  deps.notify(`The request form is set to this template's demo: ${what} (Ctrl/Cmd+Enter sends it).`);
  return true;
}

/** Shows the reply, records it in History, and marks a tracer error placed in the sent source in the editor. */
function recordReply(
  deps: RequestControllerDeps,
  request: JsonRpcRequest,
  endpointName: string,
  got: Exchanged,
  sent: FlatTracer | null,
): void {
  const reply = placeTracerError(got.reply, sent);
  const entry = historyEntryOf(request, endpointName, got);
  deps.store.update((st) => ({
    inFlight: null,
    result: { ...reply, method: request.method },
    history: [entry, ...st.history].slice(0, historyLimit),
    notice: null,
  }));
  deps.showPanel('result');
  const place = reply.tracerError?.place;
  if (place && sent) deps.onTracerError(place, sent.source);
}

/** The form's draft for re-sending a History entry: its raw params and its tracing options. */
function draftOfEntry(e: HistoryEntry): Partial<RequestDraft> {
  const { params, options } = splitTraceOptions(e.method, e.params);
  return {
    method: e.method as RequestDraft['method'],
    rawMode: true,
    rawParams: JSON.stringify(params),
    tracerConfig: options?.tracerConfig === undefined ? '' : JSON.stringify(options.tracerConfig),
    timeout: typeof options?.timeout === 'string' ? options.timeout : '',
  };
}

/** Creates the request controller over the store. */
export function createRequestController(deps: RequestControllerDeps): RequestController {
  const { store } = deps;
  let controller: AbortController | null = null;
  let lastBody: ArrayBuffer | null = null;
  const setDraft = (patch: Partial<RequestDraft>) => updateDraft(store, patch);

  let settling = false;
  /** Waits for the live check to catch up with the editor; false when a request is already on its way. */
  async function settle(): Promise<boolean> {
    if (store.get().inFlight || settling) return false;
    settling = true;
    try {
      await deps.settle?.();
    } finally {
      settling = false;
    }
    return !store.get().inFlight;
  }

  async function send(via?: Via): Promise<void> {
    if (!(await settle())) return;
    const s = store.get();
    const endpoint = activeEndpoint(s);
    const built = buildDraftRequest(s.request, tracerCodeFor(s, endpoint, !!via));
    if (!built.ok) {
      deps.showPanel('request');
      deps.notify(`Not sent: ${built.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
      return;
    }
    const ctl = new AbortController();
    controller = ctl;
    store.update({ inFlight: { startedAt: deps.now() } });
    if (!via) deps.showPanel('result');
    const request = built.request;
    const transport = via?.transport ?? deps.transportFor(endpoint);
    const got = await exchange(deps, transport, request, ctl.signal);
    controller = null;
    lastBody = got.body;
    recordReply(deps, request, via?.endpointName ?? endpoint.name, got, sentTracerIn(request, s.flat));
  }

  async function resend(e: HistoryEntry): Promise<void> {
    setDraft(draftOfEntry(e));
    deps.showPanel('request');
    await send();
  }

  return {
    useTemplateDemo: (demo) => useTemplateDemo(deps, demo),
    send: () => send(),
    sendVia: (via) => send(via),
    cancel: () => controller?.abort(),
    resend,
    reopen(entry, result) {
      if (store.get().inFlight) return;
      const text = result.value === undefined ? '' : JSON.stringify(result.value, null, 2);
      lastBody = new TextEncoder().encode(text).buffer as ArrayBuffer;
      store.update({ result: { ...result, openedFrom: entry.id }, notice: null });
      deps.showPanel('result');
    },
    fillDemo: (quiet = false) => fillDemo(deps, quiet),
    probe: (id) => probeEndpoint(deps, id),
    rawText: () => (lastBody ? new TextDecoder().decode(lastBody) : ''),
    setDraft,
  };
}
