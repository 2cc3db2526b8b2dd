import { readTemplates } from '../../core/templates/listTemplates.ts';
import type { TemplateInfo as HeaderInfo } from '../../core/templates/parseTemplateHeader.ts';

/** A tracer template shown in the picker: its header and its source. */
export interface TemplateInfo extends HeaderInfo {
  source: string;
}

const files = import.meta.glob<string>('/tracer-templates/*.js', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Every file in tracer-templates/ with a readable header, in the templates' own order; files with a bad header are reported. */
export function loadTemplates(): { templates: TemplateInfo[]; problems: string[] } {
  const { templates, errors } = readTemplates(files);
  const byId = new Map(
    Object.entries(files).map(([path, source]) => [path.replace(/^.*\//, '').replace(/\.js$/, ''), source]),
  );
  return {
    templates: templates.map((t) => ({ ...t, source: byId.get(t.id) ?? '' })),
    problems: errors.map((e) => `${e.path}:${e.line}: ${e.message}`),
  };
}
