import 'vanilla-jsoneditor/themes/jse-theme-dark.css';
import type { AppState, ResultView } from '../../state/appState.ts';
import { renderRawTxDecode } from '../bitcoin/renderRawTxDecode.ts';
import { clear, copyText, downloadText, type Panel } from '../dom.ts';
import { wrap } from 'comlink';
import type { ResultTreeApi } from '../../worker/contracts.ts';
import { mountVirtualTree, type VirtualTreeView } from '../result/mountVirtualTree.ts';
import {
  buildResultView,
  renderPending,
  renderReplyError,
  renderResultMeta,
  renderTxErrors,
} from '../result/buildResultView.ts';
import type { PanelContext } from './panelContext.ts';
import { activeEndpoint } from '../../state/endpointList.ts';

type JsonEditorHandle = { set(content: { json: unknown } | { text: string }): void; destroy(): void };

/** Shows the reply: status, duration and size, decoded errors, per-transaction errors, and the JSON (read-only). */
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
  // A large result: a virtual tree whose rows come from the parser worker.
  let treeView: VirtualTreeView | null = null;
  let treePort: MessagePort | null = null;
  const showTree = (r: ResultView | null) => {
    if (r?.tree?.port === treePort) return;
    treeView?.dispose();
    treePort?.close();
    treeView = null;
    treePort = r?.tree?.port ?? null;
    v.treeHost.hidden = !r?.tree;
    if (r?.tree) treeView = mountVirtualTree(v.treeHost, wrap<ResultTreeApi>(r.tree.port), r.tree.size);
  };
  // The viewer follows the system theme like the rest of the page.
  const dark = matchMedia('(prefers-color-scheme: dark)');
  const applyTheme = () => v.jsonHost.classList.toggle('jse-theme-dark', dark.matches);
  applyTheme();
  dark.addEventListener('change', applyTheme);
  let jsonEditor: JsonEditorHandle | null = null;
  let loading: Promise<JsonEditorHandle> | null = null;

  const showJson = async (value: unknown) => {
    loading ??= import('vanilla-jsoneditor').then(({ createJSONEditor, Mode }) => {
      return createJSONEditor({
        target: v.jsonHost,
        props: { content: { json: null }, readOnly: true, mode: Mode.tree },
      }) as unknown as JsonEditorHandle;
    });
    jsonEditor = await loading;
    jsonEditor.set({ json: value === undefined ? null : value });
  };

  const render = (r: ResultView | null) => {
    v.empty.hidden = r !== null;
    clear(v.meta);
    clear(v.errorBox);
    clear(v.txBox);
    v.tools.hidden = r === null || (r.value === undefined && !r.preview);
    v.jsonHost.hidden = r === null || r.value === undefined;
    // The raw-text preview only stands in when there is no tree to show.
    v.preview.hidden = !r?.preview || !!r.tree;
    v.preview.textContent = r?.preview && !r.tree ? r.preview : '';
    showTree(r);
    if (!r) return;
    renderResultMeta(v.meta, r);
    renderReplyError(v.errorBox, r);
    renderTxErrors(v.txBox, r.txErrors, r.tree ? (index) => void treeView?.reveal([index, 'error']) : null);
    if (r.value !== undefined) void showJson(r.value);
    renderDecode(r);
  };

  // A non-verbose getrawtransaction's hex can be decoded in the page (the Bitcoin wing, ../bitcoin/).
  const renderDecode = (r: ResultView | null) =>
    renderRawTxDecode(v.decodeBox, r, {
      show: (value) => void showJson(value),
      setDecodedText: (text) => (decodedText = text),
    });

  return {
    update(s, prev) {
      if (!prev || prev.inFlight !== s.inFlight)
        renderPending(v.pending, s.inFlight ? activeEndpoint(s).name : null);
      if (prev && prev.result === s.result) return;
      render(s.result);
    },
    dispose() {
      dark.removeEventListener('change', applyTheme);
      jsonEditor?.destroy();
      showTree(null);
      clear(el);
    },
  };
}
