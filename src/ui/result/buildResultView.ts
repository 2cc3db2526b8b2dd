import type { Reply } from '../../core/rpc/protocol/summarizeReply.ts';
import type { ResultView } from '../../state/appState.ts';
import { clear, h } from '../shell/dom.ts';
import { formatSize } from '../shell/formatSize.ts';
import type { HeadingPart, RequestHeading } from './describeRequest.ts';
import type { ReplyVerdict } from './judgeReply.ts';
import { clipText } from './shortenNodeText.ts';
import { shownNodeChars } from './renderReplyError.ts';

/** The result panel's fixed elements (the panel fills, shows and hides them). */
export interface ResultPanelView {
  /** What the panel's element holds, in order. */
  children: HTMLElement[];
  /** While a request runs: which endpoint it waits for. */
  pending: HTMLElement;
  empty: HTMLElement;
  /** Everything a result shows (marked stale while the next request runs). */
  body: HTMLElement;
  /** What the result answers: method, target, tracer, endpoint, when. */
  heading: HTMLElement;
  meta: HTMLElement;
  /** Whether the reply is the tracer's result (./judgeReply.ts): a warning card when it is not. */
  verdictBox: HTMLElement;
  errorBox: HTMLElement;
  txBox: HTMLElement;
  /** The row of the copy and download buttons. */
  tools: HTMLElement;
  copy: HTMLButtonElement;
  download: HTMLButtonElement;
  copyStatus: HTMLElement;
  /** The Bitcoin wing's decode button goes here (../bitcoin/renderRawTxDecode.ts). */
  decodeBox: HTMLElement;
  /** The result views (tabs beside the JSON, ./mountResultViews.ts) go here. */
  viewsHost: HTMLElement;
  /** The JSON tab: the viewer's host, the large-result tree and the preview. */
  jsonPane: HTMLElement;
  /** The JSON viewer's host. */
  jsonHost: HTMLElement;
  /** A large result's virtual tree goes here. */
  treeHost: HTMLElement;
  /** The start of a large result's text, shown when there is no tree. */
  preview: HTMLPreElement;
}

// A block with thousands of failed transactions would make a list nobody reads; the JSON below has them all.
const shownTxErrors = 200;

/** Builds the result panel's layout, with nothing shown but the "no result yet" line. */
export function buildResultView(): ResultPanelView {
  const heading = h('div', { class: 'result-heading', attrs: { 'data-testid': 'result-heading' } });
  const meta = h('div', { class: 'row', attrs: { 'data-testid': 'result-meta' } });
  const errorBox = h('div', { attrs: { 'data-testid': 'result-error' } });
  const verdictBox = h('div', { attrs: { 'data-testid': 'result-verdict' } });
  const txBox = h('div', { attrs: { 'data-testid': 'tx-errors' } });
  const copyStatus = h('span', { class: 'ok' });
  const copy = h('button', { text: 'Copy JSON', attrs: { 'data-testid': 'copy-result' } });
  const download = h('button', { text: 'Download', attrs: { 'data-testid': 'download-result' } });
  const tools = h('div', { class: 'row' }, [copy, download, copyStatus]);
  const decodeBox = h('div', { class: 'row', attrs: { 'data-testid': 'decode-tx' } });
  const jsonHost = h('div', { class: 'json-host', attrs: { 'data-testid': 'result-json' } });
  const preview = h('pre', {
    class: 'code',
    attrs: { 'data-testid': 'result-preview', style: 'max-height:420px' },
  });
  const empty = h('div', {
    class: 'empty',
    text: 'No result yet. Run sends the request (the button above the editor, or Ctrl/Cmd+Enter); the Request panel sets what is sent.',
  });
  const treeHost = h('div', { attrs: { 'data-testid': 'result-large' } });
  const pending = h('div', {
    class: 'row',
    attrs: { 'data-testid': 'result-pending', 'aria-live': 'polite' },
  });
  pending.hidden = true;
  const viewsHost = h('div');
  const jsonPane = h('div', { attrs: { 'data-testid': 'result-json-pane' } }, [jsonHost, treeHost, preview]);
  const body = h('div', { class: 'result-body' }, [
    heading,
    meta,
    verdictBox,
    errorBox,
    txBox,
    tools,
    decodeBox,
    viewsHost,
    jsonPane,
  ]);
  const children = [pending, empty, body];
  return {
    children,
    pending,
    empty,
    body,
    heading,
    meta,
    verdictBox,
    errorBox,
    txBox,
    tools,
    copy,
    download,
    copyStatus,
    decodeBox,
    viewsHost,
    jsonPane,
    jsonHost,
    treeHost,
    preview,
  };
}

/**
 * Shows the pending line while a request waits for `endpointName`, and hides it when that is null. The result on
 * screen meanwhile is the previous request's: `body` is marked stale (dimmed, and said so) until the new one lands.
 */
export function renderPending(pending: HTMLElement, body: HTMLElement, endpointName: string | null): void {
  clear(pending);
  pending.hidden = endpointName === null;
  const stale = endpointName !== null && !body.hidden;
  body.classList.toggle('stale', stale);
  body.setAttribute('aria-busy', String(endpointName !== null));
  if (endpointName !== null)
    pending.append(
      ...[
        h('span', { class: 'spinner' }),
        h('span', {
          text: ` Waiting for ${endpointName}… (Esc or Cancel stops it)`,
        }),
        stale
          ? h('span', {
              class: 'hint',
              text: 'The result below is the previous request’s.',
              attrs: { 'data-testid': 'result-stale' },
            })
          : null,
      ].filter((x) => x !== null),
    );
}

/** Fills the heading: what the result answers (method, target, tracer, endpoint, when). */
export function renderHeading(el: HTMLElement, heading: RequestHeading | null): void {
  clear(el);
  el.hidden = heading === null;
  if (!heading) return;
  const item = (p: HeadingPart | undefined, testId: string) =>
    p ? h('span', { text: p.text, title: p.title, attrs: { 'data-testid': testId } }) : null;
  const parts = [
    h('strong', { text: heading.method, attrs: { 'data-testid': 'heading-method' } }),
    item(heading.target, 'heading-target'),
    item(heading.tracer === undefined ? undefined : { text: `tracer ${heading.tracer}` }, 'heading-tracer'),
    item({ ...heading.endpoint, text: `on ${heading.endpoint.text}` }, 'heading-endpoint'),
    item({ text: `at ${heading.when}` }, 'heading-when'),
  ];
  el.append(...parts.filter((x) => x !== null));
}

/** Appends the reply's HTTP status, duration, size and, for a large reply, how it is shown. */
export function renderResultMeta(meta: HTMLElement, r: ResultView): void {
  if (r.httpStatus !== undefined)
    meta.append(h('span', { text: `HTTP ${r.httpStatus}`, class: r.httpStatus >= 400 ? 'sev-error' : 'ok' }));
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
}

/** Appends a warning card when the reply is not what the tracer returns (nothing when the verdict is `ok`). */
export function renderReplyVerdict(box: HTMLElement, verdict: ReplyVerdict): void {
  if (verdict.status === 'ok') return;
  box.append(
    h('div', { class: 'card warn-card', attrs: { role: 'alert', 'data-verdict': verdict.status } }, [
      h('div', { class: 'verdict sev-warning', text: verdict.headline }),
      h('p', { text: verdict.sentence }),
    ]),
  );
}

/**
 * Appends the list of transactions that failed in the tracer (the first 200 and a count of the rest), when there
 * are any; each gets a Show button calling `show` with its index when `show` is given.
 */
export function renderTxErrors(
  box: HTMLElement,
  txErrors: Reply['txErrors'],
  show: ((index: number) => void) | null,
): void {
  if (!txErrors.length) return;
  const list = h('ul');
  for (const t of txErrors.slice(0, shownTxErrors)) {
    const button = show
      ? h('button', {
          text: 'Show',
          title: 'Show this transaction in the result tree',
          attrs: { 'data-testid': 'tx-error-show' },
          on: { click: () => show(t.index) },
        })
      : null;
    list.append(h('li', {}, [`${t.txHash}: ${clipText(t.error, shownNodeChars)} `, button]));
  }
  if (txErrors.length > shownTxErrors)
    list.append(h('li', { text: `… and ${txErrors.length - shownTxErrors} more` }));
  box.append(
    h('div', { class: 'tx-errors', attrs: { role: 'alert' } }, [
      h('strong', {
        class: 'sev-error',
        text: `${txErrors.length} transaction(s) failed in the tracer`,
      }),
      list,
    ]),
  );
}
