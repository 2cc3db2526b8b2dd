/** A tracer template shown in the picker. */
export interface TemplateInfo {
  /** Stable id: the file name without `.js`. */
  id: string;
  name: string;
  description: string;
  source: string;
}

type HeaderParser = (source: string) => { name?: string; description?: string } | null | undefined;

const files = import.meta.glob<string>('/tracer-templates/*.js', {
  query: '?raw',
  import: 'default',
  eager: true,
});
// The core header parser is used when present; a minimal reading of the header tags otherwise.
const parserMods = import.meta.glob<{ parseTemplateHeader?: HeaderParser }>(
  '../core/templates/parseTemplateHeader.ts',
  {
    eager: true,
  },
);
const coreParse = Object.values(parserMods)[0]?.parseTemplateHeader;

function readTag(source: string, tag: string): string | undefined {
  const header = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? '';
  const m = new RegExp(`@${tag}\\s+([^@]*)`).exec(header);
  return m
    ? m[1]
        .replace(/\n\s*\*/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : undefined;
}

function parseHeader(source: string): { name?: string; description?: string } {
  try {
    const parsed = coreParse?.(source);
    if (parsed && (parsed.name || parsed.description)) return parsed;
  } catch {
    // Fall back to the minimal reading below.
  }
  return { name: readTag(source, 'name'), description: readTag(source, 'description') };
}

/** Every file in tracer-templates/, with its header, sorted by name. */
export function loadTemplates(): TemplateInfo[] {
  return Object.entries(files)
    .map(([path, source]) => {
      const id = path.replace(/^.*\//, '').replace(/\.js$/, '');
      const header = parseHeader(source);
      return { id, name: header.name || id, description: header.description || '', source };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
