import type { ApiMember, ApiType } from '../../core/tracer/apiModel.ts';
import { formatSignature } from '../../core/tracer/resolveApiAt.ts';
import { h } from '../shell/dom.ts';

/** One entry of the reference: a member (or global helper), where it belongs, and what to match a search against. */
export interface ApiEntry {
  /** `Log.getPC`, or a global's name. */
  key: string;
  /** The type's name (`Log`), or `Global functions`. */
  group: string;
  member: ApiMember;
  /** Lower-case text a search is matched against: key and doc (examples mention other members too). */
  haystack: string;
}

/** Every documented member and global helper, in the model's order. */
export function listApiEntries(types: readonly ApiType[], globals: readonly ApiMember[]): ApiEntry[] {
  const entry = (key: string, group: string, member: ApiMember): ApiEntry => ({
    key,
    group,
    member,
    haystack: `${key} ${member.doc}`.toLowerCase(),
  });
  return [
    ...types.flatMap((t) => t.members.map((m) => entry(`${t.name}.${m.name}`, t.name, m))),
    ...globals.map((g) => entry(g.name, 'Global functions', g)),
  ];
}

/** The entries a search keeps: every word of the query must occur (case-insensitive); an empty query keeps all. */
export function filterApiEntries(entries: readonly ApiEntry[], query: string): ApiEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((e) => words.every((w) => e.haystack.includes(w)));
}

/** One member's card: signature, sentence, example, and buttons for the templates that use it. */
export function buildApiEntry(
  e: ApiEntry,
  usedIn: readonly string[],
  openTemplate: (name: string) => void,
): HTMLElement {
  return h('article', { class: 'api-entry', attrs: { 'data-api': e.key } }, [
    h('code', {
      class: 'api-signature',
      text: `${e.group === 'Global functions' ? '' : e.group + '.'}${formatSignature(e.member)}`,
    }),
    h('p', { text: e.member.doc }),
    e.member.example ? h('pre', { class: 'code', text: e.member.example }) : null,
    usedIn.length
      ? h('div', { class: 'row api-uses' }, [
          h('span', { class: 'hint', text: 'Used in:' }),
          ...usedIn.map((name) =>
            h('button', {
              text: name,
              title: `Open the template "${name}" as a new tracer`,
              attrs: { 'data-template': name },
              on: { click: () => openTemplate(name) },
            }),
          ),
        ])
      : null,
  ]);
}
