import { formatCount, shortHex } from '../../../core/result/quantities.ts';
import type { CallFrameView, CallTreeData } from '../../../core/result/viewData.ts';
import { h } from '../../shell/dom.ts';

// The tree opens level by level while the rows shown stay under this (a small tree opens whole).
const initialRows = 300;
// Row heights are fixed (positions are computed, never measured); a failed frame has a second line for its error.
const rowPx = 24;
const errorRowPx = 42;
const overscan = 15;
// Narrower than these, a row leaves out the gas bar, then the addresses too (the frame inspector shows them).
const compactPx = 640;
const narrowPx = 480;

/** What the call tree asks of the page around it. */
export interface CallTreeOptions {
  /** The signature of a selector (the built-in table and the user's ABI), or null. */
  nameOf?: (selector: string | null) => string | null;
  /** A frame was clicked: open it in the frame inspector. */
  select?: (id: number) => void;
}

/** Where each frame's subtree ends in the depth-first list (exclusive). */
function subtreeEnds(frames: CallFrameView[]): Int32Array {
  const n = frames.length;
  const end = new Int32Array(n);
  const stack: number[] = [];
  for (let i = 0; i < n; i++) {
    while (stack.length && frames[stack[stack.length - 1]].depth >= frames[i].depth) end[stack.pop()!] = i;
    stack.push(i);
  }
  for (const i of stack) end[i] = n;
  return end;
}

/** The frames open at first: whole levels while the rows they show stay under the budget. */
function initiallyOpen(frames: CallFrameView[]): Set<number> {
  const kidsOf = new Map<number, number[]>();
  for (const f of frames) {
    if (f.parent < 0) continue;
    const list = kidsOf.get(f.parent);
    if (list) list.push(f.id);
    else kidsOf.set(f.parent, [f.id]);
  }
  const open = new Set<number>();
  let shown = frames.length ? 1 : 0;
  for (let level = frames.length ? [0] : []; level.length;) {
    const next = level.flatMap((i) => kidsOf.get(i) ?? []);
    if (!next.length || shown + next.length > initialRows) break;
    shown += next.length;
    for (const i of level) open.add(i);
    level = next;
  }
  return open;
}

interface RowContext {
  frames: CallFrameView[];
  open: Set<number>;
  selected: number;
  scaleGas: number;
  hasKids(i: number): boolean;
  nameOf(selector: string | null): string | null;
}

/** One frame's line: toggle, type, gas bar and amount, method, from → to, value (each cut with … and titled). */
function frameLine(i: number, cx: RowContext): HTMLElement {
  const f = cx.frames[i];
  const kids = cx.hasKids(i);
  const toggle = h('button', {
    class: 'ct-toggle',
    text: kids ? (cx.open.has(i) ? '▾' : '▸') : '·',
    title: kids ? `${f.childCount} inner call${f.childCount === 1 ? '' : 's'}` : 'No inner calls',
    attrs: { 'aria-label': cx.open.has(i) ? 'Collapse' : 'Expand', 'data-frame': String(i) },
  });
  toggle.disabled = !kids;
  const share = f.gasUsed !== null ? Math.min(1, f.gasUsed / cx.scaleGas) : 0;
  const fill = h('span', { class: 'ct-gasfill' + (f.error ? ' failed' : '') });
  fill.style.width = `${(share * 100).toFixed(2)}%`;
  const method = cx.nameOf(f.selector) ?? f.method ?? f.selector;
  return h('div', { class: 'ct-line' }, [
    toggle,
    h('span', { class: `ct-type ct-${f.type.toLowerCase()}`, text: f.type }),
    // Gas first: in a narrow panel it stays in sight.
    h('span', { class: 'ct-gasbar', title: `${(share * 100).toFixed(1)}% of the top call's gas` }, [fill]),
    h('span', {
      class: 'ct-gas',
      text: f.gasUsed !== null ? `${formatCount(f.gasUsed)} gas` : '',
      title: f.gas !== null ? `gas given: ${formatCount(f.gas)}` : '',
    }),
    method
      ? h('span', {
          class: 'ct-method',
          text: method,
          title: f.selector && method !== f.selector ? `${method} (${f.selector})` : method,
          attrs: { 'data-testid': 'frame-method' },
        })
      : null,
    h('span', { class: 'ct-addr', text: shortHex(f.from, 8, 6), title: f.from }),
    h('span', { class: 'ct-arrow', text: '→' }),
    h('span', {
      class: 'ct-addr',
      text: f.to ? shortHex(f.to, 8, 6) : '(new)',
      title: f.to || 'contract creation',
    }),
    f.value
      ? h('span', {
          class: 'ct-value',
          text: f.value,
          title: f.value,
          attrs: { 'data-testid': 'frame-value' },
        })
      : null,
  ]);
}

/** One frame's row: its line, and its error on a line of its own when it failed. */
function frameRow(i: number, cx: RowContext): HTMLElement {
  const f = cx.frames[i];
  const error = f.revertReason ? `${f.error}: ${f.revertReason}` : f.error;
  const row = h(
    'div',
    {
      class: 'ct-row' + (i === cx.selected ? ' selected' : ''),
      title: 'Click to inspect this frame',
      attrs: {
        role: 'treeitem',
        'aria-level': String(f.depth + 1),
        'aria-selected': String(i === cx.selected),
        'data-testid': 'call-frame',
        'data-depth': String(f.depth),
        'data-id': String(i),
      },
    },
    [
      frameLine(i, cx),
      error
        ? h('div', {
            class: 'ct-error sev-error',
            text: error,
            title: error,
            attrs: { 'data-testid': 'frame-error' },
          })
        : null,
    ],
  );
  if (cx.hasKids(i)) row.setAttribute('aria-expanded', String(cx.open.has(i)));
  row.style.paddingLeft = `${f.depth * 18}px`;
  row.style.height = `${f.error ? errorRowPx : rowPx}px`;
  return row;
}

/** The first row whose bottom is below `top` (a binary search over the row offsets). */
function firstRowBelow(offsets: Float64Array, rows: number, top: number): number {
  let lo = 0;
  let hi = rows;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1] <= top) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function summaryText(data: CallTreeData): string {
  const top = data.frames[0];
  return [
    `${formatCount(data.totalFrames)} call frame${data.totalFrames === 1 ? '' : 's'}, ${data.maxDepth + 1} level${data.maxDepth ? 's' : ''} deep`,
    top?.gasUsed !== null && top?.gasUsed !== undefined ? ` · ${formatCount(top.gasUsed)} gas used` : '',
    ` · ${data.frames.filter((f) => f.error).length} failed`,
    ' · click a frame to inspect it',
  ].join('');
}

/** What the rows are drawn from: the frames, which are open and selected, the gas scale and the names. */
function rowContext(frames: CallFrameView[], end: Int32Array, options: CallTreeOptions): RowContext {
  const top = frames[0];
  return {
    frames,
    open: initiallyOpen(frames),
    selected: -1,
    scaleGas: Math.max(1, top?.gasUsed ?? top?.gas ?? 0),
    hasKids: (i) => frames[i].childCount > 0 && end[i] > i + 1,
    nameOf: options.nameOf ?? (() => null),
  };
}

/** A click in the tree: a toggle opens or closes its frame ('toggled'), a row is selected (its id); else null. */
function clickedFrame(target: HTMLElement, cx: RowContext): 'toggled' | number | null {
  const toggled = target.closest<HTMLElement>('[data-frame]')?.dataset.frame;
  if (toggled !== undefined) {
    const i = Number(toggled);
    if (cx.open.has(i)) cx.open.delete(i);
    else cx.open.add(i);
    return 'toggled';
  }
  const picked = target.closest<HTMLElement>('[data-id]')?.dataset.id;
  if (picked === undefined) return null;
  cx.selected = Number(picked);
  return cx.selected;
}

/** Expand all, Collapse all, the summary and the count of rows shown. */
function treeToolbar(data: CallTreeData, status: HTMLElement, setAll: (on: boolean) => void): HTMLElement {
  return h('div', { class: 'row' }, [
    h('button', {
      text: 'Expand all',
      attrs: { 'data-testid': 'call-tree-expand' },
      on: { click: () => setAll(true) },
    }),
    h('button', { text: 'Collapse all', on: { click: () => setAll(false) } }),
    h('div', { class: 'rv-summary', text: summaryText(data), attrs: { 'data-testid': 'call-tree-summary' } }),
    status,
  ]);
}

/**
 * The call tree: one collapsible row per frame (type, from → to, method, value, gas used as a bar against the top
 * frame's, error and revert reason in red on a line of their own); a click on a row opens the frame inspector. A
 * virtual list: only the rows in sight exist in the DOM, so a tree of 10,000 frames opens, scrolls and expands as
 * fast as one of ten.
 */
export function renderCallTree(
  el: HTMLElement,
  data: CallTreeData,
  options: CallTreeOptions = {},
): () => void {
  const { frames } = data;
  const n = frames.length;
  const end = subtreeEnds(frames);
  const cx = rowContext(frames, end, options);

  const spacer = h('div');
  const layer = h('div', { class: 'ct-layer' });
  const viewport = h('div', { class: 'ct', attrs: { role: 'tree', 'data-testid': 'call-tree' } }, [
    spacer,
    layer,
  ]);
  const status = h('span', { class: 'rv-summary', attrs: { 'data-testid': 'call-tree-shown' } });

  let visible: number[] = [];
  let offsets = new Float64Array(1);
  const layout = () => {
    visible = [];
    for (let i = 0; i < n; i = cx.open.has(i) ? i + 1 : end[i]) visible.push(i);
    offsets = new Float64Array(visible.length + 1);
    visible.forEach((f, k) => (offsets[k + 1] = offsets[k] + (frames[f].error ? errorRowPx : rowPx)));
    spacer.style.height = `${offsets[visible.length]}px`;
    viewport.style.height = `min(${offsets[visible.length] + 2}px, max(280px, calc(100vh - 300px)))`;
    status.textContent = `${formatCount(visible.length)} of ${formatCount(data.totalFrames)} frames shown`;
  };

  let drawn = '';
  const draw = (force = false) => {
    const scrollTop = viewport.scrollTop;
    const lo = firstRowBelow(offsets, visible.length, scrollTop);
    const from = Math.max(0, lo - overscan);
    let to = lo;
    while (to < visible.length && offsets[to] < scrollTop + (viewport.clientHeight || 600)) to++;
    to = Math.min(visible.length, to + overscan);
    const key = `${from}:${to}`;
    if (!force && key === drawn) return;
    drawn = key;
    layer.style.transform = `translateY(${offsets[from]}px)`;
    layer.replaceChildren(...visible.slice(from, to).map((i) => frameRow(i, cx)));
  };
  let frame = 0;
  viewport.addEventListener('scroll', () => {
    if (!frame) frame = requestAnimationFrame(() => ((frame = 0), draw()));
  });
  const resized = new ResizeObserver(() => {
    viewport.classList.toggle('compact', viewport.clientWidth < compactPx);
    viewport.classList.toggle('narrow', viewport.clientWidth < narrowPx);
    draw();
  });
  resized.observe(viewport);
  layer.addEventListener('click', (e) => {
    const picked = clickedFrame(e.target as HTMLElement, cx);
    if (picked === 'toggled') layout();
    if (picked !== null) draw(true);
    if (typeof picked === 'number') options.select?.(picked);
  });

  const setAll = (on: boolean) => {
    cx.open.clear();
    if (on) for (let i = 0; i < n; i++) if (cx.hasKids(i)) cx.open.add(i);
    layout();
    draw(true);
  };
  const tools = treeToolbar(data, status, setAll);
  el.append(tools, viewport);
  layout();
  draw(true);
  return () => {
    cancelAnimationFrame(frame);
    resized.disconnect();
    tools.remove();
    viewport.remove();
  };
}
