import 'vanilla-jsoneditor/themes/jse-theme-dark.css';
import type { AppState, ResultView } from '../../state/appState.ts';
import { renderRawTxDecode } from '../bitcoin/renderRawTxDecode.ts';
import { clear, copyText, downloadText, h, type Panel } from '../dom.ts';
import { wrap } from 'comlink';
import type { ResultTreeApi } from '../../worker/contracts.ts';
import { mountVirtualTree, type VirtualTreeView } from '../result/mountVirtualTree.ts';
import type { PanelContext } from './panelContext.ts';
import { activeEndpoint } from '../../state/endpointList.ts';

type JsonEditorHandle = { set(content: { json: unknown } | { text: string }): void; destroy(): void };

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Shows the reply: status, duration and size, decoded errors, per-transaction errors, and the JSON (read-only). */
export function mountResultPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  // The full reply text for copy and download is kept outside the store.
  const ctx = { rawText: () => panel.requests.rawText() };
  const meta = h('div', { class: 'row', attrs: { 'data-testid': 'result-meta' } });
  const errorBox = h('div', { attrs: { 'data-testid': 'result-error' } });
  const txBox = h('div', { attrs: { 'data-testid': 'tx-errors' } });
  const copyStatus = h('span', { class: 'ok' });
  // While a decoded transaction is shown, copy and download give it instead of the node's reply.
  let decodedText: string | null = null;
  const shownText = () => decodedText ?? ctx.rawText();
  const tools = h('div', { class: 'row' }, [
    h('button', {
      text: 'Copy JSON',
      attrs: { 'data-testid': 'copy-result' },
      on: { click: async () => (copyStatus.textContent = await copyText(shownText())) },
    }),
    h('button', {
      text: 'Download',
      attrs: { 'data-testid': 'download-result' },
      on: { click: () => downloadText(decodedText ? 'transaction.json' : 'result.json', shownText()) },
    }),
    copyStatus,
  ]);
  const decodeBox = h('div', { class: 'row', attrs: { 'data-testid': 'decode-tx' } });
  const host = h('div', { class: 'json-host', attrs: { 'data-testid': 'result-json' } });
  const preview = h('pre', {
    class: 'code',
    attrs: { 'data-testid': 'result-preview', style: 'max-height:420px' },
  });
  const empty = h('div', {
    class: 'empty',
    text: 'No result yet. Send a request from the Request panel (Ctrl/Cmd+Enter).',
  });
  // A large result: a virtual tree whose rows come from the parser worker.
  const treeHost = h('div', { attrs: { 'data-testid': 'result-large' } });
  // While a request runs: which endpoint it waits for (the status bar has the time and Cancel).
  const pending = h('div', {
    class: 'row',
    attrs: { 'data-testid': 'result-pending', 'aria-live': 'polite' },
  });
  pending.hidden = true;
  el.append(pending, empty, meta, errorBox, txBox, tools, decodeBox, host, treeHost, preview);
  let treeView: VirtualTreeView | null = null;
  let treePort: MessagePort | null = null;
  const showTree = (r: ResultView | null) => {
    if (r?.tree?.port === treePort) return;
    treeView?.dispose();
    treePort?.close();
    treeView = null;
    treePort = r?.tree?.port ?? null;
    treeHost.hidden = !r?.tree;
    if (r?.tree) treeView = mountVirtualTree(treeHost, wrap<ResultTreeApi>(r.tree.port), r.tree.size);
  };
  // The viewer follows the system theme like the rest of the page.
  const dark = matchMedia('(prefers-color-scheme: dark)');
  const applyTheme = () => host.classList.toggle('jse-theme-dark', dark.matches);
  applyTheme();
  dark.addEventListener('change', applyTheme);
  let jsonEditor: JsonEditorHandle | null = null;
  let loading: Promise<JsonEditorHandle> | null = null;

  const showJson = async (value: unknown) => {
    loading ??= import('vanilla-jsoneditor').then(({ createJSONEditor, Mode }) => {
      return createJSONEditor({
        target: host,
        props: { content: { json: null }, readOnly: true, mode: Mode.tree },
      }) as unknown as JsonEditorHandle;
    });
    jsonEditor = await loading;
    jsonEditor.set({ json: value === undefined ? null : value });
  };

  const render = (r: ResultView | null) => {
    empty.hidden = r !== null;
    clear(meta);
    clear(errorBox);
    clear(txBox);
    tools.hidden = r === null || (r.value === undefined && !r.preview);
    host.hidden = r === null || r.value === undefined;
    // The raw-text preview only stands in when there is no tree to show.
    preview.hidden = !r?.preview || !!r.tree;
    preview.textContent = r?.preview && !r.tree ? r.preview : '';
    showTree(r);
    if (!r) return;
    if (r.httpStatus !== undefined)
      meta.append(
        h('span', { text: `HTTP ${r.httpStatus}`, class: r.httpStatus >= 400 ? 'sev-error' : 'ok' }),
      );
    meta.append(h('span', { text: `${Math.round(r.durationMs)} ms` }));
    if (r.sizeBytes > 0) meta.append(h('span', { text: formatSize(r.sizeBytes) }));
    if (r.preview)
      meta.append(
        h('span', {
          class: 'hint',
          text: r.tree
            ? 'Large result: browsed in place (rows load as you scroll); Download gives the whole JSON.'
            : 'Large result: showing the start of the text; download for the whole JSON.',
        }),
      );
    if (r.kind !== 'ok')
      errorBox.append(
        h('div', { class: 'card', attrs: { role: 'alert' } }, [
          h('div', { class: 'verdict sev-error', text: r.message }),
          r.detail ? h('pre', { class: 'code', text: r.detail }) : null,
          r.tracerErrorText
            ? h('div', {
                class: 'hint',
                text: 'The position is marked in the editor where it could be mapped.',
              })
            : null,
        ]),
      );
    if (r.txErrors.length) {
      const list = h('ul');
      for (const t of r.txErrors.slice(0, 200)) {
        const show = r.tree
          ? h('button', {
              text: 'Show',
              title: 'Show this transaction in the result tree',
              attrs: { 'data-testid': 'tx-error-show' },
              on: { click: () => void treeView?.reveal([t.index, 'error']) },
            })
          : null;
        list.append(h('li', {}, [`${t.txHash}: ${t.error} `, show]));
      }
      if (r.txErrors.length > 200) list.append(h('li', { text: `… and ${r.txErrors.length - 200} more` }));
      txBox.append(
        h('div', { class: 'tx-errors', attrs: { role: 'alert' } }, [
          h('strong', {
            class: 'sev-error',
            text: `${r.txErrors.length} transaction(s) failed in the tracer`,
          }),
          list,
        ]),
      );
    }
    if (r.value !== undefined) void showJson(r.value);
    renderDecode(r);
  };

  // A non-verbose getrawtransaction's hex can be decoded in the page (the Bitcoin wing, ../bitcoin/).
  const renderDecode = (r: ResultView | null) =>
    renderRawTxDecode(decodeBox, r, {
      show: (value) => void showJson(value),
      setDecodedText: (text) => (decodedText = text),
    });

  return {
    update(s, prev) {
      if (!prev || prev.inFlight !== s.inFlight) {
        clear(pending);
        pending.hidden = !s.inFlight;
        if (s.inFlight)
          pending.append(
            h('span', { class: 'spinner' }),
            h('span', {
              text: ` Waiting for ${activeEndpoint(s).name}… (Esc or Cancel in the status bar stops it)`,
            }),
          );
      }
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
