import type { ResultView } from '../../state/appState.ts';
import { decodeRawTransaction } from '../../core/bitcoin/decodeRawTransaction.ts';
import { clear, h } from '../shell/dom.ts';

/** What the decode button needs from the result panel. */
export interface RawTxDecodeHost {
  /** Shows a value in the result viewer: the decoded transaction, or the raw hex again. */
  show(value: unknown): void;
  /** What copy and download give while a decoded transaction is shown; null gives the node's reply again. */
  setDecodedText(text: string | null): void;
}

/**
 * A non-verbose getrawtransaction answers with the hex only: it can be decoded here, without asking the node.
 * Fills `box` with a "Decode transaction" button (toggling back to the raw hex) for such a reply, and hides it for
 * any other.
 */
export function renderRawTxDecode(box: HTMLElement, r: ResultView | null, host: RawTxDecodeHost): void {
  clear(box);
  host.setDecodedText(null);
  const hex = r?.method === 'getrawtransaction' && typeof r.value === 'string' ? r.value : null;
  box.hidden = hex === null;
  if (hex === null) return;
  const message = h('span', { attrs: { 'data-testid': 'decode-message', 'aria-live': 'polite' } });
  let decoded = false;
  const button = h('button', {
    text: 'Decode transaction',
    title: 'Decode the hex in this page, like decoderawtransaction (nothing is sent)',
    attrs: { 'data-testid': 'decode-tx-button' },
  });
  button.addEventListener('click', () => {
    if (decoded) {
      decoded = false;
      host.setDecodedText(null);
      button.textContent = 'Decode transaction';
      message.textContent = '';
      host.show(hex);
      return;
    }
    const d = decodeRawTransaction(hex);
    message.className = d.ok ? 'hint' : 'sev-error';
    message.textContent = d.ok
      ? 'Decoded in this page (no request sent); script asm and addresses are not shown.'
      : `Could not decode: ${d.message}`;
    if (!d.ok) return;
    decoded = true;
    host.setDecodedText(JSON.stringify(d.value, null, 2));
    button.textContent = 'Show raw hex';
    host.show(d.value);
  });
  box.append(button, message);
}
