import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkImport, findViolations, layerOf, listImports, listSourceFiles } from './layerRule.ts';

// docs/architecture.md, "Layers": a module imports from its own layer and from lower ones only.
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

describe('the layer rule', () => {
  // [importing file, imported file, why not (undefined: allowed)]
  const cases: [string, string, string | undefined][] = [
    ['src/core/rpc/probe/probe.ts', 'src/evm/node/hex.ts', 'layer core may not import layer evm'],
    ['src/io/runProbe.ts', 'src/state/appState.ts', 'layer io may not import layer state'],
    ['src/state/appState.ts', 'src/io/runProbe.ts', 'layer state may not import layer io'],
    [
      'src/evm/node/createEmbeddedNode.ts',
      'src/worker/contracts.ts',
      'layer evm may not import layer worker',
    ],
    ['src/ui/shell/dom.ts', 'src/main.ts', 'layer ui may not import layer main'],
    ['src/cli/main.ts', 'src/ui/shell/dom.ts', 'layer cli may not import layer ui'],
    ['src/cli/main.ts', 'src/worker/contracts.ts', 'layer cli may not import layer worker'],
    ['src/cli/main.ts', 'src/state/appState.ts', 'layer cli may not import layer state'],
    ['src/worker/node.worker.ts', 'src/io/transportForEndpoint.ts', 'layer worker may not import layer io'],
    ['src/devserver/forwardPlugin.ts', 'src/evm/node/hex.ts', 'layer devserver may not import layer evm'],
    ['src/main.ts', 'src/cli/main.ts', 'layer main may not import layer cli'],
    ['src/misc/helper.ts', 'src/core/profile.ts', 'src/misc/helper.ts is in no layer'],
    ['src/core/profile.ts', 'src/shared.ts', 'src/shared.ts is in no layer'],
    ['src/ui/shell/dom.ts', 'src/io/transportForEndpoint.ts', undefined],
    ['src/cli/main.ts', 'src/evm/node/hex.ts', undefined],
    ['src/cli/main.ts', 'src/io/transport/callRpc.ts', undefined],
    ['src/worker/node.worker.ts', 'src/evm/node/createEmbeddedNode.ts', undefined],
    ['src/io/transportForEndpoint.ts', 'src/worker/contracts.ts', undefined],
    ['src/state/appState.ts', 'src/core/rpc/endpoint/endpoint.ts', undefined],
    ['src/devserver/sandboxDevPlugin.ts', 'src/worker/sandbox/sandboxProtocol.ts', undefined],
    ['src/main.ts', 'src/ui/shell/dom.ts', undefined],
    ['src/core/rpc/probe/probe.ts', 'src/core/diagnostics.ts', undefined],
    ['src/ui/tracers/loadTemplates.ts', 'tracer-templates', undefined],
  ];
  it.each(cases)('%s → %s: %s', (from, to, why) => {
    expect(checkImport(from, to)).toBe(why);
  });
});

describe('the import scanner', () => {
  it('finds static, re-exported, dynamic, suffixed, worker-URL and glob imports, and nothing in comments or strings', () => {
    const text = [
      "import a from './a.ts';",
      "import type { B } from '../b.ts';",
      "import './side.css';",
      "export { c } from './c.ts';",
      "export * from './d.ts';",
      "const e = await import('./e.ts');",
      "import url from '../node.worker.ts?worker&url';",
      "import page from './sandbox.html?url&no-inline';",
      "new Worker(new URL('./f.worker.ts', import.meta.url), { type: 'module' });",
      "const files = import.meta.glob('/tracer-templates/*.js', { query: '?raw' });",
      "// import g from './g.ts';",
      'const text = "import h from \'./h.ts\'";',
      "const u = new URL('./not-a-module', 'https://example.org/');",
    ].join('\n');
    expect(listImports('src/x/y.ts', text)).toEqual([
      { specifier: './a.ts', line: 1 },
      { specifier: '../b.ts', line: 2 },
      { specifier: './side.css', line: 3 },
      { specifier: './c.ts', line: 4 },
      { specifier: './d.ts', line: 5 },
      { specifier: './e.ts', line: 6 },
      { specifier: '../node.worker.ts?worker&url', line: 7 },
      { specifier: './sandbox.html?url&no-inline', line: 8 },
      { specifier: './f.worker.ts', line: 9 },
      { specifier: '/tracer-templates/', line: 10 },
    ]);
  });

  describe('on a small project', () => {
    const dir = mkdtempSync(join(tmpdir(), 'layers-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const files: Record<string, string> = {
      'src/core/a.ts': "import { b } from '../evm/b.ts';\nexport const a = () => import('../ui/c.ts');\n",
      'src/evm/b.ts': "import { d } from '../core/d.ts';\nexport const b = d;\n",
      'src/core/d.ts': 'export const d = 1;\n',
      'src/ui/c.ts':
        "import u from '../worker/w.ts?worker&url';\nexport const w = new Worker(new URL('../main.ts', import.meta.url));\n",
      'src/worker/w.ts': 'export {};\n',
      'src/main.ts': "import '../tracer-templates/t.js';\n",
      'src/io/x.ts': "export * from '../state/y.ts';\nimport './missing.ts';\n",
      'src/state/y.ts': 'export const y = 1;\n',
      'tracer-templates/t.js': '',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }

    it('lists every forbidden import and every import that names no file, with its line', () => {
      expect(findViolations(dir)).toEqual([
        'src/core/a.ts:1 → src/evm/b.ts (layer core may not import layer evm)',
        'src/core/a.ts:2 → src/ui/c.ts (layer core may not import layer ui)',
        'src/io/x.ts:1 → src/state/y.ts (layer io may not import layer state)',
        'src/io/x.ts:2 → ./missing.ts (names no file)',
        'src/ui/c.ts:2 → src/main.ts (layer ui may not import layer main)',
      ]);
    });
  });
});

describe('src/', () => {
  const sources = listSourceFiles(root, 'src');

  it('has every .ts file in a layer', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.filter((f) => layerOf(f) === undefined)).toEqual([]);
  });

  it('imports only from its own layer and lower ones (zero exceptions)', () => {
    const violations = findViolations(root);
    if (violations.length > 0)
      expect.fail(
        `${violations.length} import(s) break the layer rule of docs/architecture.md:\n${violations.join('\n')}`,
      );
  });
});
