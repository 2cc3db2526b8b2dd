import { h } from '../shell/dom.ts';
import type { CostView } from './buildCostView.ts';

const num = (v: number | null, digits: number) => (v === null ? '-' : v.toFixed(digits));

/** The cost table of a run, geth's estimate against the timeout, what it rests on, and the warning (if any). */
export function renderCostTable(view: CostView): HTMLElement {
  const head = h(
    'tr',
    {},
    ['hook', 'calls', 'total ms', 'mean µs', 'max ms', 'share'].map((t) => h('th', { text: t })),
  );
  const body = view.rows.map((r) =>
    h('tr', { attrs: { 'data-hook': r.hook } }, [
      h('td', { text: r.hook }),
      h('td', { text: r.calls.toLocaleString('en-US') }),
      h('td', { text: num(r.ms, 2) }),
      h('td', { text: num(r.meanUs, 1) }),
      h('td', { text: num(r.maxMs, 2) }),
      h('td', { text: r.share === null ? '-' : `${r.share.toFixed(1)}%` }),
    ]),
  );
  const verdict = view.estimate.verdict;
  return h('div', { class: 'debug-cost', attrs: { 'data-testid': 'debug-cost', 'data-verdict': verdict } }, [
    h('table', { class: 'debug-cost-table' }, [h('thead', {}, [head]), h('tbody', {}, body)]),
    h('p', {
      class: 'debug-cost-headline',
      text: view.headline,
      attrs: { 'data-testid': 'debug-cost-headline' },
    }),
    view.warning
      ? h('p', {
          class: 'debug-warning',
          text: `⚠ ${view.warning}`,
          attrs: { 'data-testid': 'debug-cost-warning' },
        })
      : null,
    h('p', { class: 'muted small', text: view.basis }),
  ]);
}
