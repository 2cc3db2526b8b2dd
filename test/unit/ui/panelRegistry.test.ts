import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { panelRegistry } from '../../../src/ui/shell/panelRegistry.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );

// docs/architecture.md, "How to add a panel": a panel is one row of panelRegistry; nothing else lists panels.
describe('the panel registry', () => {
  it('has unique ids and titles, each a tab the page mounts in registry order', () => {
    const ids = panelRegistry.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(panelRegistry.map((p) => p.title)).size).toBe(ids.length);
    for (const p of panelRegistry) expect(p.title.trim()).not.toBe('');
  });

  it('holds every mount*Panel module of src/ui (one folder per panel), and only the registry mounts them', () => {
    const panelFiles = files(join(root, 'src/ui')).filter((f) => /^mount\w+Panel\.ts$/.test(basename(f)));
    const modules = panelFiles.map((f) => basename(f).replace(/\.ts$/, ''));
    // Each panel's module sits in a folder of its own (src/ui/<panel>/), next to the rest of that panel's code.
    const folders = panelFiles.map((f) => relative(join(root, 'src/ui'), dirname(f)));
    expect(new Set(folders).size, folders.join(', ')).toBe(folders.length);
    expect(folders.filter((d) => d === '' || d.includes('/') || d === 'shell')).toEqual([]);
    const registered = panelRegistry.map((p) => p.mount.name);
    expect([...registered].sort()).toEqual([...modules].sort());
    const mountedElsewhere = files(join(root, 'src'))
      .filter((f) => !f.endsWith('panelRegistry.ts'))
      .flatMap((f) => {
        const text = readFileSync(f, 'utf8');
        return [...text.matchAll(/\b(mount\w+Panel)\(/g)]
          .filter((m) => !text.includes(`export function ${m[1]}(`))
          .map((m) => `${relative(root, f)}: ${m[1]}`);
      });
    expect(mountedElsewhere).toEqual([]);
  });

  it('src/ holds no other list of the panel ids', () => {
    const ids = panelRegistry.map((p) => p.id);
    const offenders = files(join(root, 'src'))
      .filter((f) => !f.endsWith('panelRegistry.ts'))
      .filter((f) => {
        const text = readFileSync(f, 'utf8');
        // Three or more panel ids quoted side by side make a list.
        const quoted = ids.filter((id) => new RegExp(`['"]${id}['"]`).test(text));
        return quoted.length >= 3;
      })
      .map((f) => relative(root, f));
    expect(offenders).toEqual([]);
  });
});
