import { sortRows } from '../../../core/result/prepareTables.ts';
import type { Cell, TableColumn, TableData } from '../../../core/result/viewData.ts';
import { clear, h } from '../../shell/dom.ts';
import { formatCell } from './formatCell.ts';

/** A table on the page: sortable by any column, with only the visible rows in the DOM when there are many. */
export interface TableView {
  /** Scrolls to a row of the data (its index in `table.rows`) and marks it. */
  showRow(row: number): void;
  dispose(): void;
}

/** Pixel height of one row (fixed, so positions are computed, not measured). */
const rowHeight = 22;
// Up to this many rows are all rendered; past it only the visible ones (and a margin) are.
const renderAllUpTo = 300;
const overscan = 20;

/** What a table asks of the page around it. */
export interface TableOptions {
  /** A row was clicked (its index in `table.rows`): a table of calls opens it in the frame inspector. */
  onRow?: (row: number) => void;
  /** The signature of a selector, for a `method` column (the built-in table and the user's ABI). */
  nameOf?: (selector: string | null) => string | null;
}

/** Column widths from the header and the first rows' text, so they do not jump while scrolling. */
function columnWidths(table: TableData): number[] {
  return table.columns.map((c, ci) => {
    let w = c.label.length + 2;
    for (let r = 0; r < Math.min(table.rows.length, 200); r++)
      w = Math.max(w, formatCell(table.rows[r][ci], c).length);
    return Math.min(Math.max(w, 4), 68) + 2;
  });
}

/** A cell's text as shown: cut with … by the column's width, the whole value in its title. */
function cellElement(cell: Cell, column: TableColumn, nameOf: TableOptions['nameOf']): HTMLElement {
  const named = column.key === 'method' && typeof cell === 'string' ? nameOf?.(cell) : null;
  const text = named ?? formatCell(cell, column);
  const td = h('td', { text, class: column.numeric ? 'num' : '' });
  const full = cell === null ? '' : String(cell);
  if (named) td.title = `${named} (${full})`;
  else if (full.length > 12 || full !== text) td.title = full;
  return td;
}

/** Renders `table` into `el`: a header of sort buttons and the rows, cells as text only. */
export function renderTable(
  el: HTMLElement,
  table: TableData,
  testId: string,
  options: TableOptions = {},
): TableView {
  const { columns, rows } = table;
  let order = rows.map((_, i) => i);
  let sortColumn = -1;
  let direction: 'asc' | 'desc' = 'asc';
  let marked = -1;
  const virtual = rows.length > renderAllUpTo;
  const widths = columnWidths(table);
  const colgroup = h(
    'colgroup',
    {},
    widths.map((w) => h('col', { attrs: { style: `width:${w}ch` } })),
  );
  const headers = columns.map((c, ci) =>
    h('th', { attrs: { scope: 'col', 'aria-sort': 'none' }, class: c.numeric ? 'num' : '' }, [
      h('button', {
        text: c.label,
        title: `Sort by ${c.label}`,
        attrs: { 'data-sort': c.key },
        on: { click: () => sortBy(ci) },
      }),
    ]),
  );
  const tbody = h('tbody');
  const tableEl = h(
    'table',
    { class: 'rv-table' + (options.onRow ? ' rv-pickable' : ''), attrs: { 'data-testid': testId } },
    [colgroup, h('thead', {}, [h('tr', {}, headers)]), tbody],
  );
  tableEl.style.width = `${widths.reduce((a, b) => a + b, 0)}ch`;
  const scroller = h('div', { class: 'rv-table-wrap' }, [tableEl]);
  el.append(scroller);

  const rowElement = (r: number) => {
    const tr = h('tr', { attrs: { 'data-row': String(r) } });
    if (r === marked) tr.classList.add('marked');
    columns.forEach((c, ci) => tr.append(cellElement(rows[r][ci], c, options.nameOf)));
    return tr;
  };
  const spacer = (px: number) => {
    const tr = h('tr', { class: 'rv-spacer', attrs: { 'aria-hidden': 'true' } });
    tr.style.height = `${px}px`;
    return tr;
  };

  let first = -1;
  let last = -1;
  const draw = (force = false) => {
    if (!virtual) {
      clear(tbody);
      tbody.append(...order.map(rowElement));
      return;
    }
    const view = scroller.clientHeight || 400;
    const from = Math.max(0, Math.floor(scroller.scrollTop / rowHeight) - overscan);
    const to = Math.min(order.length, Math.ceil((scroller.scrollTop + view) / rowHeight) + overscan);
    if (!force && from === first && to === last) return;
    [first, last] = [from, to];
    const shown: HTMLElement[] = [spacer(from * rowHeight)];
    for (let i = from; i < to; i++) shown.push(rowElement(order[i]));
    shown.push(spacer((order.length - to) * rowHeight));
    tbody.replaceChildren(...shown);
  };
  let frame = 0;
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(() => ((frame = 0), draw()));
  };
  if (virtual) scroller.addEventListener('scroll', onScroll);
  const onRow = options.onRow;
  if (onRow)
    tbody.addEventListener('click', (e) => {
      const r = (e.target as HTMLElement).closest<HTMLElement>('tr[data-row]')?.dataset.row;
      if (r === undefined) return;
      marked = Number(r);
      for (const tr of tbody.querySelectorAll('tr.marked')) tr.classList.remove('marked');
      (e.target as HTMLElement).closest('tr')?.classList.add('marked');
      onRow(marked);
    });

  function sortBy(ci: number) {
    // asc → desc → the result's own order.
    if (sortColumn !== ci) [sortColumn, direction] = [ci, 'asc'];
    else if (direction === 'asc') direction = 'desc';
    else sortColumn = -1;
    order = sortColumn < 0 ? rows.map((_, i) => i) : sortRows(rows, sortColumn, direction);
    headers.forEach((th, i) =>
      th.setAttribute(
        'aria-sort',
        i !== sortColumn ? 'none' : direction === 'asc' ? 'ascending' : 'descending',
      ),
    );
    draw(true);
  }

  draw(true);
  return {
    showRow(row) {
      marked = row;
      const at = order.indexOf(row);
      if (at < 0) return;
      scroller.scrollTop = Math.max(0, at * rowHeight - scroller.clientHeight / 2);
      draw(true);
      tbody.querySelector(`tr[data-row="${row}"]`)?.scrollIntoView({ block: 'nearest' });
    },
    dispose() {
      cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', onScroll);
      scroller.remove();
    },
  };
}
