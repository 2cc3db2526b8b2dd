import type { AppState } from '../state/appState.ts';
import { clear, h, type Panel } from './dom.ts';

/** What the tracer tabs may do. */
export interface TracerTabsContext {
  select(id: string): void;
}

/** One tab per named tracer; the active one is marked. */
export function mountTracerTabs(el: HTMLElement, ctx: TracerTabsContext): Panel<AppState> {
  return {
    update(s, prev) {
      if (prev && prev.tracers === s.tracers && prev.activeTracerId === s.activeTracerId) return;
      clear(el);
      for (const t of s.tracers) {
        el.append(
          h('button', {
            class: 'tab',
            text: t.name,
            title: `Open ${t.name}`,
            attrs: {
              role: 'tab',
              'aria-selected': String(t.id === s.activeTracerId),
              'data-testid': 'tracer-tab',
            },
            on: { click: () => ctx.select(t.id) },
          }),
        );
      }
    },
    dispose: () => clear(el),
  };
}
