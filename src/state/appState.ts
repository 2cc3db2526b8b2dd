import type { Diagnostic } from '../core/diagnostics.ts';
import type { DialectTarget } from '../core/rpc/probe/dialect.ts';
import type { JsTracingSupport } from '../core/rpc/probe/probe.ts';
import { defaultTarget, type TargetId } from '../core/targets.ts';
import { createEndpoint, type Endpoint } from '../core/rpc/endpoint/endpoint.ts';
import type { MethodName } from '../core/rpc/methods/methods.ts';
import type { FlatTracer } from '../core/flatten/flattenTracer.ts';
import type { Reply } from '../core/rpc/protocol/summarizeReply.ts';

/** One named tracer the user edits. */
export interface TracerDoc {
  /** Stable id (random), never shown. */
  id: string;
  /** Name shown in the tab; also the file name on export. */
  name: string;
  source: string;
  /** What it must run on (docs/targets.md); absent: es5. Saved with it. */
  target?: TargetId;
  /** Its tracerConfig (JSON text) while another tab is active; the request form holds the active tab's. */
  tracerConfig?: string;
}

/** The request being edited: typed fields per method, or raw params. */
export interface RequestDraft {
  method: MethodName;
  /** Field values by name (all strings as typed; validated before sending). */
  fields: Record<string, string>;
  /** tracerConfig as JSON text ('' = none). */
  tracerConfig: string;
  /** Go duration such as `5s` ('' = node default). */
  timeout: string;
  /** When set, `rawParams` (a JSON array) is sent as params instead of the typed form. */
  rawMode: boolean;
  rawParams: string;
}

/** One sent request, kept locally and replayable. */
export interface HistoryEntry {
  id: string;
  method: string;
  params: unknown[];
  endpointName: string;
  /** Epoch milliseconds. */
  time: number;
  /** `ok`, `rpc-error`, `http-error`, `network`, `cancelled`, … */
  status: string;
  durationMs: number;
  sizeBytes: number;
  /** The tracer sent: its tab's (or template's) name, or a built-in tracer's name; absent when none was sent. */
  tracerName?: string;
  /** The result as History keeps it to reopen (src/ui/history/keepHistoryResults.ts), when it was small enough. */
  result?: ResultView;
  /** Set when the result was too large to keep: it can only be sent again. */
  resultTrimmed?: boolean;
}

/** What the result panel shows: the reply (one model with the CLI: `Reply` in src/core/rpc/protocol/summarizeReply.ts). */
export type ResultView = Reply & {
  /** The History entry this result was reopened from (absent for the reply of a request just sent). */
  openedFrom?: string;
};

/** The outcome of probing an endpoint. */
export interface ProbeView {
  endpointId: string;
  running: boolean;
  verdict?: string;
  /** The verdict's first sentence (what the node does), and the rest (why the probe says so). */
  headline?: string;
  summary?: string;
  /** Each way the node's tracer runtime differs from geth (the card lists them under the headline). */
  differences?: string[];
  clientVersion?: string;
  latestBlock?: string;
  evidence: string[];
  /** The engine family the probe found (after `supported`), which the check names in its summary line. */
  dialectTarget?: DialectTarget;
  /** The probe's verdict on JavaScript tracers (the card offers to run them here when the node does not). */
  jsTracing?: JsTracingSupport;
}

/** The whole app state held by the store. */
export interface AppState {
  tracers: TracerDoc[];
  activeTracerId: string;
  /** Diagnostics of the active tracer's current text. */
  diagnostics: Diagnostic[];
  /**
   * The flattened one-line tracer with its source and position map (what a send carries, so that the reply's
   * tracer error is placed in that source), or null while it cannot be flattened.
   */
  flat: FlatTracer | null;
  /**
   * The active tracer's text for the embedded node alone when `flat` is null only because of console calls (kept
   * there: they print to the Console panel). Never sent to another node (see ui/send/tracerCodeFor.ts).
   */
  embeddedFlat?: { kind: 'flattened' | 'verbatim'; code: string } | null;
  request: RequestDraft;
  endpoints: Endpoint[];
  activeEndpointId: string;
  includeCredentials: boolean;
  /** Set while a request is in flight. */
  inFlight: { startedAt: number } | null;
  result: ResultView | null;
  history: HistoryEntry[];
  probe: ProbeView | null;
  /** A one-line message for the user (bad share link, set-aside saved state, …). */
  notice: string | null;
}

/** The target of the active tracer (es5 when it has none). */
export function activeTarget(s: AppState): TargetId {
  return s.tracers.find((t) => t.id === s.activeTracerId)?.target ?? defaultTarget;
}

/** The id of the always-present embedded node endpoint. */
export const embeddedEndpointId = 'embedded';

/** The embedded node endpoint. */
export function createEmbeddedEndpoint(): Endpoint {
  return createEndpoint({ id: embeddedEndpointId, name: 'Embedded node (in this page)', kind: 'embedded' });
}

/** A random id for tracers, endpoints and history entries. */
export function createId(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36).slice(-4);
}

/** An empty request draft for `method`. */
export function createRequestDraft(method: MethodName = 'debug_traceCall'): RequestDraft {
  return { method, fields: {}, tracerConfig: '', timeout: '', rawMode: false, rawParams: '[]' };
}
