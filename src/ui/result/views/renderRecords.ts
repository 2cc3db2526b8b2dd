import type { Chart as ChartType, ChartConfiguration } from 'chart.js';
import { formatCount } from '../../../core/result/quantities.ts';
import type { RecordsData } from '../../../core/result/viewData.ts';
import { h } from '../../shell/dom.ts';
import { type ChartColors, loadChart, readChartColors, watchTheme, withAlpha } from './chartTheme.ts';
import { formatCell } from './formatCell.ts';
import { renderTable, type TableView } from './renderTable.ts';

/** The object's other fields (`gas: 21000`, `failed: false` beside `structLogs`), as one line of text. */
function fieldsLine(records: RecordsData): HTMLElement | null {
  if (!records.key) return null;
  return h('div', {
    class: 'rv-summary',
    attrs: { 'data-testid': 'records-fields' },
    text: [
      `${records.key}: ${formatCount(records.table.total)} records`,
      ...records.fields.map((f) => `${f.key}: ${f.value}`),
    ].join(' · '),
  });
}

/** The records as a sortable table. */
export function renderRecordsTable(el: HTMLElement, records: RecordsData): TableView {
  const line = fieldsLine(records);
  if (line) el.append(line);
  el.append(
    h('div', {
      class: 'rv-summary',
      attrs: { 'data-testid': 'records-summary' },
      text: `${formatCount(records.table.rows.length)} record${records.table.rows.length === 1 ? '' : 's'} (click a column to sort)`,
    }),
  );
  const view = renderTable(el, records.table, 'records-table');
  return {
    showRow: view.showRow,
    dispose() {
      line?.remove();
      view.dispose();
    },
  };
}

type Timeline = NonNullable<RecordsData['timeline']>;
/** One lane's points as the chart takes them (`row`: the record's row in the table). */
type LanePoint = { x: number; y: number; row: number };

/** One line per non-empty field of a record, for its tooltip. */
function summaryOf(table: RecordsData['table'], row: number): string[] {
  return table.columns
    .map((c, ci) => [c.label, formatCell(table.rows[row][ci], c)] as const)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}: ${v.length > 70 ? v.slice(0, 69) + '…' : v}`);
}

/** The lanes with their counts; the swatches get their colours once the chart is built. */
function timelineLegend(t: Timeline): HTMLElement {
  const counts = t.lanes.map(() => 0);
  for (const p of t.points) counts[p.lane]++;
  return h(
    'ul',
    { class: 'rv-legend', attrs: { 'data-testid': 'timeline-lanes' } },
    t.lanes.map((lane, i) =>
      h('li', {}, [
        h('span', { class: 'rv-swatch', attrs: { 'data-lane': String(i) } }),
        `${lane}: ${formatCount(counts[i])}`,
      ]),
    ),
  );
}

/** The scatter chart's configuration: one dataset per lane, lanes named on the y axis. */
function timelineConfig(
  t: Timeline,
  c: ChartColors,
  laneData: LanePoint[][],
  tooltipOf: (row: number) => string[],
  showInTable: (row: number) => void,
): ChartConfiguration<'scatter', LanePoint[]> {
  return {
    type: 'scatter',
    data: {
      datasets: t.lanes.map((lane, li) => ({
        label: lane,
        data: laneData[li],
        backgroundColor: withAlpha(c.series[li % c.series.length], 0.8),
        borderColor: c.series[li % c.series.length],
        pointRadius: t.points.length > 2000 ? 2 : 4,
        pointHoverRadius: 6,
      })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      parsing: false,
      scales: {
        x: {
          type: 'linear',
          title: { display: true, text: t.xLabel, color: c.muted },
          grid: { color: withAlpha(c.border, 0.6) },
          ticks: { color: c.muted, precision: 0 },
        },
        y: {
          type: 'linear',
          min: -0.5,
          max: t.lanes.length - 0.5,
          reverse: true,
          grid: { color: withAlpha(c.border, 0.4) },
          afterBuildTicks: (axis) => {
            axis.ticks = t.lanes.map((_, i) => ({ value: i }));
          },
          ticks: { color: c.fg, callback: (v) => t.lanes[Number(v)] ?? '' },
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: (items) => `record #${(items[0].raw as { row: number }).row}`,
            label: (item) => tooltipOf((item.raw as { row: number }).row),
          },
        },
      },
      onClick: (_e, items) => {
        const hit = items[0];
        const point = hit && laneData[hit.datasetIndex]?.[hit.index];
        if (point) showInTable(point.row);
      },
    },
  };
}

/**
 * The records along execution (Chart.js scatter): x is the step (or the record's position), one lane per kind of
 * record (op, event, depth…). A point's tooltip has the record; clicking it shows the record in the table.
 */
export function renderTimeline(
  el: HTMLElement,
  records: RecordsData,
  showInTable: (row: number) => void,
): () => void {
  const t = records.timeline!;
  const canvas = h('canvas', {
    attrs: { role: 'img', 'aria-label': `Timeline of ${t.points.length} records by ${t.xLabel}` },
  });
  const box = h('div', { class: 'rv-chart', attrs: { 'data-testid': 'timeline-chart' } }, [canvas]);
  box.style.height = `${Math.max(2, t.lanes.length) * 28 + 60}px`;
  const legend = timelineLegend(t);
  el.append(
    h('div', {
      class: 'rv-summary',
      attrs: { 'data-testid': 'timeline-summary' },
      text: `${formatCount(t.points.length)} record${t.points.length === 1 ? '' : 's'} by ${t.xLabel}, one lane per ${t.laneLabel} (click a point to see it in the table)`,
    }),
    legend,
    box,
  );
  const laneData = t.lanes.map((_, li) =>
    t.points.filter((p) => p.lane === li).map((p) => ({ x: p.x, y: li, row: p.row })),
  );
  const tooltipOf = (row: number) => summaryOf(records.table, row);
  let chart: ChartType | null = null;
  let disposed = false;
  const build = async () => {
    const Chart = await loadChart();
    if (disposed) return;
    chart?.destroy();
    const c = readChartColors();
    legend.querySelectorAll<HTMLElement>('.rv-swatch').forEach((s, i) => {
      s.style.background = c.series[i % c.series.length];
    });
    chart = new Chart(canvas, timelineConfig(t, c, laneData, tooltipOf, showInTable));
  };
  void build();
  const unwatch = watchTheme(() => void build());
  return () => {
    disposed = true;
    unwatch();
    chart?.destroy();
  };
}
