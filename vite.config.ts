/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig, searchForWorkspaceRoot } from 'vite';
import { forwardPlugin } from './src/devserver/forwardPlugin.ts';
import { sandboxDevPlugin } from './src/devserver/sandboxDevPlugin.ts';
import { inlineDepCss, inlinedDepStyleExtensions } from './src/devserver/inlineDepCss.ts';
import { lightenDeps } from './src/devserver/lightenDeps.ts';

export default defineConfig({
  plugins: [forwardPlugin(), sandboxDevPlugin(), lightenDeps()],
  // `npm run bench` measures a first `npm run dev` load with an empty cache of its own, leaving node_modules/.vite be.
  cacheDir: process.env.PLAYGROUND_VITE_CACHE_DIR || undefined,
  server: {
    host: '127.0.0.1',
    // The page's modules are transformed while the browser is still on its way, not one request at a time after.
    warmup: { clientFiles: ['./src/main.ts'] },
    // The bench's clones link this checkout's node_modules, which lies outside them (Monaco's font would be refused).
    fs: process.env.PLAYGROUND_VITE_FS_ALLOW
      ? { allow: [searchForWorkspaceRoot(process.cwd()), process.env.PLAYGROUND_VITE_FS_ALLOW] }
      : undefined,
  },
  // Pre-bundled at start: dependencies Vite would find only later (in workers, behind dynamic imports). Each late
  // find re-bundles and reloads the page; a fresh clone's first `npm run dev` load met several, 30+ s in all.
  // `npm ci` pre-bundles all of them once (scripts/prebundle-dev-deps.mjs), so `npm run dev` starts with the cache.
  optimizeDeps: {
    include: [
      'acorn',
      'escodegen',
      'comlink',
      'lz-string',
      'chart.js',
      'vanilla-jsoneditor',
      'typescript',
      'viem',
      'quickjs-emscripten-core',
      '@jitl/quickjs-singlefile-browser-release-sync',
    ],
    // Stylesheets the dependencies import (Monaco's ~110) go into their bundles instead of ~110 requests of a first load.
    extensions: inlinedDepStyleExtensions,
    rolldownOptions: { plugins: [inlineDepCss()] },
  },
  preview: { host: '127.0.0.1' },
  worker: {
    format: 'es',
    // The embedded node worker runs in the sandbox iframe as one classic script from a blob (src/worker/sandbox):
    // dynamic imports inlined (no other chunk to load) and no import.meta (a worker's own URL, as in an IIFE build).
    // sandboxDevPlugin bundles it the same way under `vite dev`.
    rolldownOptions: {
      output: { codeSplitting: false },
      transform: {
        define: { 'import.meta.url': 'self.location.href', 'import.meta': '{ url: self.location.href }' },
      },
    },
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 6000 },
  test: {
    include: ['test/unit/**/*.test.ts'],
    // Vitest's default is one file at a time on a two-core machine (cores - 1); most files wait on processes they
    // started (nodes, trace processes, the CLI), so two at a time keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30000,
    hookTimeout: 60000,
    // `npm run mutate` runs the host tests in one module graph (stryker.config.mjs says why).
    isolate: process.env.VITEST_ISOLATE !== 'false',
  },
});
