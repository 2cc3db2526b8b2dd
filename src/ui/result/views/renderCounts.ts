import type { Chart as ChartType, ChartConfiguration } from 'chart.js';
import { formatCount } from '../../../core/result/quantities.ts';
import type { CountsData, TableData } from '../../../core/result/viewData.ts';
import { h } from '../../shell/dom.ts';
import { type ChartColors, loadChart, readChartColors, watchTheme, withAlpha } from './chartTheme.ts';
import { renderTable } from './renderTable.ts';

/** Bars drawn (the table below lists every entry). */
const barsShown = 40;
const barPx = 20;

/** A count map as a table: key, what it means (decoded selector), count, share. */
export function countsTable(counts: CountsData): TableData {
  const keyLabel = counts.keyKind === 'selector' ? 'selector' : counts.keyKind;
  const withLabels = counts.entries.some((e) => e.label !== null);
  return {
    columns: [
      { key: 'key', label: keyLabel, format: 'text', numeric: false },
      ...(withLabels ? [{ key: 'label', label: 'function', format: 'text' as const, numeric: false }] : []),
      { key: 'count', label: 'count', format: 'count', numeric: true },
      { key: 'share', label: '%', format: 'text', numeric: true },
    ],
    rows: counts.entries.map((e) => [
      e.key,
      ...(withLabels ? [e.label] : []),
      e.count,
      counts.total ? ((e.count / counts.total) * 100).toFixed(1) : '0',
    ]),
    total: counts.entries.length,
  };
}

type CountEntry = CountsData['entries'][number];

/** A bar's name: the decoded function with its key, or the key alone. */
function barName(e: CountEntry): string {
  return e.label ? `${e.label.replace(/ ·.*$/, '')} (${e.key})` : e.key;
}

/** The horizontal bar chart's configuration, each bar's count written at its end. */
function countsConfig(shown: CountEntry[], c: ChartColors): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: shown.map(barName),
      datasets: [
        {
          data: shown.map((e) => e.count),
          backgroundColor: withAlpha(c.accent, 0.7),
          hoverBackgroundColor: c.accent,
          barPercentage: 0.85,
          categoryPercentage: 1,
        },
      ],
    },
    options: {
      indexAxis: 'y',
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      layout: { padding: { right: 48 } },
      scales: {
        x: {
          beginAtZero: true,
          grid: { color: withAlpha(c.border, 0.6) },
          ticks: { color: c.muted, precision: 0 },
        },
        y: { grid: { display: false }, ticks: { color: c.fg, autoSkip: false, font: { size: 11 } } },
      },
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (item) => `${formatCount(Number(item.raw))}` } },
      },
    },
    plugins: [
      {
        // Each bar's count at its end.
        id: 'barCounts',
        afterDatasetsDraw(ch) {
          const ctx = ch.ctx;
          ctx.save();
          ctx.font = `11px ${c.font}`;
          ctx.fillStyle = c.fg;
          ctx.textBaseline = 'middle';
          ch.getDatasetMeta(0).data.forEach((bar, i) => {
            const { x, y } = bar.getProps(['x', 'y'], true) as Record<string, number>;
            ctx.fillText(formatCount(shown[i].count), x + 4, y);
          });
          ctx.restore();
        },
      },
    ],
  };
}

/** The bar chart of a `{name: count}` map, largest first, each bar with its count; then the table of all entries. */
export function renderCounts(el: HTMLElement, counts: CountsData): () => void {
  const shown = counts.entries.slice(0, barsShown);
  const canvas = h('canvas', {
    attrs: { role: 'img', 'aria-label': `Bar chart of the ${shown.length} largest counts` },
  });
  const box = h('div', { class: 'rv-chart', attrs: { 'data-testid': 'bar-chart' } }, [canvas]);
  box.style.height = `${Math.max(1, shown.length) * barPx + 40}px`;
  const what =
    counts.keyKind === 'opcode' ? 'opcodes' : counts.keyKind === 'selector' ? 'selectors' : 'names';
  el.append(
    h('div', {
      class: 'rv-summary',
      attrs: { 'data-testid': 'bar-summary' },
      text:
        `${formatCount(counts.total)} in total over ${formatCount(counts.distinct)} ${what}` +
        (counts.distinct > shown.length ? ` (the ${shown.length} largest drawn, all listed below)` : ''),
    }),
    box,
  );
  const table = renderTable(el, countsTable(counts), 'counts-table');

  let chart: ChartType | null = null;
  let disposed = false;
  const build = async () => {
    const Chart = await loadChart();
    if (disposed) return;
    chart?.destroy();
    chart = new Chart(canvas, countsConfig(shown, readChartColors()));
  };
  void build();
  const unwatch = watchTheme(() => void build());
  return () => {
    disposed = true;
    unwatch();
    chart?.destroy();
    table.dispose();
  };
}
