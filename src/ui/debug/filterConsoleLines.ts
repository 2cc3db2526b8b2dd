import type { ConsoleLine, HookName } from '../../evm/host/traceDebug.ts';

/** What the Console panel shows of a run's lines. */
export interface ConsoleFilter {
  /** Text the line must contain (case-insensitive); '' for any. */
  text: string;
  level: 'all' | 'log' | 'error';
  hook: 'all' | HookName;
}

/** The default filter: every line. */
export const anyConsoleLine: ConsoleFilter = { text: '', level: 'all', hook: 'all' };

/** The indexes of the lines that pass `filter`, in order. */
export function filterConsoleLines(lines: readonly ConsoleLine[], filter: ConsoleFilter): number[] {
  const needle = filter.text.trim().toLowerCase();
  const out: number[] = [];
  lines.forEach((line, i) => {
    if (filter.level !== 'all' && line.level !== filter.level) return;
    if (filter.hook !== 'all' && line.hook !== filter.hook) return;
    if (needle && !line.text.toLowerCase().includes(needle)) return;
    out.push(i);
  });
  return out;
}

/** Where a line was printed, as the Console panel's first column says it: `step 12`, or the hook (`setup`, `result`). */
export function consoleLinePlace(line: ConsoleLine): string {
  return line.step === undefined ? line.hook : `step ${line.step}`;
}
