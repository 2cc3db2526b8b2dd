// The end-to-end tests that run against the Vite dev server (`npm run dev`) instead of the built app: same browser
// and options as playwright.config.ts, its own server on another port. scripts/test-all.mjs runs both configs.
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

const port = Number(process.env.E2E_DEV_PORT ?? 5199);

export default defineConfig({
  ...base,
  testDir: 'test/e2e-dev',
  timeout: 30_000,
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    command: `npx vite --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
