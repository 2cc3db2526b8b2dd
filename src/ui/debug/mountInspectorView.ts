import type { InspectReport } from '../../evm/host/inspectTypes.ts';
import { clear, h } from '../shell/dom.ts';
import type { PanelContext } from '../shell/panelContext.ts';
import { buildInspectorView, type InspectorView } from './buildInspectorView.ts';
import { buildStepRows, filterStepRows, rowOfStep, rowStep } from './buildStepRows.ts';
import type { DebugSession, DebugState } from './createDebugSession.ts';
import { debugRequestOf } from './debugRequestOf.ts';
import { nextHit, nextHookCall, stepOfFrame, stepOfFramePath } from './navigateRecording.ts';
import { embeddedDebugRunner, pageDebugSession } from './pageDebugSession.ts';
import { describeBreakpoint, parseBreakpoint } from './parseBreakpoint.ts';
import { renderStepDetail } from './renderStepDetail.ts';
import { createThisTimeline, type ThisTimeline } from './createThisTimeline.ts';
import { renderStepRow } from './renderStepRow.ts';
import './debug.css';

/** What the inspector derives from a run once (rows) and per filter (shown rows). */
interface Derived {
  report: InspectReport | null;
  rows: Int32Array;
  shown: Int32Array;
  hitSteps: Set<number>;
  timeline: ThisTimeline | null;
}

/**
 * The Debug panel's Inspector: the recorded steps of the last debugging run with the hook calls between them (virtualized,
 * filterable), the selected step's detail with `this` after it, and breakpoints that stop, continue and run to the
 * next hook call over the recording. A `frame-select` event (a call frame clicked in a result view) selects the step
 * where that frame starts.
 */
export function mountInspectorView(
  el: HTMLElement,
  ctx: PanelContext,
  show: () => void,
): { dispose(): void } {
  const session = pageDebugSession(ctx.store, () => embeddedDebugRunner(ctx));
  const d: Derived = {
    report: null,
    rows: new Int32Array(0),
    shown: new Int32Array(0),
    hitSteps: new Set(),
    timeline: null,
  };
  const v = buildInspectorView(
    (i, row) => {
      const r = d.shown[i];
      const step = d.report ? rowStep(d.report, r) : -1;
      renderStepRow(d.report!, r, row, {
        selected: r >= 0 && step === session.get().selected,
        hit: r >= 0 && d.hitSteps.has(step),
      });
    },
    (i) =>
      d.report &&
      session.update({
        selected: Math.max(0, rowStep(d.report, d.shown[i])),
        stoppedAt: null,
        finished: false,
      }),
  );
  bindControls(v, session, ctx);
  el.append(...v.children);
  const onFrame = (e: Event) => {
    const detail = (e as CustomEvent<{ frame?: unknown; path?: unknown }>).detail;
    const step = d.report ? frameStep(d.report, detail) : null;
    if (step === null) return;
    session.update({ selected: step, stoppedAt: null, finished: false });
    show();
  };
  document.addEventListener('frame-select', onFrame);
  const render = (s: DebugState, prev: DebugState | null) => renderInspector(v, d, s, prev, session);
  const stop = session.subscribe(render);
  render(session.get(), null);
  return {
    dispose() {
      stop();
      document.removeEventListener('frame-select', onFrame);
      clear(el);
    },
  };
}

function bindControls(v: InspectorView, session: DebugSession, ctx: PanelContext): void {
  const report = () => session.get().run?.report.inspect;
  const at = () => session.get().selected ?? -1;
  const go = (step: number | null, hit: boolean) =>
    session.update(
      step === null
        ? { stoppedAt: null, finished: true }
        : { selected: step, stoppedAt: hit ? step : null, finished: false },
    );
  v.buttons.run.addEventListener('click', () => void session.start(debugRequestOf(ctx.store.get()), true));
  v.buttons.continue.addEventListener('click', () => report() && go(nextHit(report()!, at()), true));
  v.buttons.nextCall.addEventListener('click', () => report() && go(nextHookCall(report()!, at()), false));
  v.buttons.stepOver.addEventListener('click', () => {
    const r = report();
    if (r) go(at() + 1 < r.steps.length ? at() + 1 : null, false);
  });
  v.buttons.toEnd.addEventListener('click', () => report() && go(null, false));
  let nextId = 1;
  v.bpAdd.addEventListener('click', () => {
    const fields = Object.fromEntries(Object.entries(v.bpFields).map(([k, i]) => [k, i.value])) as Record<
      keyof typeof v.bpFields,
      string
    >;
    const bp = parseBreakpoint(fields, `bp${nextId}`);
    if (typeof bp === 'string') return void (v.bpNote.textContent = bp);
    nextId++;
    Object.values(v.bpFields).forEach((i) => (i.value = ''));
    session.update({ breakpoints: [...session.get().breakpoints, bp] });
  });
  for (const [key, input] of Object.entries(v.filters))
    input.addEventListener('input', () =>
      session.update({ stepFilter: { ...session.get().stepFilter, [key]: input.value } }),
    );
}

function renderBreakpoints(v: InspectorView, session: DebugState, remove: (id: string) => void): void {
  v.bpList.replaceChildren(
    ...session.breakpoints.map((bp) =>
      h('li', { attrs: { 'data-bp': bp.id } }, [
        `${bp.id}: ${describeBreakpoint(bp)} `,
        h('button', { text: '×', title: 'Remove', on: { click: () => remove(bp.id) } }),
      ]),
    ),
  );
  const errors = session.run?.report.inspect?.breakpointErrors ?? [];
  v.bpNote.textContent = [
    session.breakpoints.length
      ? 'Breakpoints apply from the next Debug run (the run is recorded whole; stopping only chooses what is shown, so the result is the same).'
      : '',
    ...errors.map((e) => `${e.breakpointId}: ${e.message}`),
  ]
    .filter(Boolean)
    .join(' ');
}

function renderInspector(
  v: InspectorView,
  d: Derived,
  s: DebugState,
  prev: DebugState | null,
  session: DebugSession,
): void {
  const report = s.run?.report.inspect ?? null;
  if (!prev || prev.run !== s.run) {
    d.report = report;
    d.rows = report ? buildStepRows(report) : new Int32Array(0);
    d.hitSteps = new Set(report?.hits.map((x) => x.step) ?? []);
    d.timeline = report ? createThisTimeline(report) : null;
    v.result.textContent = s.run ? JSON.stringify(s.run.response, null, 2) : '';
  }
  if (!prev || prev.run !== s.run || prev.stepFilter !== s.stepFilter) {
    d.shown = report ? filterStepRows(report, d.rows, s.stepFilter) : new Int32Array(0);
    v.list.setCount(d.shown.length);
  }
  if (!prev || prev.breakpoints !== s.breakpoints || prev.run !== s.run)
    renderBreakpoints(v, s, (id) =>
      session.update({ breakpoints: session.get().breakpoints.filter((bp) => bp.id !== id) }),
    );
  v.resultBox.open = s.finished;
  v.status.textContent = statusText(s, report);
  v.bound.textContent = report?.truncated
    ? `The recording stops at ${report.maxSteps.toLocaleString('en-US')} steps: the run had ${report.totalSteps.toLocaleString('en-US')}. Steps past the bound are not shown (the result, console and profile are whole).`
    : '';
  v.bound.hidden = !report?.truncated;
  if (!prev || prev.selected !== s.selected || prev.run !== s.run) {
    v.detail.replaceChildren(
      report && s.selected !== null
        ? renderStepDetail(report, s.selected, d.timeline!.at(s.selected))
        : h('p', { class: 'muted', text: '' }),
    );
    const pos = s.selected === null ? -1 : rowOfStep(d.shown, s.selected);
    if (pos >= 0) v.list.reveal(pos);
    else v.list.refresh();
  }
}

function statusText(s: DebugState, report: InspectReport | null): string {
  if (s.running) return 'Running on the embedded node…';
  if (s.error) return s.error;
  if (!s.run)
    return 'No recording yet: ▶ Debug run runs the Request panel’s request on the embedded node and records every step.';
  if (!report)
    return 'The last run recorded no steps (tick “record steps” in the Console panel, or use ▶ Debug run here).';
  const head = `Recorded ${report.steps.length.toLocaleString('en-US')} steps and ${report.hookCalls.length.toLocaleString('en-US')} hook calls (${s.run.label}).`;
  if (s.stoppedAt !== null) {
    const ids = report.hits.filter((x) => x.step === s.stoppedAt).map((x) => x.breakpointId);
    return `${head} Stopped at step ${s.stoppedAt} (breakpoint ${ids.join(', ')}).`;
  }
  if (s.finished) return `${head} Ran to the end: the result is below.`;
  return s.selected === null ? head : `${head} At step ${s.selected}.`;
}

/** The step of a `frame-select` event's frame: by its path of child indexes, or by its depth-first number. */
function frameStep(
  report: InspectReport,
  detail: { frame?: unknown; path?: unknown } | undefined,
): number | null {
  if (Array.isArray(detail?.path) && detail.path.every((i) => Number.isInteger(i)))
    return stepOfFramePath(report, detail.path as number[]);
  return typeof detail?.frame === 'number' ? stepOfFrame(report, detail.frame) : null;
}
