import { formatCount, shortHex } from '../../../core/result/quantities.ts';
import type { CallTreeData } from '../../../core/result/viewData.ts';
import { h } from '../../dom.ts';

// The tree opens level by level while the rows shown stay under this (a small tree opens whole).
const initialRows = 300;
// Row heights are fixed (positions are computed, never measured); a failed frame has a second line for its error.
const rowPx = 24;
const errorRowPx = 42;
const overscan = 15;

/**
 * The call tree: one collapsible row per frame (type, from → to, method, value, gas used as a bar against the top
 * frame's, error and revert reason in red on a line of their own). A virtual list: only the rows in sight exist in
 * the DOM, so a tree of 10,000 frames opens, scrolls and expands as fast as one of ten.
 */
export function renderCallTree(el: HTMLElement, data: CallTreeData): () => void {
  const { frames } = data;
  const n = frames.length;
  // Frames are depth-first: a frame's subtree is the frames after it up to `end[id]`.
  const end = new Int32Array(n);
  const stack: number[] = [];
  for (let i = 0; i < n; i++) {
    while (stack.length && frames[stack[stack.length - 1]].depth >= frames[i].depth) end[stack.pop()!] = i;
    stack.push(i);
  }
  for (const i of stack) end[i] = n;
  const hasKids = (i: number) => frames[i].childCount > 0 && end[i] > i + 1;
  const top = frames[0];
  const scaleGas = Math.max(1, top?.gasUsed ?? top?.gas ?? 0);

  // Whole levels open while the rows they show stay under the budget.
  const kidsOf = new Map<number, number[]>();
  for (const f of frames) {
    if (f.parent < 0) continue;
    const list = kidsOf.get(f.parent);
    if (list) list.push(f.id);
    else kidsOf.set(f.parent, [f.id]);
  }
  const open = new Set<number>();
  let shownAtFirst = n ? 1 : 0;
  for (let level = n ? [0] : []; level.length;) {
    const next = level.flatMap((i) => kidsOf.get(i) ?? []);
    if (!next.length || shownAtFirst + next.length > initialRows) break;
    shownAtFirst += next.length;
    for (const i of level) open.add(i);
    level = next;
  }

  let visible: number[] = [];
  let offsets = new Float64Array(1);
  const layout = () => {
    visible = [];
    for (let i = 0; i < n; i = open.has(i) ? i + 1 : end[i]) visible.push(i);
    offsets = new Float64Array(visible.length + 1);
    visible.forEach((f, k) => (offsets[k + 1] = offsets[k] + (frames[f].error ? errorRowPx : rowPx)));
    spacer.style.height = `${offsets[visible.length]}px`;
    viewport.style.height = `min(${offsets[visible.length] + 2}px, max(280px, calc(100vh - 300px)))`;
    status.textContent = `${formatCount(visible.length)} of ${formatCount(data.totalFrames)} frames shown`;
  };

  const rowOf = (i: number): HTMLElement => {
    const f = frames[i];
    const kids = hasKids(i);
    const toggle = h('button', {
      class: 'ct-toggle',
      text: kids ? (open.has(i) ? '▾' : '▸') : '·',
      title: kids ? `${f.childCount} inner call${f.childCount === 1 ? '' : 's'}` : 'No inner calls',
      attrs: { 'aria-label': open.has(i) ? 'Collapse' : 'Expand', 'data-frame': String(i) },
    });
    toggle.disabled = !kids;
    const share = f.gasUsed !== null ? Math.min(1, f.gasUsed / scaleGas) : 0;
    const fill = h('span', { class: 'ct-gasfill' + (f.error ? ' failed' : '') });
    fill.style.width = `${(share * 100).toFixed(2)}%`;
    const line = h('div', { class: 'ct-line' }, [
      toggle,
      h('span', { class: `ct-type ct-${f.type.toLowerCase()}`, text: f.type }),
      // Gas first: in a narrow panel it stays in sight.
      h('span', { class: 'ct-gasbar', title: `${(share * 100).toFixed(1)}% of the top call's gas` }, [fill]),
      h('span', {
        class: 'ct-gas',
        text: f.gasUsed !== null ? `${formatCount(f.gasUsed)} gas` : '',
        title: f.gas !== null ? `gas given: ${formatCount(f.gas)}` : '',
      }),
      h('span', { class: 'ct-addr', text: shortHex(f.from, 8, 6), title: f.from }),
      h('span', { class: 'ct-arrow', text: '→' }),
      h('span', {
        class: 'ct-addr',
        text: f.to ? shortHex(f.to, 8, 6) : '(new)',
        title: f.to || 'contract creation',
      }),
      f.method || f.selector
        ? h('span', {
            class: 'ct-method',
            text: f.method ?? f.selector ?? '',
            title: f.selector ?? '',
            attrs: { 'data-testid': 'frame-method' },
          })
        : null,
      f.value
        ? h('span', { class: 'ct-value', text: f.value, attrs: { 'data-testid': 'frame-value' } })
        : null,
    ]);
    const row = h(
      'div',
      {
        class: 'ct-row',
        attrs: {
          role: 'treeitem',
          'aria-level': String(f.depth + 1),
          'data-testid': 'call-frame',
          'data-depth': String(f.depth),
        },
      },
      [
        line,
        f.error
          ? h('div', {
              class: 'ct-error sev-error',
              text: f.revertReason ? `${f.error}: ${f.revertReason}` : f.error,
              title: f.revertReason ? `${f.error}: ${f.revertReason}` : f.error,
              attrs: { 'data-testid': 'frame-error' },
            })
          : null,
      ],
    );
    if (kids) row.setAttribute('aria-expanded', String(open.has(i)));
    row.style.paddingLeft = `${f.depth * 18}px`;
    row.style.height = `${f.error ? errorRowPx : rowPx}px`;
    return row;
  };

  const spacer = h('div');
  const layer = h('div', { class: 'ct-layer' });
  const viewport = h('div', { class: 'ct', attrs: { role: 'tree', 'data-testid': 'call-tree' } }, [
    spacer,
    layer,
  ]);
  const status = h('span', { class: 'rv-summary', attrs: { 'data-testid': 'call-tree-shown' } });

  let drawn = '';
  const draw = (force = false) => {
    const top = viewport.scrollTop;
    const height = viewport.clientHeight || 600;
    // The first row whose bottom is below the top of the view (binary search over the offsets).
    let lo = 0;
    let hi = visible.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (offsets[mid + 1] <= top) lo = mid + 1;
      else hi = mid;
    }
    const from = Math.max(0, lo - overscan);
    let to = lo;
    while (to < visible.length && offsets[to] < top + height) to++;
    to = Math.min(visible.length, to + overscan);
    const key = `${from}:${to}`;
    if (!force && key === drawn) return;
    drawn = key;
    layer.style.transform = `translateY(${offsets[from]}px)`;
    layer.replaceChildren(...visible.slice(from, to).map(rowOf));
  };
  let frame = 0;
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(() => ((frame = 0), draw()));
  };
  viewport.addEventListener('scroll', onScroll);
  const resized = new ResizeObserver(() => draw());
  resized.observe(viewport);
  layer.addEventListener('click', (e) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>('[data-frame]')?.dataset.frame;
    if (id === undefined) return;
    const i = Number(id);
    if (open.has(i)) open.delete(i);
    else open.add(i);
    layout();
    draw(true);
  });

  const summary = h('div', { class: 'rv-summary', attrs: { 'data-testid': 'call-tree-summary' } }, [
    `${formatCount(data.totalFrames)} call frame${data.totalFrames === 1 ? '' : 's'}, ${data.maxDepth + 1} level${data.maxDepth ? 's' : ''} deep`,
    top?.gasUsed !== null && top?.gasUsed !== undefined ? ` · ${formatCount(top.gasUsed)} gas used` : '',
    ` · ${frames.filter((f) => f.error).length} failed`,
  ]);
  const setAll = (on: boolean) => {
    open.clear();
    if (on) for (let i = 0; i < n; i++) if (hasKids(i)) open.add(i);
    layout();
    draw(true);
  };
  const tools = h('div', { class: 'row' }, [
    h('button', {
      text: 'Expand all',
      attrs: { 'data-testid': 'call-tree-expand' },
      on: { click: () => setAll(true) },
    }),
    h('button', { text: 'Collapse all', on: { click: () => setAll(false) } }),
    summary,
    status,
  ]);
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
