import type { AppState } from '../../state/appState.ts';
import { createOverflowRow } from '../shell/createOverflowMenu.ts';
import { clear, h, type Panel } from '../shell/dom.ts';

/** What the tracer tabs may do. */
export interface TracerTabsContext {
  select(id: string): void;
}

/**
 * One tab per named tracer; the active one is marked and always in sight. The tabs that do not fit the top bar are
 * in a "n more" menu.
 */
export function mountTracerTabs(el: HTMLElement, ctx: TracerTabsContext): Panel<AppState> {
  let tabs: HTMLElement[] = [];
  const overflow = createOverflowRow(el, () => tabs, {
    label: 'More tracers',
    testId: 'tracer-more',
    popupRole: 'tablist',
    moreText: (n) => `${n} more ▾`,
    keep: (tab) => tab.getAttribute('aria-selected') === 'true',
  });
  return {
    update(s, prev) {
      if (prev && prev.tracers === s.tracers && prev.activeTracerId === s.activeTracerId) return;
      for (const tab of tabs) tab.remove();
      tabs = s.tracers.map((t) =>
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
      overflow.fit();
    },
    dispose() {
      overflow.dispose();
      clear(el);
    },
  };
}
