import type { AppState } from '../../state/appState.ts';
import { clear, type Panel } from '../dom.ts';
import { isFlattenFact } from '../../core/flatten/flattenFacts.ts';
import { buildProblemsView, renderProblemList } from '../problems/buildProblemsView.ts';
import type { PanelContext } from './panelContext.ts';

/** Lists the active tracer's diagnostics; clicking one moves the cursor there. */
export function mountProblemsPanel(el: HTMLElement, ctx: PanelContext): Panel<AppState> {
  const v = buildProblemsView();
  el.append(v.root);
  return {
    update(state, previous) {
      if (previous && previous.diagnostics === state.diagnostics) return;
      // What flattening did is shown with the flattened string (Ready to send), not as a problem.
      const problems = state.diagnostics.filter((d) => !isFlattenFact(d));
      renderProblemList(v.list, problems, (offset) => ctx.reveal(offset));
    },
    dispose: () => clear(el),
  };
}
