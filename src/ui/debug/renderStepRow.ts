import type { InspectReport } from '../../evm/host/inspectTypes.ts';
import { h } from '../shell/dom.ts';

/** The columns of a step row, for the header. */
export const stepColumns = ['step', 'op', 'pc', 'depth', 'gas', 'cost', 'contract', 'stack top'] as const;

const cell = (cls: string, text: string) => h('span', { class: `step-cell ${cls}`, text });

/** A short address: `0x1234…abcd`. */
export function shortAddress(a: string): string {
  return a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a;
}

/**
 * Fills a list row for a step (its columns, `data-step`) or a hook call (`enter`/`exit`/`fault` in italics with the
 * number of `this` changes). `selected` and `hit` mark the row.
 */
export function renderStepRow(
  report: InspectReport,
  row: number,
  el: HTMLElement,
  marks: { selected: boolean; hit: boolean },
): void {
  el.className = `vlist-row${marks.selected ? ' selected' : ''}${marks.hit ? ' hit' : ''}`;
  if (row < 0) {
    const call = report.hookCalls[-row - 1];
    delete el.dataset.step;
    el.dataset.hook = call.hook;
    const changes = call.capped
      ? 'this: too many changes to record'
      : `this: ${call.changes.length} change${call.changes.length === 1 ? '' : 's'}`;
    el.replaceChildren(
      h('span', { class: 'step-call', text: `↳ ${call.hook}() after step ${call.step} — ${changes}` }),
    );
    return;
  }
  const s = report.steps[row];
  el.dataset.step = String(row);
  delete el.dataset.hook;
  el.replaceChildren(
    cell('num', String(row)),
    cell('op', s.op),
    cell('num', String(s.pc)),
    cell('num', String(s.depth)),
    cell('num', String(s.gas)),
    cell('num', String(s.cost)),
    cell('addr', shortAddress(s.contract)),
    cell('stack', s.stack[0] ?? ''),
  );
}
