import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
// Two runs at once (say, on a shared machine) each need their own build directory: one build must not delete the
// files the other's preview server is serving.
const outDir = process.env.E2E_OUT_DIR ?? 'dist';

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  retries: 0,
  workers: 1,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `npx vite build --outDir ${outDir} && npx vite preview --outDir ${outDir} --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
