import { shortHex } from '../../../core/result/prepareCallTree.ts';
import { formatCount } from '../../../core/result/quantities.ts';
import type { CallFrameView, CallTreeData } from '../../../core/result/viewData.ts';
import { h } from '../../dom.ts';

// Frames whose depth is below this start expanded (all of them in a small tree).
const openDepth = 2;
const smallTree = 200;
// A frame with many children shows them in pages, so a wide call (a loop of 5,000 calls) costs one page of DOM.
const childPage = 200;

/**
 * The call tree: one collapsible row per frame (type, from → to, method, value, gas used as a bar against the top
 * frame's, error and revert reason in red). Rows of collapsed frames' children are built when first opened.
 */
export function renderCallTree(el: HTMLElement, data: CallTreeData): () => void {
  const { frames } = data;
  const children = new Map<number, CallFrameView[]>();
  for (const f of frames) if (f.parent >= 0) children.set(f.parent, [...(children.get(f.parent) ?? []), f]);
  const top = frames[0];
  const scaleGas = Math.max(1, top?.gasUsed ?? top?.gas ?? 0);
  const startOpen = (f: CallFrameView) => frames.length <= smallTree || f.depth < openDepth;

  const tree = h('ul', { class: 'ct', attrs: { role: 'tree', 'data-testid': 'call-tree' } });
  const openers: (() => void)[] = [];
  const closers: (() => void)[] = [];

  const item = (f: CallFrameView): HTMLElement => {
    const kids = children.get(f.id) ?? [];
    const li = h('li', { attrs: { role: 'treeitem' } });
    const toggle = h('button', {
      class: 'ct-toggle',
      text: kids.length ? '▸' : '·',
      title: kids.length ? `${kids.length} inner call${kids.length === 1 ? '' : 's'}` : 'No inner calls',
      attrs: { 'aria-label': 'Expand or collapse', tabindex: kids.length ? '0' : '-1' },
    });
    toggle.disabled = !kids.length;
    const gasShare = f.gasUsed !== null ? Math.min(1, f.gasUsed / scaleGas) : 0;
    const bar = h(
      'span',
      { class: 'ct-gasbar', title: `${(gasShare * 100).toFixed(1)}% of the top call's gas` },
      [h('span', { class: 'ct-gasfill' + (f.error ? ' failed' : '') })],
    );
    (bar.firstChild as HTMLElement).style.width = `${(gasShare * 100).toFixed(2)}%`;
    const row = h(
      'div',
      { class: 'ct-row', attrs: { 'data-testid': 'call-frame', 'data-depth': String(f.depth) } },
      [
        toggle,
        h('span', { class: `ct-type ct-${f.type.toLowerCase()}`, text: f.type }),
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
        bar,
        h('span', {
          class: 'ct-gas',
          text: f.gasUsed !== null ? `${formatCount(f.gasUsed)} gas` : '',
          title: f.gas !== null ? `gas given: ${formatCount(f.gas)}` : '',
        }),
        f.error
          ? h('span', {
              class: 'ct-error sev-error',
              text: f.revertReason ? `${f.error}: ${f.revertReason}` : f.error,
              attrs: { 'data-testid': 'frame-error' },
            })
          : null,
      ],
    );
    li.append(row);
    if (!kids.length) return li;
    let list: HTMLElement | null = null;
    let shown = 0;
    const more = h('button', { class: 'ct-more', attrs: { 'data-testid': 'frame-more' } });
    const showMore = () => {
      const next = kids.slice(shown, shown + childPage);
      shown += next.length;
      for (const k of next) list!.insertBefore(item(k), more.parentElement);
      more.parentElement!.hidden = shown >= kids.length;
      more.textContent = `Show ${formatCount(Math.min(childPage, kids.length - shown))} more of ${formatCount(kids.length - shown)}`;
    };
    more.addEventListener('click', showMore);
    const setOpen = (open: boolean) => {
      if (open && !list) {
        list = h('ul', { attrs: { role: 'group' } }, [h('li', { class: 'ct-more-row' }, [more])]);
        li.append(list);
        showMore();
      }
      if (list) list.hidden = !open;
      toggle.textContent = open ? '▾' : '▸';
      li.setAttribute('aria-expanded', String(open));
    };
    toggle.addEventListener('click', () => setOpen(list === null || list.hidden));
    openers.push(() => setOpen(true));
    closers.push(() => setOpen(false));
    setOpen(startOpen(f));
    return li;
  };

  if (top) tree.append(item(top));
  const summary = h('div', { class: 'rv-summary', attrs: { 'data-testid': 'call-tree-summary' } }, [
    `${formatCount(data.totalFrames)} call frame${data.totalFrames === 1 ? '' : 's'}, ${data.maxDepth + 1} level${data.maxDepth ? 's' : ''} deep`,
    top?.gasUsed !== null && top?.gasUsed !== undefined ? ` · ${formatCount(top.gasUsed)} gas used` : '',
    ` · ${frames.filter((f) => f.error).length} failed`,
  ]);
  const tools = h('div', { class: 'row' }, [
    h('button', {
      text: 'Expand all',
      attrs: { 'data-testid': 'call-tree-expand' },
      on: {
        // Opening builds rows, which adds openers: repeat until nothing new appears.
        click: () => {
          for (let i = 0; i < openers.length; i++) openers[i]();
        },
      },
    }),
    h('button', {
      text: 'Collapse all',
      on: { click: () => closers.forEach((c) => c()) },
    }),
    summary,
  ]);
  el.append(tools, tree);
  return () => {
    tools.remove();
    tree.remove();
  };
}
