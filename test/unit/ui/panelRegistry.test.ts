import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { panelRegistry } from '../../../src/ui/panels/panelRegistry.ts';

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

  it('holds every mount*Panel module of src/ui/panels, and only the registry mounts them', () => {
    const panelDir = join(root, 'src/ui/panels');
    const modules = readdirSync(panelDir)
      .filter((f) => /^mount\w+Panel\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''));
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
