import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TemplateSource } from '../evm/node/traceConfig.ts';

// tracer-templates/ at the package root: two levels up from src/cli/ and from the built build/cli/.
const root = join(dirname(fileURLToPath(import.meta.url)), '../../tracer-templates');

/**
 * The CLI's {@link TemplateSource}: tracer-templates/<id>.js of this package, read once per id; undefined for an id
 * that is not a plain template name or has no file.
 */
export function readTemplateSource(): TemplateSource {
  const read = new Map<string, string | undefined>();
  return (id) => {
    if (!/^[a-z0-9-]+$/.test(id)) return undefined;
    if (!read.has(id)) {
      const file = join(root, `${id}.js`);
      read.set(id, existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    }
    return read.get(id);
  };
}
