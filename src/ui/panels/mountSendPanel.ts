import { buildCurl } from '../../core/rpc/buildCurl.ts';
import { buildEthersSnippet, buildFetchSnippet } from '../../core/rpc/buildSnippets.ts';
import { serializeRequest } from '../../core/rpc/jsonRpc.ts';
import type { Endpoint } from '../../core/rpc/endpoint.ts';
import type { AppState } from '../../state/appState.ts';
import { buildDraftRequest } from '../../state/buildDraftRequest.ts';
import { copyText, h, type Panel } from '../dom.ts';
import type { PanelContext } from './panelContext.ts';

// The embedded node has no URL: snippets show where a local node usually listens.
const placeholderUrl = 'http://127.0.0.1:8545';

function snippetEndpoint(e: Endpoint | undefined) {
  if (!e || e.kind === 'embedded') return { url: placeholderUrl, user: undefined, password: undefined };
  return { url: e.url, user: e.user || undefined, password: e.password || undefined };
}

function section(title: string, testId: string) {
  const pre = h('pre', { class: 'code', attrs: { 'data-testid': testId } });
  const status = h('span', { class: 'ok', attrs: { 'aria-live': 'polite' } });
  let text = '';
  const button = h('button', {
    text: 'Copy',
    attrs: { 'data-testid': `copy-${testId}` },
    on: {
      click: async () => {
        status.textContent = await copyText(text);
        setTimeout(() => (status.textContent = ''), 1500);
      },
    },
  });
  const el = h('div', { class: 'section' }, [
    h('h2', {}, [h('span', { text: title }), h('span', { class: 'spacer' }), status, button]),
    pre,
  ]);
  return {
    el,
    /** Shows `value` (or `emptyText`); the copy button copies `copied` when given (the same text otherwise). */
    set(value: string | null, emptyText: string, copied?: string) {
      text = copied ?? value ?? '';
      pre.textContent = value ?? emptyText;
      pre.classList.toggle('empty', value === null);
      button.disabled = value === null;
    },
  };
}

/** Shows the flattened tracer, the JSON-RPC body, a curl command and code snippets, each with a copy button. */
export function mountSendPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  const ctx = { setIncludeCredentials: (v: boolean) => panel.store.update({ includeCredentials: v }) };
  const flat = section('Flattened tracer (one line)', 'flat');
  const body = section('JSON-RPC body', 'body');
  const curl = section('curl', 'curl');
  const fetchCode = section('Copy as code: fetch', 'fetch');
  const ethersCode = section('Copy as code: ethers v6', 'ethers');
  const include = h('input', {
    type: 'checkbox',
    attrs: { id: 'include-credentials' },
    on: { change: () => ctx.setIncludeCredentials(include.checked) },
  });
  const credRow = h('div', { class: 'row' }, [
    include,
    h('label', {
      text: 'Copy with credentials: the Copy buttons below copy the real URL, user and password (otherwise <USERNAME>, <PASSWORD> and masked keys); what is shown stays masked',
      attrs: { for: 'include-credentials' },
    }),
  ]);
  el.append(flat.el, body.el, credRow, curl.el, fetchCode.el, ethersCode.el);
  return {
    update(s, prev) {
      // Typing changes the tracer text on every key; this panel only depends on the checked result and the request.
      if (
        prev &&
        prev.flat === s.flat &&
        prev.request === s.request &&
        prev.endpoints === s.endpoints &&
        prev.activeEndpointId === s.activeEndpointId &&
        prev.includeCredentials === s.includeCredentials
      )
        return;
      include.checked = s.includeCredentials;
      flat.set(s.flat?.code ?? null, 'Fix the errors in the tracer to get the one-line string.');
      const built = buildDraftRequest(s.request, s.flat?.code ?? null);
      if (!built.ok) {
        const why = built.errors.map((e) => `${e.path}: ${e.message}`).join('\n');
        for (const sec of [body, curl, fetchCode, ethersCode]) sec.set(null, `Not ready:\n${why}`);
        return;
      }
      const text = serializeRequest(built.request);
      body.set(text, '');
      const ep = snippetEndpoint(s.endpoints.find((e) => e.id === s.activeEndpointId));
      // Shown: always masked, with placeholders. Copied: the real URL and credentials when the user asks for them.
      const shown = { ...ep, includeCredentials: false, revealEndpoint: false };
      const copied = {
        ...ep,
        includeCredentials: s.includeCredentials,
        revealEndpoint: s.includeCredentials,
      };
      const curlOf = (o: typeof shown) => buildCurl({ ...o, body: text, contentType: built.contentType });
      curl.set(curlOf(shown), '', curlOf(copied));
      const snippetOf = (o: typeof shown) => ({
        ...o,
        request: built.request,
        contentType: built.contentType,
      });
      const f = buildFetchSnippet(snippetOf(shown));
      const fCopied = buildFetchSnippet(snippetOf(copied));
      fetchCode.set(f.ok ? f.value : null, f.ok ? '' : f.message, fCopied.ok ? fCopied.value : undefined);
      const e = buildEthersSnippet(snippetOf(shown));
      const eCopied = buildEthersSnippet(snippetOf(copied));
      ethersCode.set(e.ok ? e.value : null, e.ok ? '' : e.message, eCopied.ok ? eCopied.value : undefined);
    },
    dispose: () => el.replaceChildren(),
  };
}
