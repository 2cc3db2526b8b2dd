import type { AppState } from '../../state/appState.ts';
import { clear, type Panel } from '../dom.ts';
import { buildProblemsView, renderProblemList } from '../problems/buildProblemsView.ts';
import type { PanelContext } from './panelContext.ts';

/** Lists the active tracer's diagnostics; clicking one moves the cursor there. */
export function mountProblemsPanel(el: HTMLElement, ctx: PanelContext): Panel<AppState> {
  const v = buildProblemsView();
  el.append(v.root);
  return {
    update(state, previous) {
      if (previous && previous.diagnostics === state.diagnostics) return;
      renderProblemList(v.list, state.diagnostics, (offset) => ctx.reveal(offset));
    },
    dispose: () => clear(el),
  };
}
