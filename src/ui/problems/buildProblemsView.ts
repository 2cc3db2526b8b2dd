import type { Diagnostic, Fix } from '../../core/diagnostics.ts';
import { clear, h } from '../shell/dom.ts';

/** The problems panel's fixed elements (the panel fills the list). */
export interface ProblemsView {
  root: HTMLElement;
  list: HTMLUListElement;
}

// A huge list would block the page; the editor still marks every problem.
const shownLimit = 200;

/** Builds the problems panel's layout: a titled section around the list. */
export function buildProblemsView(): ProblemsView {
  const list = h('ul', { class: 'problems', attrs: { 'data-testid': 'problems' } });
  const root = h('div', { class: 'section' }, [h('h2', { text: 'Problems in this tracer' }), list]);
  return { root, list };
}

/** What a problem's row does: go to it, and apply its quick fix. */
export interface ProblemActions {
  reveal(offset: number): void;
  applyFix(fix: Fix): void;
}

/**
 * One problem: severity, position and message, rule id, and a button for its quick fix; clicking the row calls
 * `reveal` with its offset.
 */
export function renderProblem(d: Diagnostic, actions: ProblemActions): HTMLLIElement {
  const fix = d.fix;
  return h('li', { on: { click: () => actions.reveal(d.range.start.offset) }, title: 'Go to the problem' }, [
    h('span', { class: `sev-${d.severity}`, text: `${d.severity} ` }),
    h('span', { text: `${d.range.start.line}:${d.range.start.column} ${d.message}` }),
    h('span', { class: 'rule', text: d.ruleId }),
    fix
      ? h('button', {
          class: 'problem-fix',
          text: fix.title,
          title: 'Apply this quick fix (one undoable edit; Ctrl+. in the editor offers it too)',
          attrs: { 'data-testid': 'problem-fix' },
          on: {
            click: (e) => {
              e.stopPropagation();
              actions.applyFix(fix);
            },
          },
        })
      : null,
  ]);
}

/** Fills `list` with the first problems (or a line saying there are none) and a count of those left out. */
export function renderProblemList(
  list: HTMLElement,
  diagnostics: readonly Diagnostic[],
  actions: ProblemActions,
): void {
  clear(list);
  if (diagnostics.length === 0) {
    list.append(
      h('li', { class: 'empty', text: 'No problems: the tracer passes the ES5 and tracer checks.' }),
    );
    return;
  }
  for (const d of diagnostics.slice(0, shownLimit)) list.append(renderProblem(d, actions));
  if (diagnostics.length > shownLimit)
    list.append(
      h('li', {
        class: 'empty',
        text: `… and ${diagnostics.length - shownLimit} more (all are marked in the editor)`,
      }),
    );
}
