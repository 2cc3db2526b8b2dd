import type { Chart } from 'chart.js';

/**
 * Loads the charting library (its own chunk, ./chartKit.ts), then yields a task so that evaluating the module and
 * drawing a chart are two main-thread tasks, not one long one.
 */
export async function loadChart(): Promise<typeof Chart> {
  const { Chart } = await import('./chartKit.ts');
  await new Promise((r) => setTimeout(r, 0));
  return Chart;
}

/** Loads the charting library while the page is idle, so the first chart does not wait for it. */
export function preloadChart(): void {
  const load = () => void import('./chartKit.ts');
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 200);
}

// The page's colours for canvas charts (read from the CSS variables of src/ui/styles.css), and a watch on the
// theme: the switch sets data-theme on the document element; the system preference matters while it follows it.

/** The colours a chart draws with. */
export interface ChartColors {
  fg: string;
  muted: string;
  border: string;
  bg: string;
  bg2: string;
  accent: string;
  error: string;
  ok: string;
  warning: string;
  /** A palette for lanes and depths, from the page's colours. */
  series: string[];
  font: string;
}

/** Reads the colours in force now. */
export function readChartColors(root: Element = document.documentElement): ChartColors {
  const css = getComputedStyle(root);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const accent = v('--accent', '#0b63ce');
  const ok = v('--ok', '#1b7f3b');
  const warning = v('--warning', '#a15c00');
  return {
    fg: v('--fg', '#1f2328'),
    muted: v('--muted', '#5b6470'),
    border: v('--border', '#d0d7de'),
    bg: v('--bg', '#ffffff'),
    bg2: v('--bg2', '#f3f4f6'),
    accent,
    error: v('--error', '#c62828'),
    ok,
    warning,
    series: [accent, ok, warning, '#8a63d2', '#1f9bb5', '#c2418f', '#6b7d2a', '#b0603a'],
    font: getComputedStyle(document.body).fontFamily || 'system-ui, sans-serif',
  };
}

/** Calls `onChange` when the page's theme changes; returns the function that stops watching. */
export function watchTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
  const system = matchMedia('(prefers-color-scheme: dark)');
  system.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    system.removeEventListener('change', onChange);
  };
}

/** A colour with an alpha, for fills: `#rrggbb` → `rgba(…)`; other notations are returned as they are. */
export function withAlpha(color: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!m) return color;
  return `rgba(${parseInt(m[1], 16)}, ${parseInt(m[2], 16)}, ${parseInt(m[3], 16)}, ${alpha})`;
}
