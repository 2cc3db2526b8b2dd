import type { TracerErrorPlace } from '../../core/rpc/protocol/summarizeReply.ts';
import type { ResultView } from '../../state/appState.ts';
import { h } from '../shell/dom.ts';
import { clipText, elideTracer } from './shortenNodeText.ts';
import { splitErrorMessage } from './splitErrorMessage.ts';

/** What the error card's buttons do; a missing one is not offered. */
export interface ErrorActions {
  retry(): void;
  editEndpoint?(): void;
  useForwarding?(): void;
  copy(text: string): Promise<string>;
  /** Shows the place of the node's tracer error in the editor. */
  reveal?(offset: number): void;
}

// The node's words in the card: a few lines' worth; Details and Copy details hold the rest.
export const shownNodeChars = 400;
const shownDetailChars = 2000;

/**
 * Appends the decoded error card when the reply is not a result: one headline, the node's own words (an echo of the
 * tracer shortened, a long text cut), for a tracer error the line and column it points to in the tracer, buttons
 * to act (Retry, Edit endpoint, Use the forwarding route, Copy details), and the full message folded under Details.
 * `tracer` is the tracer the request sent, which a node may echo.
 */
export function renderReplyError(
  box: HTMLElement,
  r: ResultView,
  actions: ErrorActions,
  tracer?: string,
): void {
  if (r.kind === 'ok') return;
  const { headline } = splitErrorMessage(r.message, r.detail);
  const details = [r.message, r.detail].filter((x): x is string => !!x && x.trim() !== '');
  const copyStatus = h('span', { class: 'ok' });
  const button = (text: string, testId: string, onClick: () => void) =>
    h('button', { text, attrs: { 'data-testid': testId }, on: { click: onClick } });
  const said = r.tracerError?.text ?? r.detail;
  const shownSaid = said === undefined ? undefined : elideTracer(said, tracer);
  const place =
    r.tracerError?.place !== undefined ? renderPlace(r.tracerError.place, !r.openedFrom, actions) : null;
  const message = elideTracer(r.message, tracer);
  const extra =
    shownSaid !== undefined &&
    r.detail !== undefined &&
    (r.detail !== said || shownSaid.length > shownNodeChars)
      ? elideTracer(r.detail, tracer)
      : undefined;
  box.append(
    h('div', { class: 'card error-card', attrs: { role: 'alert' } }, [
      h('div', { class: 'verdict sev-error', text: headline, attrs: { 'data-testid': 'error-headline' } }),
      shownSaid !== undefined && shownSaid !== headline
        ? h('div', { class: 'node-said' }, [
            h('span', { class: 'hint', text: 'The node said:' }),
            h('pre', {
              class: 'code',
              text: clipText(shownSaid, shownNodeChars),
              attrs: { 'data-testid': 'error-node-text' },
            }),
          ])
        : null,
      place,
      h('div', { class: 'row' }, [
        button('Retry', 'error-retry', actions.retry),
        actions.editEndpoint ? button('Edit endpoint', 'error-edit-endpoint', actions.editEndpoint) : null,
        actions.useForwarding
          ? button('Use the local forwarding route', 'error-use-forwarding', actions.useForwarding)
          : null,
        button('Copy details', 'error-copy', () => {
          void actions.copy(details.join('\n\n')).then((s) => (copyStatus.textContent = s));
        }),
        copyStatus,
      ]),
      message !== headline || extra !== undefined
        ? h('details', { attrs: { 'data-testid': 'error-details' } }, [
            h('summary', { text: 'Details' }),
            h('div', { class: 'error-message', text: clipText(message, shownDetailChars) }),
            extra !== undefined ? h('pre', { class: 'code', text: clipText(extra, shownDetailChars) }) : null,
          ])
        : null,
    ]),
  );
}

/**
 * The line naming where a node's tracer error points in the tracer ("Line 3, column 12 of your tracer" and a button
 * to show it): the reply's place, mapped through the position map of the tracer that was sent. `marked`: the reply
 * was just received (the editor marks it); a result reopened from History names the tracer as sent.
 */
function renderPlace(place: TracerErrorPlace | null, marked: boolean, actions: ErrorActions): HTMLElement {
  const el = h('div', { class: 'row error-place', attrs: { 'data-testid': 'error-place' } });
  if (!place) {
    el.textContent = 'The node’s text gives no position in your tracer.';
    return el;
  }
  const at = place.range.start;
  const where = marked ? 'of your tracer (marked in the editor)' : 'of your tracer as sent';
  el.append(h('span', { text: `Line ${at.line}, column ${at.column} ${where}` }));
  if (actions.reveal)
    el.append(
      h('button', {
        text: `Show line ${at.line}`,
        attrs: { 'data-testid': 'error-show-line' },
        on: { click: () => actions.reveal!(at.offset) },
      }),
    );
  return el;
}
