/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { forwardPlugin } from './src/devserver/forwardPlugin.ts';
import { sandboxDevPlugin } from './src/devserver/sandboxDevPlugin.ts';

export default defineConfig({
  plugins: [forwardPlugin(), sandboxDevPlugin()],
  server: { host: '127.0.0.1' },
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
    testTimeout: 30000,
    hookTimeout: 60000,
    // `npm run mutate` runs the host tests in one module graph (stryker.config.mjs says why).
    isolate: process.env.VITEST_ISOLATE !== 'false',
  },
});
