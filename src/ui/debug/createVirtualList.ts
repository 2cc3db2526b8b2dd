import { h } from '../shell/dom.ts';

/** Options of {@link createVirtualList}. */
export interface VirtualListOptions {
  /** Every row's height in pixels (rows are one line each). */
  rowHeight: number;
  /** Fills a row element for row `index` (the element is reused for other rows as the list scrolls). */
  render(index: number, row: HTMLElement): void;
  /** Called when a row is clicked. */
  onClick?(index: number): void;
  /** Called after each draw (the rows in sight are filled). */
  afterDraw?(): void;
  testId: string;
}

/** A list that holds only the rows in sight in the DOM, however many it has. */
export interface VirtualList {
  readonly el: HTMLElement;
  /** Sets the number of rows and draws the rows in sight again. */
  setCount(count: number): void;
  /** Draws the rows in sight again (after their data changed). */
  refresh(): void;
  /** Scrolls so that row `index` is in sight (in the middle when it was not). */
  reveal(index: number): void;
}

// Rows drawn beyond the visible ones on each side, so that a fast wheel does not show blank space for a frame. Few:
// every row drawn costs its text's layout on each redraw while the list scrolls.
const overscan = 3;

/**
 * Creates a virtualized list: a scrolling box whose inner spacer has the full height, and a pool of row elements
 * placed over the rows in sight, redrawn at most once a frame while it scrolls.
 */
export function createVirtualList(o: VirtualListOptions): VirtualList {
  const spacer = h('div', { class: 'vlist-spacer' });
  const el = h('div', { class: 'vlist', attrs: { 'data-testid': o.testId, tabindex: '0' } }, [spacer]);
  const pool: HTMLElement[] = [];
  let count = 0;
  let frame = 0;
  const draw = () => {
    frame = 0;
    const first = Math.max(0, Math.floor(el.scrollTop / o.rowHeight) - overscan);
    const visible = Math.ceil((el.clientHeight || 400) / o.rowHeight) + 2 * overscan;
    const last = Math.min(count, first + visible);
    while (pool.length < last - first) {
      const row = h('div', { class: 'vlist-row' });
      row.addEventListener('click', () => o.onClick?.(Number(row.dataset.index)));
      pool.push(row);
      el.append(row);
    }
    pool.forEach((row, k) => {
      const index = first + k;
      if (index >= last) {
        row.hidden = true;
        return;
      }
      row.hidden = false;
      row.dataset.index = String(index);
      row.style.top = `${index * o.rowHeight}px`;
      o.render(index, row);
    });
    o.afterDraw?.();
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(draw);
  };
  el.addEventListener('scroll', schedule, { passive: true });
  new ResizeObserver(schedule).observe(el);
  return {
    el,
    setCount(n) {
      count = n;
      spacer.style.height = `${n * o.rowHeight}px`;
      draw();
    },
    refresh: draw,
    reveal(index) {
      const top = index * o.rowHeight;
      if (top < el.scrollTop || top + o.rowHeight > el.scrollTop + el.clientHeight)
        el.scrollTop = Math.max(0, top - el.clientHeight / 2);
      draw();
    },
  };
}
