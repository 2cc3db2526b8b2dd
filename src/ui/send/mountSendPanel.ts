import { buildCurl } from '../../core/rpc/snippets/buildCurl.ts';
import { buildEthersSnippet, buildFetchSnippet } from '../../core/rpc/snippets/buildSnippets.ts';
import { serializeRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import type { Endpoint } from '../../core/rpc/endpoint/endpoint.ts';
import type { AppState } from '../../state/appState.ts';
import { buildDraftRequest } from '../../state/buildDraftRequest.ts';
import { clear, copyText, h, type Panel } from '../shell/dom.ts';
import { isFlattenFact } from '../../core/flatten/flattenFacts.ts';
import { activeEndpoint } from '../../state/endpointList.ts';
import { buildSendView, renderSnippet, type SnippetSectionView } from './buildSendView.ts';
import type { PanelContext } from '../shell/panelContext.ts';

// The embedded node has no URL: snippets show where a local node usually listens.
const placeholderUrl = 'http://127.0.0.1:8545';

function snippetEndpoint(e: Endpoint | undefined) {
  if (!e || e.kind === 'embedded') return { url: placeholderUrl, user: undefined, password: undefined };
  return { url: e.url, user: e.user || undefined, password: e.password || undefined };
}

/** Wires a section's Copy button; `set` shows `value` (or `emptyText`), Copy copies `copied` ?? `value`. */
function wireSnippet(v: SnippetSectionView) {
  let text = '';
  v.copy.addEventListener('click', async () => {
    v.status.textContent = await copyText(text);
    setTimeout(() => (v.status.textContent = ''), 1500);
  });
  return {
    set(value: string | null, emptyText: string, copied?: string) {
      text = copied ?? value ?? '';
      renderSnippet(v, value, emptyText);
    },
  };
}

/** Shows the flattened tracer, the JSON-RPC body, a curl command and code snippets, each with a copy button. */
export function mountSendPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  const ctx = {
    setIncludeCredentials: (value: boolean) => panel.store.update({ includeCredentials: value }),
  };
  const v = buildSendView();
  const flat = wireSnippet(v.flat);
  const body = wireSnippet(v.body);
  const curl = wireSnippet(v.curl);
  const fetchCode = wireSnippet(v.fetchCode);
  const ethersCode = wireSnippet(v.ethersCode);
  const include = v.includeCredentials;
  include.addEventListener('change', () => ctx.setIncludeCredentials(include.checked));
  el.append(...v.children);
  return {
    update(s, prev) {
      // Typing changes the tracer text on every key; this panel only depends on the checked result and the request.
      if (
        prev &&
        prev.flat === s.flat &&
        prev.diagnostics === s.diagnostics &&
        prev.request === s.request &&
        prev.endpoints === s.endpoints &&
        prev.activeEndpointId === s.activeEndpointId &&
        prev.includeCredentials === s.includeCredentials
      )
        return;
      include.checked = s.includeCredentials;
      clear(v.facts);
      for (const d of s.diagnostics.filter(isFlattenFact)) v.facts.append(h('li', { text: d.message }));
      v.embeddedNote.hidden = activeEndpoint(s).kind !== 'embedded';
      flat.set(s.flat?.code ?? null, 'Fix the errors in the tracer to get the one-line string.');
      const built = buildDraftRequest(s.request, s.flat?.code ?? null);
      if (!built.ok) {
        const why = built.errors.map((e) => `${e.path}: ${e.message}`).join('\n');
        for (const sec of [body, curl, fetchCode, ethersCode]) sec.set(null, `Not ready:\n${why}`);
        return;
      }
      const text = serializeRequest(built.request);
      body.set(text, '');
      const ep = snippetEndpoint(activeEndpoint(s));
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
