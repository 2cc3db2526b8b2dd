import type { AppState, HistoryEntry, ResultView } from '../../state/appState.ts';
import { renderRawTxDecode } from '../bitcoin/renderRawTxDecode.ts';
import { clear, copyText, downloadText, type Panel } from '../shell/dom.ts';
import { wrap, type Remote } from 'comlink';
import { createJsonViewer, type JsonViewer } from './createJsonViewer.ts';
import { mountResultViews } from './mountResultViews.ts';
import type { ResultTreeApi } from '../../worker/contracts.ts';
import { mountVirtualTree, type VirtualTreeView } from './mountVirtualTree.ts';
import {
  buildResultView,
  renderPending,
  renderHeading,
  renderReplyVerdict,
  renderResultMeta,
  renderTxErrors,
} from './buildResultView.ts';
import type { PanelContext } from '../shell/panelContext.ts';
import { activeEndpoint, saveEndpoint } from '../../state/endpointList.ts';
import { entryOfResult } from '../history/recordReplyVerdicts.ts';
import { judgeReply, sentTracer } from './judgeReply.ts';
import { renderReplyError } from './renderReplyError.ts';
import { describeEndpoint, describeRequest, type HeadingPart } from './describeRequest.ts';

/** The panel's view, its context and what it shows now, shared by the functions below. */
interface ResultPanel {
  panel: PanelContext;
  v: ReturnType<typeof buildResultView>;
  views: ReturnType<typeof mountResultViews>;
  /** While a decoded transaction is shown, copy and download give it instead of the node's reply. */
  decodedText: string | null;
  // A large result: a virtual tree whose rows (and views) come from the parser worker.
  treeView: VirtualTreeView | null;
  treePort: MessagePort | null;
  treeApi: Remote<ResultTreeApi> | null;
  jsonViewer: JsonViewer | null;
  loading: Promise<JsonViewer> | null;
  /** Taken when a request starts: the tracer and the endpoint it goes to (either may change before the reply). */
  sending: { tracerName?: string; endpointName: string; endpoint: HeadingPart } | null;
}

// The full reply text for copy and download is kept outside the store.
const shownText = (p: ResultPanel) => p.decodedText ?? p.panel.requests.rawText();

function showTree(p: ResultPanel, r: ResultView | null): void {
  if (r?.tree?.port === p.treePort) return;
  p.treeView?.dispose();
  p.treePort?.close();
  p.treeView = null;
  p.treeApi = null;
  p.treePort = r?.tree?.port ?? null;
  p.v.treeHost.hidden = !r?.tree;
  if (!r?.tree) return;
  p.treeApi = wrap<ResultTreeApi>(r.tree.port);
  p.treeView = mountVirtualTree(p.v.treeHost, p.treeApi, r.tree.size);
}

// The views of a result: prepared here for a small one (their code loaded on first use), in the parser worker
// next to a large one.
function showViews(p: ResultPanel, r: ResultView | null): void {
  if (r?.kind !== 'ok') return p.views.show(null);
  if (r.value !== undefined) {
    const value = r.value;
    return p.views.show({
      views: async (selection) =>
        (await import('../../core/result/prepareResultViews.ts')).prepareResultViews(value, selection),
    });
  }
  const api = p.treeApi;
  p.views.show(api ? { views: (selection) => api.views(selection) } : null);
}

async function showJson(p: ResultPanel, value: unknown): Promise<void> {
  p.loading ??= createJsonViewer(p.v.jsonHost);
  p.jsonViewer = await p.loading;
  p.jsonViewer.set(value);
}

// The endpoint History names (a request sent another way, such as run-here, names its own), with its URL
// masked when it is the active endpoint the request started on.
const endpointOf = (p: ResultPanel, entry: HistoryEntry): HeadingPart =>
  p.sending?.endpointName === entry.endpointName ? p.sending.endpoint : { text: entry.endpointName };

function render(p: ResultPanel, r: ResultView | null, entry: HistoryEntry | undefined): void {
  const { v } = p;
  v.empty.hidden = r !== null;
  v.body.hidden = r === null;
  renderHeading(
    v.heading,
    // A result reopened from History is headed by the tracer that made it, not by the last one sent.
    r && entry
      ? describeRequest(
          entry,
          r.openedFrom ? entry.tracerName : (entry.tracerName ?? p.sending?.tracerName),
          endpointOf(p, entry),
        )
      : null,
  );
  clear(v.meta);
  clear(v.verdictBox);
  clear(v.errorBox);
  clear(v.txBox);
  v.tools.hidden = r === null || (r.value === undefined && !r.preview);
  v.jsonHost.hidden = r === null || r.value === undefined;
  // The raw-text preview only stands in when there is no tree to show.
  v.preview.hidden = !r?.preview || !!r.tree;
  v.preview.textContent = r?.preview && !r.tree ? r.preview : '';
  showTree(p, r);
  showViews(p, r);
  if (!r) return;
  renderResultMeta(v.meta, r);
  if (r.kind === 'ok' && entry)
    renderReplyVerdict(v.verdictBox, judgeReply({ ...entry, value: r.value, preview: r.preview }));
  renderError(p, r, entry);
  renderTxErrors(
    v.txBox,
    r.txErrors,
    r.tree
      ? (index) => {
          p.views.showJson();
          void p.treeView?.reveal([index, 'error']);
        }
      : null,
  );
  if (r.value !== undefined) void showJson(p, r.value);
  renderDecode(p, r);
}

function renderError(p: ResultPanel, r: ResultView, entry: HistoryEntry | undefined): void {
  const { panel } = p;
  const endpoint = activeEndpoint(panel.store.get());
  renderReplyError(
    p.v.errorBox,
    r,
    {
      retry: () => void panel.requests.send(),
      editEndpoint:
        endpoint.kind === 'embedded' || !/^(unreachable|http-error)$/.test(r.kind)
          ? undefined
          : () => panel.showPanel('endpoints'),
      // The browser cannot tell a dead node from a CORS refusal: offer the route that gets around CORS.
      useForwarding:
        r.kind === 'unreachable' && endpoint.kind === 'http' && !endpoint.forward && /CORS/.test(r.message)
          ? () => {
              panel.store.update((s) => saveEndpoint(s, { ...endpoint, forward: true }));
              panel.notify(
                `${endpoint.name} now goes through the local forwarding route (Endpoints: untick to undo).`,
              );
              void panel.requests.send();
            }
          : undefined,
      copy: copyText,
      reveal: panel.reveal,
    },
    entry ? sentTracer(entry.method, entry.params) : undefined,
  );
}

// A non-verbose getrawtransaction's hex can be decoded in the page (the Bitcoin wing, ../bitcoin/).
function renderDecode(p: ResultPanel, r: ResultView | null): void {
  renderRawTxDecode(p.v.decodeBox, r, {
    show: (value) => {
      p.views.showJson();
      void showJson(p, value);
    },
    setDecodedText: (text) => (p.decodedText = text),
  });
}

function update(p: ResultPanel, s: AppState, prev: AppState | null): void {
  if (s.inFlight && !prev?.inFlight)
    p.sending = {
      tracerName: s.tracers.find((t) => t.id === s.activeTracerId)?.name,
      endpointName: activeEndpoint(s).name,
      endpoint: describeEndpoint(activeEndpoint(s)),
    };
  if (!prev || prev.inFlight !== s.inFlight)
    renderPending(p.v.pending, p.v.body, s.inFlight ? activeEndpoint(s).name : null);
  if (prev && prev.result === s.result) return;
  render(p, s.result, entryOfResult(s, prev));
}

/**
 * Shows the reply: status, duration and size, decoded errors, per-transaction errors, the result views that fit its
 * shape (call tree, flame chart, tables, charts, diff) and the JSON (read-only).
 */
export function mountResultPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  const v = buildResultView();
  el.append(...v.children);
  const p: ResultPanel = {
    panel,
    v,
    views: mountResultViews(v.viewsHost, v.jsonPane),
    decodedText: null,
    treeView: null,
    treePort: null,
    treeApi: null,
    jsonViewer: null,
    loading: null,
    sending: null,
  };
  v.copy.addEventListener('click', async () => (v.copyStatus.textContent = await copyText(shownText(p))));
  v.download.addEventListener('click', () =>
    downloadText(p.decodedText ? 'transaction.json' : 'result.json', shownText(p)),
  );
  return {
    update: (s, prev) => update(p, s, prev),
    dispose() {
      p.views.dispose();
      p.jsonViewer?.destroy();
      showTree(p, null);
      clear(el);
    },
  };
}
