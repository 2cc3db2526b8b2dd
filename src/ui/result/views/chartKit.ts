// The charting library of the result views, loaded only when a chart is first shown (a dynamic import of this
// module: Vite puts it and Chart.js in a chunk of their own, so the page's first load does not grow).
//
// Chart.js (MIT, https://www.chartjs.org): chosen for size and speed. It draws on a canvas (thousands of bars or
// points cost one paint, not thousands of DOM nodes), it is tree-shakable (only the bar and scatter controllers,
// two scales and the tooltip are bundled here: 154 kB minified, 53 kB gzipped, measured with `vite build`), it has
// floating bars (`x: [start, end]`), which give the flame chart without hand-drawn geometry, and it is widely used
// and actively released. uPlot is smaller but built around time series (no category axis, no floating bars);
// ECharts covers more but weighs several times as much even when trimmed.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  PointElement,
  ScatterController,
  Tooltip,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  PointElement,
  ScatterController,
  Tooltip,
);

export { Chart };
