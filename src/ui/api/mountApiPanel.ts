import { tracerApiTypes, tracerGlobals } from '../../core/tracer/apiModel.ts';
import { findApiUses } from '../../core/tracer/findApiUses.ts';
import type { AppState } from '../../state/appState.ts';
import { buildApiEntry, filterApiEntries, listApiEntries } from './buildApiReference.ts';
import { clear, h, type Panel } from '../shell/dom.ts';
import type { PanelContext } from '../shell/panelContext.ts';

/**
 * The Tracer API reference: every object geth hands a tracer (log, db, ctx, frame, frameResult, bigInt values) and
 * the global helpers, each member with its signature, what it does, an example and the templates that use it;
 * searchable. It reads the same model as the lint, completions and hovers (src/core/tracer/apiModel.ts).
 */
export function mountApiPanel(el: HTMLElement, ctx: PanelContext): Panel<AppState> {
  const types = Object.values(tracerApiTypes);
  const entries = listApiEntries(types, tracerGlobals);
  const uses = findApiUses(types, tracerGlobals, ctx.templates);
  const typeDocs = new Map(types.map((t) => [t.name, t.doc]));
  const search = h('input', {
    type: 'search',
    placeholder: 'Search the tracer API (e.g. stack peek, balance, gas)',
    attrs: { 'aria-label': 'Search the tracer API', 'data-testid': 'api-search', style: 'flex:1' },
  });
  const count = h('span', { class: 'hint', attrs: { 'data-testid': 'api-count' } });
  const list = h('div', { attrs: { 'data-testid': 'api-list' } });
  el.append(h('div', { class: 'row' }, [search, count]), list);

  const render = () => {
    const shown = filterApiEntries(entries, search.value);
    count.textContent = `${shown.length} of ${entries.length}`;
    clear(list);
    if (!shown.length) {
      list.append(h('div', { class: 'empty', text: `Nothing in the tracer API matches "${search.value}".` }));
      return;
    }
    let group = '';
    for (const e of shown) {
      if (e.group !== group) {
        group = e.group;
        list.append(
          h('h3', { class: 'api-group', text: group }),
          h('p', { class: 'hint', text: typeDocs.get(group) ?? 'Functions geth defines for every tracer.' }),
        );
      }
      list.append(buildApiEntry(e, uses.get(e.key) ?? [], ctx.openTemplate));
    }
  };
  search.addEventListener('input', render);
  render();
  return { update() {}, dispose: () => clear(el) };
}
