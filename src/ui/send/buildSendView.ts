import { h } from '../shell/dom.ts';

/** One titled code block with its copy button and the button's status line. */
export interface SnippetSectionView {
  root: HTMLElement;
  pre: HTMLPreElement;
  status: HTMLElement;
  copy: HTMLButtonElement;
}

/** The Ready-to-send panel's fixed elements (the panel fills the code blocks). */
export interface SendView {
  /** What the panel's element holds, in order. */
  children: HTMLElement[];
  flat: SnippetSectionView;
  body: SnippetSectionView;
  curl: SnippetSectionView;
  fetchCode: SnippetSectionView;
  ethersCode: SnippetSectionView;
  includeCredentials: HTMLInputElement;
  /** What flattening did (comments removed, lines joined), listed under the flattened string. */
  facts: HTMLUListElement;
  /** Shown when the embedded node is the endpoint: how to make the snippets' address answer. */
  embeddedNote: HTMLElement;
}

/** A section titled `title` whose code block has the test id `testId` and its copy button `copy-<testId>`. */
function buildSnippetSection(title: string, testId: string): SnippetSectionView {
  const pre = h('pre', { class: 'code', attrs: { 'data-testid': testId } });
  const status = h('span', { class: 'ok', attrs: { 'aria-live': 'polite' } });
  const copy = h('button', { text: 'Copy', attrs: { 'data-testid': `copy-${testId}` } });
  const root = h('div', { class: 'section' }, [
    h('h2', {}, [h('span', { text: title }), h('span', { class: 'spacer' }), status, copy]),
    pre,
  ]);
  return { root, pre, status, copy };
}

/** Builds the panel's layout: tracer and body, the credentials choice, then curl and the code snippets. */
export function buildSendView(): SendView {
  const flat = buildSnippetSection('Flattened tracer (one line)', 'flat');
  const body = buildSnippetSection('JSON-RPC body', 'body');
  const curl = buildSnippetSection('curl', 'curl');
  const fetchCode = buildSnippetSection('Copy as code: fetch', 'fetch');
  const ethersCode = buildSnippetSection('Copy as code: ethers v6', 'ethers');
  const includeCredentials = h('input', { type: 'checkbox', attrs: { id: 'include-credentials' } });
  const credRow = h('div', { class: 'row' }, [
    includeCredentials,
    h('label', {
      text: 'Copy with credentials: the Copy buttons below copy the real URL, user and password (otherwise <USERNAME>, <PASSWORD> and masked keys); what is shown stays masked',
      attrs: { for: 'include-credentials' },
    }),
  ]);
  const facts = h('ul', { class: 'flatten-facts hint', attrs: { 'data-testid': 'flatten-facts' } });
  const embeddedNote = h('p', {
    class: 'hint',
    attrs: { 'data-testid': 'embedded-snippet-note' },
    text:
      'The embedded node runs inside this page, so the snippets below use http://127.0.0.1:8545. To make that ' +
      'address answer with the same node and demo chain, run in a terminal: npm run tracer -- serve --port 8545',
  });
  embeddedNote.hidden = true;
  flat.root.append(facts);
  const children = [flat.root, body.root, credRow, embeddedNote, curl.root, fetchCode.root, ethersCode.root];
  return { children, flat, body, curl, fetchCode, ethersCode, includeCredentials, facts, embeddedNote };
}

/** Shows `value` in the section, or `emptyText` greyed out with the copy button disabled when it is null. */
export function renderSnippet(s: SnippetSectionView, value: string | null, emptyText: string): void {
  s.pre.textContent = value ?? emptyText;
  s.pre.classList.toggle('empty', value === null);
  s.copy.disabled = value === null;
}
