import { h } from '../shell/dom.ts';
import type { TreeRow } from '../../core/result/createResultTree.ts';

const indentPx = 14;

/** An empty row element (reused as the list scrolls). */
export function createRowElement(): HTMLElement {
  return h('div', { class: 'vtree-row', attrs: { role: 'treeitem' } }, [
    h('span', { class: 'vtree-toggle' }),
    h('span', { class: 'vtree-key' }),
    h('span'),
    h('span', { class: 'vtree-count' }),
  ]);
}

/** Writes a row into a row element (text only, via textContent). */
export function fillRow(el: HTMLElement, r: TreeRow, index: number, selected: string | null): void {
  const [toggle, key, value, count] = Array.from(el.children) as HTMLElement[];
  el.dataset.index = String(index);
  el.style.paddingLeft = `${r.depth * indentPx}px`;
  el.setAttribute('aria-level', String(r.depth + 1));
  el.setAttribute('aria-selected', String(JSON.stringify(r.path) === selected));
  if (r.childCount > 0) el.setAttribute('aria-expanded', String(r.expanded));
  else el.removeAttribute('aria-expanded');
  toggle.textContent = r.childCount > 0 ? (r.expanded ? '▾' : '▸') : '';
  const plainKey = typeof r.key === 'number' || /^[\w$]+$/.test(r.key ?? '');
  key.textContent = r.key === null ? '' : `${plainKey ? r.key : JSON.stringify(r.key)}: `;
  // An open object lists its keys below: its row shows only how many.
  const openObject = r.kind === 'object' && r.expanded;
  value.className = `vtree-${r.kind}`;
  value.textContent = openObject ? '{' : r.preview;
  count.textContent = openObject ? `${r.childCount} ${r.childCount === 1 ? 'key' : 'keys'}}` : '';
  el.title = r.preview;
}
