import type { Endpoint } from '../../core/rpc/endpoint/endpoint.ts';
import { h } from '../shell/dom.ts';

/** The Replay panel's "Trace on any node's state" section: a hash, a saved endpoint, Run here, its status slot. */
export interface AnyNodeSection {
  root: HTMLElement;
  txHash: HTMLInputElement;
  txError: HTMLElement;
  endpoint: HTMLSelectElement;
  run: HTMLButtonElement;
  useFormHash: HTMLButtonElement;
  /** Where the run-here status line goes. */
  statusHost: HTMLElement;
}

const intro =
  'Runs the current tracer here, in the sandboxed embedded node, on a mined transaction of any saved endpoint — ' +
  'also one that runs no JavaScript tracer (hardhat, ganache, a provider’s archive node). The page asks that ' +
  'endpoint, with its saved credentials, only for the transaction, its block and the state the run reads ' +
  '(standard read-only methods); the result opens in Result.';

/** Builds the section (the endpoint list is filled by {@link fillEndpointChoice}). */
export function buildAnyNodeSection(): AnyNodeSection {
  const txHash = h('input', {
    placeholder: '0x… (32-byte transaction hash)',
    attrs: { 'data-testid': 'replay-anynode-hash', id: 'replay-anynode-hash', spellcheck: 'false' },
  });
  const txError = h('div', { class: 'error', attrs: { 'aria-live': 'polite' } });
  const endpoint = h('select', {
    attrs: { 'data-testid': 'replay-anynode-endpoint', id: 'replay-anynode-endpoint' },
  });
  const run = h('button', {
    class: 'primary',
    text: 'Run here',
    title: 'Trace the transaction with the current tracer here, on the chosen endpoint’s state',
    attrs: { 'data-testid': 'replay-anynode-run' },
  });
  const useFormHash = h('button', { text: 'Use the request form’s tx hash' });
  const statusHost = h('div');
  const root = h('div', { class: 'section', attrs: { 'data-testid': 'replay-anynode' } }, [
    h('h2', { text: 'Trace on any node’s state' }),
    h('p', { class: 'hint run-here-intro', text: intro }),
    h('div', { class: 'field' }, [
      h('label', { text: 'Transaction hash', attrs: { for: 'replay-anynode-hash' } }),
      txHash,
      txError,
    ]),
    h('div', { class: 'field' }, [
      h('label', {
        text: 'Endpoint (its state, its credentials)',
        attrs: { for: 'replay-anynode-endpoint' },
      }),
      endpoint,
    ]),
    h('div', { class: 'row' }, [run, useFormHash]),
    statusHost,
  ]);
  return { root, txHash, txError, endpoint, run, useFormHash, statusHost };
}

/**
 * Lists the saved Ethereum endpoints other than the embedded node in `select`, keeping the choice when it is still
 * there (else the active endpoint, else the first); a placeholder option when there is none.
 */
export function fillEndpointChoice(
  select: HTMLSelectElement,
  endpoints: readonly Endpoint[],
  activeId: string,
): void {
  const chosen = select.value;
  const usable = endpoints.filter((e) => e.kind !== 'embedded' && e.family !== 'bitcoin');
  select.replaceChildren(
    ...(usable.length
      ? usable.map((e) => h('option', { value: e.id, text: e.name }))
      : [h('option', { value: '', text: 'No saved endpoint: add one in the Endpoints panel' })]),
  );
  const keep = [chosen, activeId].find((id) => usable.some((e) => e.id === id));
  select.value = keep ?? usable[0]?.id ?? '';
  select.disabled = usable.length === 0;
}
