// DOM-free: the request side of the page as plain functions over the store, with every effect passed in, so that it
// runs (and is tested) in Node with real transports and the real embedded node.
import type { Endpoint } from '../../core/rpc/endpoint.ts';
import type { ClassifyOptions } from '../../core/rpc/classifyResponse.ts';
import type { ProbeReport } from '../../core/rpc/probe.ts';
import { summarizeReply, type ReplySummary } from '../../core/rpc/summarizeReply.ts';
import type { TransportResponse } from '../../core/rpc/transportOutcome.ts';
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
import { describeProbe } from '../describeProbe.ts';
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
  ): Promise<{ summary: ReplySummary; body: ArrayBuffer }>;
  /** Probes an endpoint for JavaScript-tracer support. */
  probe(endpoint: Endpoint): Promise<ProbeReport>;
  /** The embedded node's demo values (a tx hash, blocks, a call). */
  demoDefaults(): Promise<DemoDefaults | FixtureDefaults>;
  showPanel(panel: RequestPanel): void;
  notify(message: string | null): void;
  /** Called with the node's tracer error text after a failed trace (the page marks it in the editor). */
  onTracerError(errorText: string): void;
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

/** Creates the request controller over the store. */
export function createRequestController(deps: RequestControllerDeps): RequestController {
  const { store } = deps;
  let controller: AbortController | null = null;
  let lastBody: ArrayBuffer | null = null;
  const setDraft = (patch: Partial<RequestDraft>) =>
    store.update((s) => ({ request: { ...s.request, ...patch } }));

  let settling = false;
  async function send(via?: { transport: Transport; endpointName: string }): Promise<void> {
    if (store.get().inFlight || settling) return;
    settling = true;
    try {
      await deps.settle?.();
    } finally {
      settling = false;
    }
    const s = store.get();
    if (s.inFlight) return;
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
    const options = { expectedId: request.id, method: request.method };
    const transport = via?.transport ?? deps.transportFor(endpoint);
    let summary: ReplySummary;
    let aborted = false;
    try {
      const reply = await transport.send(request, { signal: ctl.signal });
      if (reply.kind === 'no-response') {
        summary = summarizeReply(reply, options);
        aborted = reply.reason === 'aborted';
        lastBody = null;
      } else {
        const parsed = await deps.parse(reply, options);
        summary = parsed.summary;
        lastBody = parsed.body;
      }
    } catch (e) {
      // Only the page's own machinery can throw here (the parser worker died): said, not swallowed.
      summary = {
        kind: 'unreachable',
        message: `The reply could not be read: ${(e as Error).message}`,
        durationMs: 0,
        sizeBytes: 0,
        txErrors: [],
      };
      lastBody = null;
    } finally {
      transport.close?.();
      controller = null;
    }
    const entry: HistoryEntry = {
      id: createId(),
      method: request.method,
      params: request.params,
      endpointName: via?.endpointName ?? endpoint.name,
      time: Date.now(),
      status: aborted ? 'cancelled' : summary.kind,
      durationMs: summary.durationMs,
      sizeBytes: summary.sizeBytes,
    };
    store.update((st) => ({
      inFlight: null,
      result: { ...summary, method: request.method },
      history: [entry, ...st.history].slice(0, historyLimit),
      notice: null,
    }));
    deps.showPanel('result');
    const tracerError = summary.tracerErrorText ?? summary.txErrors[0]?.error;
    if (tracerError) deps.onTracerError(tracerError);
  }

  async function resend(e: HistoryEntry): Promise<void> {
    const { params, options } = splitTraceOptions(e.method, e.params);
    setDraft({
      method: e.method as RequestDraft['method'],
      rawMode: true,
      rawParams: JSON.stringify(params),
      tracerConfig: options?.tracerConfig === undefined ? '' : JSON.stringify(options.tracerConfig),
      timeout: typeof options?.timeout === 'string' ? options.timeout : '',
    });
    deps.showPanel('request');
    await send();
  }

  async function fillDemo(quiet = false): Promise<void> {
    try {
      const defaults = await deps.demoDefaults();
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

  async function probe(id: string): Promise<void> {
    const endpoint = store.get().endpoints.find((e) => e.id === id);
    if (!endpoint) return;
    store.update({ probe: { endpointId: id, running: true, evidence: [] } });
    const report = await describeProbe(deps.probe(endpoint));
    store.update({ probe: { endpointId: id, running: false, ...report } });
  }

  async function useTemplateDemo(demo: TemplateDemo): Promise<boolean> {
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
    setDraft({
      method: demo.method as RequestDraft['method'],
      rawMode: false,
      fields: { ...store.get().request.fields, ...fields },
    });
    deps.notify(`The request form is set to this template's demo: ${what} (Ctrl/Cmd+Enter sends it).`);
    return true;
  }

  return {
    useTemplateDemo,
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
    fillDemo,
    probe,
    rawText: () => (lastBody ? new TextDecoder().decode(lastBody) : ''),
    setDraft,
  };
}
