import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : /\.(ts|js)$/.test(d.name) ? [join(dir, d.name)] : [],
  );

// Issue #13: the specification's section numbers are ours, not the user's. Comments may cite them; string literals
// (what users read: diagnostics, notes, messages) may not.
describe('user-facing text', () => {
  it('cites no specification section numbers (spec 4.4, section 4.4, rule 5, §4)', () => {
    const cite = /\b(spec|section)\s*\d+(\.\d+)*|\brule \d+\b|§\s*\d/i;
    const offenders: string[] = [];
    for (const f of [...files(join(root, 'src')), ...files(join(root, 'tracer-templates'))]) {
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.replace(/\/\/.*$/, '').trim();
          // A template header's tags are shown in the template picker.
          if (/^\* @/.test(code) && cite.test(code)) offenders.push(`${relative(root, f)}:${i + 1}: ${code}`);
          if (code.startsWith('*') || code.startsWith('/*')) return;
          for (const m of code.matchAll(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g))
            if (cite.test(m[0])) offenders.push(`${relative(root, f)}:${i + 1}: ${m[0]}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
