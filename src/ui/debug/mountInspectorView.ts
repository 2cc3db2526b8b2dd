import type { StepRowView } from '../../worker/recording/recordingContract.ts';
import { clear, h } from '../shell/dom.ts';
import type { PanelContext } from '../shell/panelContext.ts';
import { buildInspectorView, type InspectorView } from './buildInspectorView.ts';
import { noStepFilter, type StepFilter } from '../../worker/recording/buildStepRows.ts';
import type { DebugSession, DebugState } from './createDebugSession.ts';
import { createRowCache, type RowCache } from './createRowCache.ts';
import { debugRequestOf } from './debugRequestOf.ts';
import type { Recording } from './debugRun.ts';
import { inspectorStatusText } from './inspectorStatusText.ts';
import { embeddedDebugRunner, pageDebugSession } from './pageDebugSession.ts';
import { describeBreakpoint, parseBreakpoint } from './parseBreakpoint.ts';
import { renderStepDetail } from './renderStepDetail.ts';
import { renderStepRow } from './renderStepRow.ts';
import './debug.css';

/**
 * What the inspector holds of the shown run: the recording's handle (the steps stay in the recording worker), the
 * filter its rows were asked for, the rows fetched so far, and counters that drop answers to older questions.
 */
interface Derived {
  rec: Recording | null;
  filter: StepFilter;
  rows: RowCache<StepRowView>;
  /** Bumped by every new run or filter: row counts asked before are dropped. */
  listSeq: number;
  /** Bumped by every selection: details and positions asked before are dropped. */
  detailSeq: number;
  statusSeq: number;
}

/**
 * The Debug panel's Inspector: the recorded steps of the last debugging run with the hook calls between them (virtualized,
 * filterable, fetched from the recording worker as they come into view), the selected step's detail with `this`
 * after it, and breakpoints that stop, continue and run to the next hook call over the recording. A `frame-select`
 * event (a call frame clicked in a result view) selects the step where that frame starts.
 */
export function mountInspectorView(
  el: HTMLElement,
  ctx: PanelContext,
  show: () => void,
): { dispose(): void } {
  const session = pageDebugSession(ctx.store, () => embeddedDebugRunner(ctx));
  const d: Derived = {
    rec: null,
    filter: noStepFilter,
    rows: createRowCache<StepRowView>(() => v.list.refresh()),
    listSeq: 0,
    detailSeq: 0,
    statusSeq: 0,
  };
  const v: InspectorView = buildInspectorView(
    (i, row) => {
      const view = d.rows.get(i);
      renderStepRow(view, row, view?.step === session.get().selected);
    },
    (i) => {
      const view = d.rows.peek(i);
      if (view) session.update({ selected: Math.max(0, view.step), stoppedAt: null, finished: false });
    },
    () => {
      // Only when it changes: an attribute set on every draw would invalidate the list's style each frame.
      const busy = String(d.rows.busy());
      if (v.list.el.getAttribute('aria-busy') !== busy) v.list.el.setAttribute('aria-busy', busy);
    },
  );
  bindControls(v, session, ctx);
  el.append(...v.children);
  const onFrame = (e: Event) => {
    const rec = d.rec;
    const detail = (e as CustomEvent<{ frame?: unknown; path?: unknown }>).detail;
    void frameStep(rec, detail).then((step) => {
      if (step === null || d.rec !== rec) return;
      session.update({ selected: step, stoppedAt: null, finished: false });
      show();
    });
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
  const at = () => session.get().selected ?? -1;
  // Asks the recording, and moves only if the run shown is still the one asked about.
  const goTo = (ask: (rec: Recording) => Promise<number | null>, hit: boolean) => {
    const rec = session.get().run?.recording;
    if (!rec) return;
    void ask(rec).then((step) => {
      if (session.get().run?.recording !== rec) return;
      session.update(
        step === null
          ? { stoppedAt: null, finished: true }
          : { selected: step, stoppedAt: hit ? step : null, finished: false },
      );
    });
  };
  v.buttons.run.addEventListener('click', () => void session.start(debugRequestOf(ctx.store.get()), true));
  v.buttons.continue.addEventListener('click', () => goTo((r) => r.queries.nextHit(at()), true));
  v.buttons.nextCall.addEventListener('click', () => goTo((r) => r.queries.nextHookCall(at()), false));
  v.buttons.stepOver.addEventListener('click', () =>
    goTo(async (r) => (at() + 1 < r.summary.steps ? at() + 1 : null), false),
  );
  v.buttons.toEnd.addEventListener('click', () => goTo(async () => null, false));
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
  const errors = session.run?.recording?.summary.breakpointErrors ?? [];
  v.bpNote.textContent = [
    session.breakpoints.length
      ? 'Breakpoints apply from the next Debug run (the run is recorded whole; stopping only chooses what is shown, so the result is the same).'
      : '',
    ...errors.map((e) => `${e.breakpointId}: ${e.message}`),
  ]
    .filter(Boolean)
    .join(' ');
}

/** Asks how many rows pass the filter, then shows that many, fetched from the recording as they come into view. */
function showRows(v: InspectorView, d: Derived, filter: StepFilter): void {
  const seq = ++d.listSeq;
  d.filter = filter;
  const rec = d.rec;
  if (!rec) {
    d.rows.reset(async () => []);
    return v.list.setCount(0);
  }
  void rec.queries.count(filter).then((n) => {
    if (seq !== d.listSeq) return;
    d.rows.reset((start, count) => rec.queries.rows(filter, start, count));
    v.list.setCount(n);
  });
}

/** Shows the selected step's detail and brings its row into view (both asked of the recording). */
function showSelected(v: InspectorView, d: Derived, selected: number | null): void {
  const seq = ++d.detailSeq;
  const rec = d.rec;
  if (!rec || selected === null) {
    v.detail.replaceChildren(h('p', { class: 'muted', text: '' }));
    return v.list.refresh();
  }
  // Sent after showRows' count on the same port: answered after it, so the list has its new length by then.
  void rec.queries.positionOf(d.filter, selected).then((pos) => {
    if (seq !== d.detailSeq) return;
    if (pos >= 0) v.list.reveal(pos);
    else v.list.refresh();
  });
  void rec.queries.detail(selected).then((detail) => {
    if (seq === d.detailSeq) v.detail.replaceChildren(renderStepDetail(detail, rec.queries.thisAt(selected)));
  });
}

/** The status line; at a breakpoint hit it names the breakpoints once the recording says which matched. */
function showStatus(v: InspectorView, d: Derived, s: DebugState): void {
  const seq = ++d.statusSeq;
  v.status.textContent = inspectorStatusText(s, null);
  const rec = s.run?.recording;
  if (!rec || s.stoppedAt === null || s.running || s.error) return;
  void rec.queries.hitsAt(s.stoppedAt).then((ids) => {
    if (seq === d.statusSeq) v.status.textContent = inspectorStatusText(s, ids);
  });
}

function renderInspector(
  v: InspectorView,
  d: Derived,
  s: DebugState,
  prev: DebugState | null,
  session: DebugSession,
): void {
  const recording = s.run?.recording ?? null;
  const newRun = !prev || prev.run !== s.run;
  if (newRun) {
    d.rec = recording;
    v.result.textContent = s.run ? JSON.stringify(s.run.response, null, 2) : '';
  }
  if (newRun || prev.stepFilter !== s.stepFilter) showRows(v, d, s.stepFilter);
  if (newRun || prev.breakpoints !== s.breakpoints)
    renderBreakpoints(v, s, (id) =>
      session.update({ breakpoints: session.get().breakpoints.filter((bp) => bp.id !== id) }),
    );
  v.resultBox.open = s.finished;
  showStatus(v, d, s);
  const summary = recording?.summary;
  v.bound.textContent = summary?.truncated
    ? `The recording stops at ${summary.maxSteps.toLocaleString('en-US')} steps: the run had ${summary.totalSteps.toLocaleString('en-US')}. Steps past the bound are not shown (the result, console and profile are whole).`
    : '';
  v.bound.hidden = !summary?.truncated;
  if (newRun || prev.selected !== s.selected) showSelected(v, d, s.selected);
}

/** The step of a `frame-select` event's frame: by its path of child indexes, or by its depth-first number. */
async function frameStep(
  rec: Recording | null,
  detail: { frame?: unknown; path?: unknown } | undefined,
): Promise<number | null> {
  if (!rec) return null;
  if (Array.isArray(detail?.path) && detail.path.every((i) => Number.isInteger(i)))
    return rec.queries.stepOfFramePath(detail.path as number[]);
  return typeof detail?.frame === 'number' ? rec.queries.stepOfFrame(detail.frame) : null;
}
