import type { StepRowView } from '../../worker/recording/recordingContract.ts';
import { h } from '../shell/dom.ts';

/** The columns of a step row, for the header. */
export const stepColumns = ['step', 'op', 'pc', 'depth', 'gas', 'cost', 'contract', 'stack top'] as const;

const cellClasses = ['num', 'op', 'num', 'num', 'num', 'num', 'addr', 'stack'] as const;
const blankCells = cellClasses.map(() => '');

/** A short address: `0x1234…abcd`. */
export function shortAddress(a: string): string {
  return a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a;
}

/** The texts of a step row's cells, in {@link stepColumns} order. */
export function stepCells(s: Extract<StepRowView, { kind: 'step' }>): string[] {
  const nums = [s.step, s.op, s.pc, s.depth, s.gas, s.cost] as const;
  return [...nums.map(String), shortAddress(s.contract), s.stackTop];
}

// A row element is reused as the list scrolls: its cells are kept and only their text changes, so a redraw makes no
// new elements and recomputes no style.
function setCells(el: HTMLElement, texts: string[]): void {
  if (el.dataset.shape !== 'step') {
    el.replaceChildren(...cellClasses.map((c) => h('span', { class: `step-cell ${c}` })));
    el.dataset.shape = 'step';
  }
  texts.forEach((t, i) => {
    const cell = el.children[i];
    if (cell.textContent !== t) cell.textContent = t;
  });
}

function setLine(el: HTMLElement, cls: string, text: string): void {
  if (el.dataset.shape !== cls) {
    el.replaceChildren(h('span', { class: cls }));
    el.dataset.shape = cls;
  }
  el.firstElementChild!.textContent = text;
}

/**
 * Fills a list row for a step (its columns, `data-step`) or a hook call (`enter`/`exit`/`fault` in italics with the
 * number of `this` changes), or as a row still on its way from the recording worker (`view` undefined: `data-pending`).
 * `selected` marks a step's row.
 */
export function renderStepRow(view: StepRowView | undefined, el: HTMLElement, selected: boolean): void {
  const cls = `vlist-row${view?.kind === 'step' && selected ? ' selected' : ''}${view?.kind === 'step' && view.hit ? ' hit' : ''}`;
  if (el.className !== cls) el.className = cls;
  delete el.dataset.step;
  delete el.dataset.hook;
  delete el.dataset.pending;
  if (!view) {
    el.dataset.pending = '';
    // A step row stays one (blank) while its row is on its way: no elements are made twice.
    return el.dataset.shape === 'step' ? setCells(el, blankCells) : setLine(el, 'step-call', '…');
  }
  if (view.kind === 'call') {
    el.dataset.hook = view.hook;
    const changes = view.capped
      ? 'this: too many changes to record'
      : `this: ${view.changes} change${view.changes === 1 ? '' : 's'}`;
    return setLine(el, 'step-call', `↳ ${view.hook}() after step ${view.step} — ${changes}`);
  }
  el.dataset.step = String(view.step);
  setCells(el, stepCells(view));
}
