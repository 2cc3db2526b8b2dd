import type { Chart as ChartType, Plugin } from 'chart.js';
import { formatCount, shortHex } from '../../../core/result/quantities.ts';
import type { CallFrameView, CallTreeData, FlameBar } from '../../../core/result/viewData.ts';
import { h } from '../../shell/dom.ts';
import { loadChart, readChartColors, watchTheme, withAlpha, type ChartColors } from './chartTheme.ts';

const rowPx = 24;
const heaviestShown = 8;

/** The heaviest frames by the gas they used themselves (not counting inner calls), as a list. */
function heaviestList(
  frames: CallFrameView[],
  total: number,
  nameOf: (selector: string | null) => string | null,
): HTMLElement {
  // Self gas: a frame's gas used less its inner calls' (what it spent on its own code).
  const inner = new Map<number, number>();
  for (const f of frames)
    if (f.parent >= 0) inner.set(f.parent, (inner.get(f.parent) ?? 0) + (f.gasUsed ?? 0));
  const heaviest = frames
    .map((f) => ({ f, self: Math.max(0, (f.gasUsed ?? 0) - (inner.get(f.id) ?? 0)) }))
    .sort((a, b) => b.self - a.self)
    .slice(0, heaviestShown);
  // The callee and what was called (the type has its own badge).
  const calleeOf = (f: (typeof frames)[number]) =>
    [
      f.to ? shortHex(f.to) : '(new contract)',
      (nameOf(f.selector) ?? f.method)?.replace(/\(.*$/, '') ?? f.selector,
    ]
      .filter(Boolean)
      .join(' ');
  return h(
    'ol',
    { class: 'rv-heaviest', attrs: { 'data-testid': 'flame-heaviest' } },
    heaviest.map(({ f, self }) =>
      h('li', {}, [
        h('span', { class: 'ct-type', text: f.type }),
        ` ${calleeOf(f)} — ${formatCount(self)} gas`,
        total > 0 ? ` (${((self / total) * 100).toFixed(1)}%)` : '',
        f.error ? h('span', { class: 'sev-error', text: ` ${f.error}` }) : null,
      ]),
    ),
  );
}

/** Writes each frame's label inside its bar when there is room (clipped to the bar). */
function labelPlugin(flame: FlameBar[], c: ChartColors): Plugin<'bar'> {
  return {
    id: 'flameLabels',
    afterDatasetsDraw(ch) {
      const ctx = ch.ctx;
      const meta = ch.getDatasetMeta(0);
      ctx.save();
      ctx.font = `11px ${c.font}`;
      ctx.fillStyle = c.fg;
      ctx.textBaseline = 'middle';
      meta.data.forEach((el, i) => {
        const { x, base, y, height } = el.getProps(['x', 'base', 'y', 'height'], true) as Record<
          string,
          number
        >;
        const left = Math.max(Math.min(x, base), ch.chartArea.left);
        const right = Math.min(Math.max(x, base), ch.chartArea.right);
        if (right - left < 30) return;
        ctx.save();
        ctx.beginPath();
        ctx.rect(left, y - height / 2, right - left, height);
        ctx.clip();
        ctx.fillText(flame[i].label, left + 4, y);
        ctx.restore();
      });
      ctx.restore();
    },
  };
}

/** The tooltip of a bar: the frame's label, then its type, from → to, gas used and error. */
function tooltipLines(flame: FlameBar[], frames: CallFrameView[]) {
  return {
    title: (items: { dataIndex: number }[]) => flame[items[0].dataIndex].label,
    label: (item: { dataIndex: number }) => {
      const f = frames[flame[item.dataIndex].id];
      return [
        `${f.type} ${f.from} → ${f.to || '(new)'}`,
        `gas used: ${f.gasUsed !== null ? formatCount(f.gasUsed) : '?'}`,
        ...(f.error ? [`error: ${f.error}${f.revertReason ? `: ${f.revertReason}` : ''}`] : []),
        'click: zoom to it and inspect it',
      ];
    },
  };
}

/** The chart's bars, its DOM and the chart once built, shared by the functions below. */
interface Flame {
  frames: CallFrameView[];
  flame: FlameBar[];
  depths: number;
  total: number;
  canvas: HTMLCanvasElement;
  zoomLabel: HTMLElement;
  reset: HTMLButtonElement;
  select?: (id: number) => void;
  chart: ChartType | null;
  disposed: boolean;
}

// Bars named from the user's ABI and the full table when they know the selector.
function namedBars(data: CallTreeData, nameOf: (selector: string | null) => string | null): FlameBar[] {
  return data.flame.map((b) => {
    const f = data.frames[b.id];
    const name = nameOf(f.selector)?.replace(/\(.*$/, '');
    return name ? { ...b, label: `${name} ${f.to ? shortHex(f.to) : ''}`.trim() } : b;
  });
}

/** Appends the summary, the chart's box and the heaviest frames to `el`; returns the chart's record. */
function buildFlameDom(
  el: HTMLElement,
  frames: CallFrameView[],
  flame: FlameBar[],
  depths: number,
  nameOf: (selector: string | null) => string | null,
): Flame {
  const canvas = h('canvas', {
    attrs: {
      role: 'img',
      'aria-label': `Flame chart of gas used by ${flame.length} call frames over ${depths} depths`,
    },
  });
  const box = h('div', { class: 'rv-chart', attrs: { 'data-testid': 'flame-chart' } }, [canvas]);
  box.style.height = `${depths * rowPx + 48}px`;
  const zoomLabel = h('span', { class: 'hint', attrs: { 'data-testid': 'flame-zoom' } });
  const reset = h('button', { text: 'Reset zoom', attrs: { 'data-testid': 'flame-reset' } });
  reset.hidden = true;
  const total = flame[0] ? flame[0].end - flame[0].start : 0;

  const list = heaviestList(frames, total, nameOf);
  el.append(
    h('div', { class: 'row' }, [
      h('span', {
        class: 'rv-summary',
        attrs: { 'data-testid': 'flame-summary' },
        text: `${formatCount(flame.length)} frames, ${depths} deep, ${formatCount(Math.round(total))} gas (width = gas used; click a frame to zoom and inspect it)`,
      }),
      zoomLabel,
      reset,
    ]),
    box,
    h('div', { class: 'rv-subtitle', text: 'Heaviest frames by their own gas' }),
    list,
  );
  return { frames, flame, depths, total, canvas, zoomLabel, reset, chart: null, disposed: false };
}

async function build(f: Flame): Promise<void> {
  const Chart = await loadChart();
  if (f.disposed) return;
  f.chart?.destroy();
  const c = readChartColors();
  const { flame, depths, total } = f;
  const fill = (b: FlameBar) =>
    b.failed ? withAlpha(c.error, 0.55) : withAlpha(c.series[b.depth % 2 ? 1 : 0], 0.45);
  f.chart = new Chart(f.canvas, {
    type: 'bar',
    data: {
      labels: Array.from({ length: depths }, (_, d) => `depth ${d}`),
      datasets: [
        {
          data: flame.map((b) => ({ x: [b.start, b.end], y: `depth ${b.depth}` })) as never,
          backgroundColor: flame.map(fill),
          borderColor: c.bg,
          borderWidth: 1,
          borderSkipped: false,
          barPercentage: 1,
          categoryPercentage: 0.95,
          grouped: false,
        },
      ],
    },
    options: {
      indexAxis: 'y',
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: {
          type: 'linear',
          min: 0,
          max: total || 1,
          grid: { color: withAlpha(c.border, 0.6) },
          ticks: { color: c.muted, maxRotation: 0, callback: (v) => formatCount(Number(v)) },
          title: { display: true, text: 'gas', color: c.muted },
        },
        y: { grid: { display: false }, ticks: { color: c.muted, autoSkip: false } },
      },
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: tooltipLines(flame, f.frames) },
      },
      onClick: (_e, items) => {
        if (items[0]) zoomTo(f, items[0].index);
      },
    },
    plugins: [labelPlugin(flame, c)],
  });
}

function zoomTo(f: Flame, index: number): void {
  if (!f.chart) return;
  const b = f.flame[index];
  const x = f.chart.options.scales!.x!;
  x.min = b.start;
  x.max = Math.max(b.end, b.start + 1);
  f.zoomLabel.textContent = `Zoomed to ${b.label}`;
  f.reset.hidden = false;
  f.chart.update();
  f.select?.(b.id);
}

function resetZoom(f: Flame): void {
  if (!f.chart) return;
  const x = f.chart.options.scales!.x!;
  x.min = 0;
  x.max = f.total || 1;
  f.zoomLabel.textContent = '';
  f.reset.hidden = true;
  f.chart.update();
}

/**
 * The flame chart of gas by frame (Chart.js floating bars: one row per call depth, each frame as wide as its gas
 * used, its inner calls beneath it). Click a frame to zoom to it; the frame's label is drawn inside it when it fits.
 * Below, the heaviest frames by the gas they used themselves (not counting inner calls), as text.
 */
export function renderFlameChart(
  el: HTMLElement,
  data: CallTreeData,
  select?: (id: number) => void,
  nameOf: (selector: string | null) => string | null = () => null,
): () => void {
  const f = buildFlameDom(el, data.frames, namedBars(data, nameOf), data.maxDepth + 1, nameOf);
  f.select = select;
  f.reset.addEventListener('click', () => resetZoom(f));
  void build(f);
  const unwatch = watchTheme(() => void build(f));
  return () => {
    f.disposed = true;
    unwatch();
    f.chart?.destroy();
  };
}
