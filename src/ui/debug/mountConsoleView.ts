import type { ConsoleLine } from '../../evm/host/traceDebug.ts';
import { clear } from '../shell/dom.ts';
import type { PanelContext } from '../shell/panelContext.ts';
import { buildConsoleView, type ConsoleView } from './buildConsoleView.ts';
import { buildCostView, timeoutMsOf } from './buildCostView.ts';
import type { DebugState } from './createDebugSession.ts';
import { debugRequestOf } from './debugRequestOf.ts';
import { filterConsoleLines } from './filterConsoleLines.ts';
import { embeddedDebugRunner, pageDebugSession } from './pageDebugSession.ts';
import { renderCostTable } from './renderCostTable.ts';
import './debug.css';

/**
 * The Debug panel's Console: runs the request on the embedded node with a console and a profile (and a recording for the
 * Inspector), lists the tracer's console lines with their step, hook and level (filterable; a click selects the step
 * in the Inspector), and the cost of each hook with geth's estimated time against the request's timeout.
 */
export function mountConsoleView(
  el: HTMLElement,
  ctx: PanelContext,
  showInspector: () => void,
): { dispose(): void } {
  const session = pageDebugSession(ctx.store, () => embeddedDebugRunner(ctx));
  const pick = (line: ConsoleLine) => {
    if (line.step === undefined) return;
    session.update({ selected: line.step, stoppedAt: null, finished: false });
    if (session.get().run?.recording) showInspector();
  };
  const v = buildConsoleView(
    (patch) => session.update({ consoleFilter: { ...session.get().consoleFilter, ...patch } }),
    pick,
  );
  v.runButton.addEventListener(
    'click',
    () => void session.start(debugRequestOf(ctx.store.get()), v.recordBox.checked),
  );
  el.append(...v.children);
  const render = (s: DebugState, prev: DebugState | null) => renderConsole(v, s, prev);
  const stop = session.subscribe(render);
  render(session.get(), null);
  return {
    dispose() {
      stop();
      clear(el);
    },
  };
}

function renderConsole(v: ConsoleView, s: DebugState, prev: DebugState | null): void {
  v.runButton.disabled = s.running;
  v.status.textContent = s.running
    ? 'Running on the embedded node…'
    : (s.error ??
      (s.run
        ? `Last run: ${s.run.label}`
        : 'Not run yet: ▶ Debug run runs the Request panel’s request here'));
  if (prev && prev.run === s.run && prev.consoleFilter === s.consoleFilter) return;
  const report = s.run?.report.console;
  const lines = report?.lines ?? [];
  const shown = filterConsoleLines(lines, s.consoleFilter);
  v.show(lines, shown);
  const dropped =
    report && report.dropped > 0
      ? `; ${report.dropped} more not kept (the console keeps ${report.maxLines})`
      : '';
  v.count.textContent = s.run
    ? `${lines.length} line${lines.length === 1 ? '' : 's'}${shown.length !== lines.length ? `, ${shown.length} shown` : ''}${dropped}`
    : '';
  if (prev && prev.run === s.run) return;
  const profile = s.run?.report.profile;
  v.cost.replaceChildren(
    profile
      ? renderCostTable(buildCostView(profile, timeoutMsOf(s.run?.timeout), s.run?.timeout))
      : document.createTextNode('No profile yet.'),
  );
}
