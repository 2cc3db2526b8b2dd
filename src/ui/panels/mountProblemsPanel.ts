import type { AppState } from '../../state/appState.ts';
import { clear, h, type Panel } from '../dom.ts';
import type { PanelContext } from './panelContext.ts';

// A huge list would block the page; the editor still marks every problem.
const shownLimit = 200;

/** Lists the active tracer's diagnostics; clicking one moves the cursor there. */
export function mountProblemsPanel(el: HTMLElement, ctx: PanelContext): Panel<AppState> {
  const list = h('ul', { class: 'problems', attrs: { 'data-testid': 'problems' } });
  el.append(h('div', { class: 'section' }, [h('h2', { text: 'Problems in this tracer' }), list]));
  return {
    update(state, previous) {
      if (previous && previous.diagnostics === state.diagnostics) return;
      clear(list);
      if (state.diagnostics.length === 0) {
        list.append(
          h('li', { class: 'empty', text: 'No problems: the tracer passes the ES5 and tracer checks.' }),
        );
        return;
      }
      for (const d of state.diagnostics.slice(0, shownLimit)) {
        list.append(
          h('li', { on: { click: () => ctx.reveal(d.range.start.offset) }, title: 'Go to the problem' }, [
            h('span', { class: `sev-${d.severity}`, text: `${d.severity} ` }),
            h('span', { text: `${d.range.start.line}:${d.range.start.column} ${d.message}` }),
            h('span', { class: 'rule', text: d.ruleId }),
            d.fix ? h('span', { class: 'rule', text: ` — quick fix: ${d.fix.title}` }) : null,
          ]),
        );
      }
      if (state.diagnostics.length > shownLimit)
        list.append(
          h('li', {
            class: 'empty',
            text: `… and ${state.diagnostics.length - shownLimit} more (all are marked in the editor)`,
          }),
        );
    },
    dispose: () => clear(el),
  };
}
