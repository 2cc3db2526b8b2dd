import type {
  ConsoleLine,
  ConsoleReport,
  ReplayDebugFlags,
  TraceDebugReport,
  TraceProfile,
} from '../evm/host/traceDebug.ts';
import { estimateGethTime, type GethEstimate } from '../evm/host/estimateGethTime.ts';
import { parseTimeoutMs } from '../evm/host/parseTimeout.ts';
import { stripControl } from './stripControl.ts';

/**
 * One console line as `tracer replay --console` prints it: `[step 123 step] text`, `[step 40 enter error] text` for
 * console.error/warn, `[setup] text` and `[result] text` (no step). Control characters are removed; the lines of a
 * text with newlines after the first are indented by two spaces.
 */
export function formatConsoleLine(line: ConsoleLine): string {
  const where = line.step === undefined ? line.hook : `step ${line.step} ${line.hook}`;
  const text = stripControl(line.text).replace(/\n/g, '\n  ');
  return `[${where}${line.level === 'error' ? ' error' : ''}] ${text}`;
}

/**
 * What `replay` prints of a run's console: every line and a note when the line cap was reached (`shown`), or one
 * line counting them (without --console). Nothing when the tracer printed nothing.
 */
export function formatConsoleReport(report: ConsoleReport, shown: boolean): string[] {
  const calls = report.lines.length + report.dropped;
  if (!shown)
    return calls === 0
      ? []
      : [`tracer replay: ${count(calls, 'console line')} not shown (--console prints them)`];
  const out = report.lines.map(formatConsoleLine);
  if (report.dropped > 0)
    out.push(
      `tracer replay: the console keeps ${count(report.maxLines, 'line')}; ${count(report.dropped, 'more call')} not printed`,
    );
  return out;
}

/**
 * `replay --profile`'s table (calls, total and mean time, slowest call, share of each hook) and the time outside the
 * hooks (which counts against the timeout here too), then geth's estimated
 * time for the tracer on this transaction against the request's timeout (`timeout`: the Go duration as given, or
 * absent for geth's default 5s), what the estimate rests on, and a warning naming the costliest hook when geth would
 * likely stop the tracer (or a note when it is past half of the timeout).
 */
export function formatProfile(profile: TraceProfile, timeoutMs: number, timeout?: string): string[] {
  const est = estimateGethTime(profile, timeoutMs);
  const engine = profile.engine === 'quickjs' ? "QuickJS (the page's engine)" : profile.engine;
  const lines = [
    `profile: ${count(profile.steps, 'step')} in ${engine}, ${ms(profile.totalMs)} ms in all`,
    row(['hook', 'calls', 'total ms', 'mean µs', 'max ms', 'share']),
  ];
  for (const h of profile.hooks) {
    if (h.calls === 0) {
      lines.push(row([h.hook, '0', '-', '-', '-', '-']));
      continue;
    }
    const share = est.hookMs > 0 ? (100 * h.ms) / est.hookMs : 0;
    lines.push(
      row([
        h.hook,
        group(h.calls),
        ms(h.ms),
        ((1000 * h.ms) / h.calls).toFixed(1),
        ms(h.maxMs),
        `${share.toFixed(1)}%`,
      ]),
    );
  }
  const limit = timeout === undefined ? "5s (geth's default)" : timeout;
  const outside = Math.max(0, profile.totalMs - est.hookMs);
  lines.push(
    `outside the hooks: ${ms(outside)} ms (the EVM, the host, starting the realm; in a fresh trace process, cold code too)`,
    `geth: about ${duration(est.ms)}${est.stopped ? ' or more' : ''} for this tracer on this transaction, against the timeout ${limit}: ${verdictWords[est.verdict]}`,
    `  (the time in the hooks here × ${factor(est.ratio.times)}: ${est.ratio.basis}; the EVM's own work and the network are not counted)`,
  );
  const why = costliest(est);
  const stopped = `the run here was stopped by the timeout ${limit} before the end`;
  if (est.verdict === 'likely-timeout')
    lines.push(
      `warning: geth would likely stop this tracer at its timeout ${limit} (about ${duration(est.ms)}${est.stopped ? ' or more: ' + stopped : ''})${why}`,
    );
  else if (est.verdict === 'incomplete')
    lines.push(`note: ${stopped}: geth needs at least that; a longer --timeout measures all of it${why}`);
  else if (est.verdict === 'close')
    lines.push(`note: past half of the timeout ${limit}: a busier or slower node may stop it${why}`);
  return lines;
}

const verdictWords: Record<GethEstimate['verdict'], string> = {
  fits: 'fits',
  close: 'close to it',
  'likely-timeout': 'likely to time out',
  incomplete: 'not known (the run here did not finish)',
};

/** A ratio with two significant digits below 1 (0.11×), two decimals above. */
function factor(times: number): string {
  return times >= 1 ? times.toFixed(2) : times.toPrecision(2);
}

function costliest(est: GethEstimate): string {
  const c = est.costliest;
  if (!c) return '';
  const mean = ((1000 * c.cost.ms) / c.cost.calls).toFixed(1);
  return `; ${c.cost.hook} costs most: ${(100 * c.share).toFixed(0)}% of the hooks' time, ${group(c.cost.calls)} calls of ${mean} µs here`;
}

function row(cells: string[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(7) : c.padStart(i === 1 ? 9 : 10))).join('');
}

function ms(v: number): string {
  return v.toFixed(2);
}

function duration(v: number): string {
  return v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;
}

function group(n: number): string {
  return n.toLocaleString('en-US');
}

function count(n: number, what: string): string {
  return `${group(n)} ${what}${n === 1 ? '' : 's'}`;
}

/**
 * What a replay prints besides its result, on stderr: the tracer's console lines (with --console; a count without),
 * then the profile table with geth's estimated time (with --profile). Nothing when the trace process answered no
 * report (it was killed).
 */
export function printReplayDebug(
  write: (text: string) => void,
  report: TraceDebugReport | undefined,
  flags: ReplayDebugFlags,
  timeout: string | undefined,
): void {
  if (report?.console)
    for (const line of formatConsoleReport(report.console, flags.console)) write(line + '\n');
  if (!flags.profile || !report?.profile) return;
  let timeoutMs = 5000;
  try {
    timeoutMs = parseTimeoutMs(timeout);
  } catch {
    // The run reported the duration's error itself.
  }
  for (const line of formatProfile(report.profile, timeoutMs, timeout)) write(line + '\n');
}
