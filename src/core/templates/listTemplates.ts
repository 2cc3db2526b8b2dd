import { parseTemplateHeader, type TemplateHeaderError, type TemplateInfo } from './parseTemplateHeader.ts';

/** The templates shown first, in this order; the others follow sorted by id. */
const firstIds = ['call', 'sload-sstore'];

/** A template file whose header could not be read. */
export interface TemplateListError extends TemplateHeaderError {
  path: string;
}

/** The result of {@link listTemplates}: the readable templates, and one error per file that is not. */
export interface TemplateList {
  templates: TemplateInfo[];
  errors: TemplateListError[];
}

function idOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return base.slice(0, -'.js'.length);
}

function rank(id: string): number {
  const i = firstIds.indexOf(id);
  return i < 0 ? firstIds.length : i;
}

/**
 * Reads the header of every `.js` file in `files` (path → source; other files are ignored) and returns the
 * templates sorted: `call` and `sload-sstore` first, then by id. Files with a bad header are listed in `errors`.
 */
export function readTemplates(files: Record<string, string>): TemplateList {
  const templates: TemplateInfo[] = [];
  const errors: TemplateListError[] = [];
  for (const [path, source] of Object.entries(files)) {
    if (!path.endsWith('.js')) continue;
    const parsed = parseTemplateHeader(source, idOf(path));
    if (parsed.ok) templates.push(parsed.template);
    else errors.push({ path, ...parsed.error });
  }
  templates.sort((a, b) => rank(a.id) - rank(b.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  errors.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { templates, errors };
}

/**
 * Like {@link readTemplates}, but returns only the sorted templates and throws one Error naming every file whose
 * header is malformed (the shipped templates are checked by the unit tests, so this means a broken build).
 */
export function listTemplates(files: Record<string, string>): TemplateInfo[] {
  const { templates, errors } = readTemplates(files);
  if (errors.length > 0) {
    const lines = errors.map((e) => `${e.path}:${e.line}: ${e.message}`);
    throw new Error(
      `Malformed tracer template header${errors.length === 1 ? '' : 's'}:\n${lines.join('\n')}`,
    );
  }
  return templates;
}
