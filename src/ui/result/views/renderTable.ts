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

/** The table's data, DOM, order and the rows drawn now, shared by the functions below. */
interface Table {
  table: TableData;
  options: TableOptions;
  order: number[];
  sortColumn: number;
  direction: 'asc' | 'desc';
  marked: number;
  virtual: boolean;
  headers: HTMLElement[];
  tbody: HTMLElement;
  scroller: HTMLElement;
  first: number;
  last: number;
  frame: number;
}

/** Builds the table's DOM into `el`; its header buttons sort it. */
function buildTable(el: HTMLElement, table: TableData, testId: string, options: TableOptions): Table {
  const widths = columnWidths(table);
  const colgroup = h(
    'colgroup',
    {},
    widths.map((w) => h('col', { attrs: { style: `width:${w}ch` } })),
  );
  const headers = table.columns.map((c, ci) =>
    h('th', { attrs: { scope: 'col', 'aria-sort': 'none' }, class: c.numeric ? 'num' : '' }, [
      h('button', {
        text: c.label,
        title: `Sort by ${c.label}`,
        attrs: { 'data-sort': c.key },
        on: { click: () => sortBy(t, ci) },
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
  const t: Table = {
    table,
    options,
    order: table.rows.map((_, i) => i),
    sortColumn: -1,
    direction: 'asc',
    marked: -1,
    virtual: table.rows.length > renderAllUpTo,
    headers,
    tbody,
    scroller,
    first: -1,
    last: -1,
    frame: 0,
  };
  return t;
}

function rowElement(t: Table, r: number): HTMLElement {
  const tr = h('tr', { attrs: { 'data-row': String(r) } });
  if (r === t.marked) tr.classList.add('marked');
  t.table.columns.forEach((c, ci) => tr.append(cellElement(t.table.rows[r][ci], c, t.options.nameOf)));
  return tr;
}

function spacer(px: number): HTMLElement {
  const tr = h('tr', { class: 'rv-spacer', attrs: { 'aria-hidden': 'true' } });
  tr.style.height = `${px}px`;
  return tr;
}

function draw(t: Table, force = false): void {
  const { order, scroller, tbody } = t;
  if (!t.virtual) {
    clear(tbody);
    tbody.append(...order.map((r) => rowElement(t, r)));
    return;
  }
  const view = scroller.clientHeight || 400;
  const from = Math.max(0, Math.floor(scroller.scrollTop / rowHeight) - overscan);
  const to = Math.min(order.length, Math.ceil((scroller.scrollTop + view) / rowHeight) + overscan);
  if (!force && from === t.first && to === t.last) return;
  [t.first, t.last] = [from, to];
  const shown: HTMLElement[] = [spacer(from * rowHeight)];
  for (let i = from; i < to; i++) shown.push(rowElement(t, order[i]));
  shown.push(spacer((order.length - to) * rowHeight));
  tbody.replaceChildren(...shown);
}

function sortBy(t: Table, ci: number): void {
  const { rows } = t.table;
  // asc → desc → the result's own order.
  if (t.sortColumn !== ci) [t.sortColumn, t.direction] = [ci, 'asc'];
  else if (t.direction === 'asc') t.direction = 'desc';
  else t.sortColumn = -1;
  t.order = t.sortColumn < 0 ? rows.map((_, i) => i) : sortRows(rows, t.sortColumn, t.direction);
  t.headers.forEach((th, i) =>
    th.setAttribute(
      'aria-sort',
      i !== t.sortColumn ? 'none' : t.direction === 'asc' ? 'ascending' : 'descending',
    ),
  );
  draw(t, true);
}

function pickRow(t: Table, e: Event, onRow: (row: number) => void): void {
  const r = (e.target as HTMLElement).closest<HTMLElement>('tr[data-row]')?.dataset.row;
  if (r === undefined) return;
  t.marked = Number(r);
  for (const tr of t.tbody.querySelectorAll('tr.marked')) tr.classList.remove('marked');
  (e.target as HTMLElement).closest('tr')?.classList.add('marked');
  onRow(t.marked);
}

function showRow(t: Table, row: number): void {
  t.marked = row;
  const at = t.order.indexOf(row);
  if (at < 0) return;
  t.scroller.scrollTop = Math.max(0, at * rowHeight - t.scroller.clientHeight / 2);
  draw(t, true);
  t.tbody.querySelector(`tr[data-row="${row}"]`)?.scrollIntoView({ block: 'nearest' });
}

/** Renders `table` into `el`: a header of sort buttons and the rows, cells as text only. */
export function renderTable(
  el: HTMLElement,
  table: TableData,
  testId: string,
  options: TableOptions = {},
): TableView {
  const t = buildTable(el, table, testId, options);
  const onScroll = () => {
    if (!t.frame) t.frame = requestAnimationFrame(() => ((t.frame = 0), draw(t)));
  };
  if (t.virtual) t.scroller.addEventListener('scroll', onScroll);
  const onRow = options.onRow;
  if (onRow) t.tbody.addEventListener('click', (e) => pickRow(t, e, onRow));
  draw(t, true);
  return {
    showRow: (row) => showRow(t, row),
    dispose() {
      cancelAnimationFrame(t.frame);
      t.scroller.removeEventListener('scroll', onScroll);
      t.scroller.remove();
    },
  };
}
