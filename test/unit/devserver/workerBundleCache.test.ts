// The dev server's embedded node worker bundle kept on disk: a tiny project of its own (a worker entry, a module it
// imports, a globbed template folder, a lockfile) bundled by the real Vite; each change must make the next start
// bundle again, and nothing else may.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig, type ResolvedConfig } from 'vite';
import { workerEntry } from '../../../src/devserver/bundleNodeWorker.ts';
import { loadNodeWorkerBundle } from '../../../src/devserver/loadNodeWorkerBundle.ts';
import {
  workerBundleDir,
  workerBundleKey,
  writeCachedBundle,
} from '../../../src/devserver/workerBundleCache.ts';

let root = '';
const write = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
};

function project(): void {
  write(
    workerEntry,
    [
      "import { word } from './word.ts';",
      "const templates = import.meta.glob('/templates/*.js', { query: '?raw', import: 'default', eager: true });",
      'self.postMessage([word, Object.keys(templates).sort().join(",")]);',
    ].join('\n'),
  );
  write('src/worker/word.ts', "export const word: string = 'first-word';\n");
  write('templates/a.js', '// template a\n');
  write('package-lock.json', '{"lockfileVersion":3}\n');
}

const config = (): Promise<ResolvedConfig> =>
  resolveConfig(
    { root, configFile: false, logLevel: 'silent', cacheDir: join(root, '.vite') },
    'serve',
    'development',
  );

/** Bundles (or reads) the worker as a fresh dev server start would, and waits for it to be kept. */
async function start() {
  const b = await loadNodeWorkerBundle(await config());
  return { kept: b.kept, saved: await b.saved, code: b.code };
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'worker-bundle-cache-'));
  project();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the kept worker bundle', () => {
  it('is bundled and kept on the first start, read back unchanged on the next', async () => {
    const first = await start();
    expect([first.kept, first.saved]).toEqual([false, true]);
    expect(first.code).toContain('first-word');
    expect(first.code).toContain('/templates/a.js');
    const second = await start();
    expect([second.kept, second.saved]).toEqual([true, false]);
    expect(second.code).toBe(first.code);
  }, 60_000);

  // Each change, then what the code bundled again must hold (proof it is not the kept one).
  const changes: [string, () => void, string][] = [
    [
      'an imported module edited',
      () => write('src/worker/word.ts', "export const word = 'second-word';\n"),
      'second-word',
    ],
    [
      'the entry edited',
      () => appendFileSync(join(root, workerEntry), '\nconsole.log("entry-edit");\n'),
      'entry-edit',
    ],
    [
      'a template added to the globbed folder',
      () => write('templates/b.js', '// template b\n'),
      '/templates/b.js',
    ],
    ['a template edited', () => write('templates/a.js', '// template a, edited\n'), 'template a, edited'],
    [
      'the lockfile changed (dependencies updated)',
      () => write('package-lock.json', '{"lockfileVersion":3,"x":1}\n'),
      'first-word',
    ],
  ];
  it.each(changes)(
    'is bundled again after %s',
    async (_what, change, expected) => {
      await start();
      change();
      const next = await start();
      expect([next.kept, next.saved]).toEqual([false, true]);
      expect(next.code).toContain(expected);
      expect((await start()).kept).toBe(true);
    },
    60_000,
  );

  it('is bundled again when its kept code was damaged', async () => {
    await start();
    appendFileSync(join(workerBundleDir(await config()), 'sandbox-node-worker.js'), '\n// damaged\n');
    const next = await start();
    expect(next.kept).toBe(false);
    expect(next.code).not.toContain('damaged');
  }, 60_000);

  it('is not kept when one of its files changed after bundling started (it may hold the old content)', async () => {
    const c = await config();
    const b = await loadNodeWorkerBundle(c);
    await b.saved;
    const later = new Date(b.startedAt + 5_000);
    utimesSync(join(root, 'src/worker/word.ts'), later, later);
    expect(await writeCachedBundle(workerBundleDir(c), await workerBundleKey(c), b)).toBe(false);
  }, 60_000);
});
