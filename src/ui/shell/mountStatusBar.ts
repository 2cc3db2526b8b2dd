import { activeTarget, type AppState } from '../../state/appState.ts';
import { targetInfo } from '../../core/targets.ts';
import { isFlattenFact } from '../../core/flatten/flattenFacts.ts';
import { activeEndpoint } from '../../state/endpointList.ts';
import { clear, h, type Panel } from './dom.ts';
import { tracerCodeFor } from '../send/tracerCodeFor.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the status bar does besides showing. */
export interface StatusBarActions {
  /** Cancels the request in flight. */
  cancel(): void;
}

/**
 * The notice line and the status bar: while a request runs, "Sending to <endpoint>… 2.1 s [Cancel]" whichever
 * panel is open; otherwise the problem counts, readiness and the shortcuts.
 */
export function mountStatusBar(
  parts: { notice: HTMLElement; noticeText: HTMLElement; statusbar: HTMLElement },
  panelCount: number,
  actions: StatusBarActions,
): Panel<AppState> {
  const progress = h('span', { attrs: { 'data-testid': 'status-progress', 'aria-live': 'polite' } });
  const text = h('span', { attrs: { 'data-testid': 'status-text' } });
  parts.statusbar.replaceChildren(progress, text);
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    update(s, prev) {
      parts.notice.hidden = !s.notice;
      parts.noticeText.textContent = s.notice ?? '';
      const counts = { error: 0, warning: 0, info: 0 };
      for (const d of s.diagnostics) if (!isFlattenFact(d)) counts[d.severity]++;
      text.textContent =
        `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.info, 'note')} · ` +
        `target ${targetInfo(activeTarget(s)).label} · ` +
        // What Run would carry to the active endpoint: a console tracer is ready for the embedded node only.
        (tracerCodeFor(s, activeEndpoint(s)) !== null ? 'ready to send' : 'not ready to send') +
        ` · Ctrl/Cmd+Enter send · Esc cancel · Ctrl/Cmd+S save · Alt+1…${panelCount} panels · Alt+N new tracer`;
      text.title = text.textContent;
      if (prev && prev.inFlight === s.inFlight) return;
      clearInterval(timer);
      clear(progress);
      if (!s.inFlight) return;
      const started = s.inFlight.startedAt;
      const label = h('span');
      const where = activeEndpoint(s).name;
      const tick = () =>
        (label.textContent = ` Sending to ${where}… ${((performance.now() - started) / 1000).toFixed(1)} s `);
      tick();
      timer = setInterval(tick, 100);
      progress.append(
        h('span', { class: 'spinner' }),
        label,
        h('button', {
          text: 'Cancel',
          title: 'Cancel the request (Esc)',
          attrs: { 'data-testid': 'status-cancel' },
          on: { click: () => actions.cancel() },
        }),
      );
    },
    dispose() {
      clearInterval(timer);
    },
  };
}
