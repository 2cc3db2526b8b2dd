import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';
import { afterAll, expect, it } from 'vitest';

// `npm ci` pre-bundles the dev server's dependencies (scripts/prebundle-dev-deps.mjs) so that the first `npm run dev`
// load does not wait for it. That is worth its install time only if the dev server then takes that cache as it is:
// the same lockfile and config hashes, nothing scanned or bundled again. Both run here on a Vite cache of their own.
const root = join(import.meta.dirname, '../../..');
const cacheDir = mkdtempSync(join(tmpdir(), 'prebundle-dev-deps-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

it('the dev server starts with the install-time pre-bundle, unchanged', { timeout: 300_000 }, async () => {
  const env = { ...process.env, PLAYGROUND_VITE_CACHE_DIR: cacheDir };
  const out = execFileSync(process.execPath, ['scripts/prebundle-dev-deps.mjs'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  expect(out).toMatch(/Pre-bundled \d+ dependencies/);
  const metadataFile = join(cacheDir, 'deps/_metadata.json');
  const written = JSON.parse(readFileSync(metadataFile, 'utf8'));
  // The ones a page load or a worker would otherwise wait for: Monaco, TypeScript (Convert), escodegen, viem.
  for (const dep of ['monaco-editor/editor/editor.api', 'typescript', 'escodegen', 'viem', 'acorn'])
    expect(Object.keys(written.optimized)).toContain(dep);
  const writtenAt = statSync(metadataFile).mtimeMs;

  const saved = process.env.PLAYGROUND_VITE_CACHE_DIR;
  process.env.PLAYGROUND_VITE_CACHE_DIR = cacheDir;
  // Middleware mode: the server's environments start (the optimizer reads its cache) without a port to listen on.
  const server = await createServer({
    root,
    logLevel: 'silent',
    server: { middlewareMode: true, ws: false },
  });
  try {
    const optimizer = server.environments.client.depsOptimizer!;
    expect(optimizer.metadata.hash).toBe(written.hash);
    expect(Object.keys(optimizer.metadata.optimized).sort()).toEqual(Object.keys(written.optimized).sort());
    expect(statSync(metadataFile).mtimeMs).toBe(writtenAt);
    // No deps_temp_* of a second bundling; beside the dependencies, the embedded node's worker bundled by npm ci too.
    expect(readdirSync(cacheDir).sort()).toEqual([
      'deps',
      'sandbox-node-worker.js',
      'sandbox-node-worker.json',
    ]);
  } finally {
    await server.close();
    if (saved === undefined) delete process.env.PLAYGROUND_VITE_CACHE_DIR;
    else process.env.PLAYGROUND_VITE_CACHE_DIR = saved;
  }
});
