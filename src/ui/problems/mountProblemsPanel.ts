import type { AppState } from '../../state/appState.ts';
import { clear, type Panel } from '../shell/dom.ts';
import { isFlattenFact } from '../../core/flatten/flattenFacts.ts';
import { buildProblemsView, renderProblemList } from './buildProblemsView.ts';
import { applyEditorFix } from './bindEditorFixes.ts';
import type { Fix } from '../../core/diagnostics.ts';
import type { PanelContext } from '../shell/panelContext.ts';

/** Lists the active tracer's diagnostics; clicking one moves the cursor there, its button applies its quick fix. */
export function mountProblemsPanel(el: HTMLElement, ctx: PanelContext): Panel<AppState> {
  const actions = {
    reveal: (offset: number) => ctx.reveal(offset),
    applyFix: (fix: Fix) => {
      if (!applyEditorFix(fix))
        ctx.notify('The tracer changed since it was checked: try the fix again in a moment.');
    },
  };
  const v = buildProblemsView();
  el.append(v.root);
  return {
    update(state, previous) {
      if (previous && previous.diagnostics === state.diagnostics) return;
      // What flattening did is shown with the flattened string (Ready to send), not as a problem.
      const problems = state.diagnostics.filter((d) => !isFlattenFact(d));
      renderProblemList(v.list, problems, actions);
    },
    dispose: () => clear(el),
  };
}
