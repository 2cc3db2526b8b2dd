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

/**
 * Shows the reply: status, duration and size, decoded errors, per-transaction errors, the result views that fit its
 * shape (call tree, flame chart, tables, charts, diff) and the JSON (read-only).
 */
export function mountResultPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  // The full reply text for copy and download is kept outside the store.
  const ctx = { rawText: () => panel.requests.rawText() };
  const v = buildResultView();
  // While a decoded transaction is shown, copy and download give it instead of the node's reply.
  let decodedText: string | null = null;
  const shownText = () => decodedText ?? ctx.rawText();
  v.copy.addEventListener('click', async () => (v.copyStatus.textContent = await copyText(shownText())));
  v.download.addEventListener('click', () =>
    downloadText(decodedText ? 'transaction.json' : 'result.json', shownText()),
  );
  el.append(...v.children);
  const views = mountResultViews(v.viewsHost, v.jsonPane);
  // A large result: a virtual tree whose rows (and views) come from the parser worker.
  let treeView: VirtualTreeView | null = null;
  let treePort: MessagePort | null = null;
  let treeApi: Remote<ResultTreeApi> | null = null;
  const showTree = (r: ResultView | null) => {
    if (r?.tree?.port === treePort) return;
    treeView?.dispose();
    treePort?.close();
    treeView = null;
    treeApi = null;
    treePort = r?.tree?.port ?? null;
    v.treeHost.hidden = !r?.tree;
    if (!r?.tree) return;
    treeApi = wrap<ResultTreeApi>(r.tree.port);
    treeView = mountVirtualTree(v.treeHost, treeApi, r.tree.size);
  };
  // The views of a result: prepared here for a small one (their code loaded on first use), in the parser worker
  // next to a large one.
  const showViews = (r: ResultView | null) => {
    if (r?.kind !== 'ok') return views.show(null);
    if (r.value !== undefined) {
      const value = r.value;
      return views.show({
        views: async (selection) =>
          (await import('../../core/result/prepareResultViews.ts')).prepareResultViews(value, selection),
      });
    }
    const api = treeApi;
    views.show(api ? { views: (selection) => api.views(selection) } : null);
  };
  let jsonViewer: JsonViewer | null = null;
  let loading: Promise<JsonViewer> | null = null;

  const showJson = async (value: unknown) => {
    loading ??= createJsonViewer(v.jsonHost);
    jsonViewer = await loading;
    jsonViewer.set(value);
  };

  // Taken when a request starts: the tracer and the endpoint it goes to (either may change before the reply).
  let sending: { tracerName?: string; endpointName: string; endpoint: HeadingPart } | null = null;
  // The endpoint History names (a request sent another way, such as run-here, names its own), with its URL
  // masked when it is the active endpoint the request started on.
  const endpointOf = (entry: HistoryEntry): HeadingPart =>
    sending?.endpointName === entry.endpointName ? sending.endpoint : { text: entry.endpointName };
  const render = (r: ResultView | null, entry: HistoryEntry | undefined) => {
    v.empty.hidden = r !== null;
    v.body.hidden = r === null;
    renderHeading(
      v.heading,
      // A result reopened from History is headed by the tracer that made it, not by the last one sent.
      r && entry
        ? describeRequest(
            entry,
            r.openedFrom ? entry.tracerName : (entry.tracerName ?? sending?.tracerName),
            endpointOf(entry),
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
    showTree(r);
    showViews(r);
    if (!r) return;
    renderResultMeta(v.meta, r);
    if (r.kind === 'ok' && entry)
      renderReplyVerdict(v.verdictBox, judgeReply({ ...entry, value: r.value, preview: r.preview }));
    const endpoint = activeEndpoint(panel.store.get());
    renderReplyError(
      v.errorBox,
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
    renderTxErrors(
      v.txBox,
      r.txErrors,
      r.tree
        ? (index) => {
            views.showJson();
            void treeView?.reveal([index, 'error']);
          }
        : null,
    );
    if (r.value !== undefined) void showJson(r.value);
    renderDecode(r);
  };

  // A non-verbose getrawtransaction's hex can be decoded in the page (the Bitcoin wing, ../bitcoin/).
  const renderDecode = (r: ResultView | null) =>
    renderRawTxDecode(v.decodeBox, r, {
      show: (value) => {
        views.showJson();
        void showJson(value);
      },
      setDecodedText: (text) => (decodedText = text),
    });

  return {
    update(s, prev) {
      if (s.inFlight && !prev?.inFlight)
        sending = {
          tracerName: s.tracers.find((t) => t.id === s.activeTracerId)?.name,
          endpointName: activeEndpoint(s).name,
          endpoint: describeEndpoint(activeEndpoint(s)),
        };
      if (!prev || prev.inFlight !== s.inFlight)
        renderPending(v.pending, v.body, s.inFlight ? activeEndpoint(s).name : null);
      if (prev && prev.result === s.result) return;
      render(s.result, entryOfResult(s, prev));
    },
    dispose() {
      views.dispose();
      jsonViewer?.destroy();
      showTree(null);
      clear(el);
    },
  };
}
