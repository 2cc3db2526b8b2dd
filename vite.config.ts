/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { forwardPlugin } from './src/devserver/forwardPlugin.ts';
import { sandboxDevPlugin } from './src/devserver/sandboxDevPlugin.ts';

export default defineConfig({
  plugins: [forwardPlugin(), sandboxDevPlugin()],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 6000 },
  test: {
    include: ['test/unit/**/*.test.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
