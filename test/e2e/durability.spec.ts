import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';

// Storage must outlive the browser: each test uses its own profile directory, closed and reopened.
const args = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
let profile: string;
test.beforeEach(() => {
  profile = mkdtempSync(join(tmpdir(), 'playground-profile-'));
});
test.afterEach(() => rmSync(profile, { recursive: true, force: true }));

async function open(baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args,
    baseURL,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
  return { context, page };
}

const state = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any).__playground.store.get();
    return { names: s.tracers.map((t: any) => t.name), history: s.history.length };
  });

test('the last keystrokes survive closing the browser right after typing', async ({ baseURL }) => {
  let { context, page } = await open(baseURL!);
  await page.evaluate(() =>
    (window as any).__playground.editor.setValue(
      '{\n  result: function () { return 1; },\n  fault: function () {}\n}\n',
    ),
  );
  await page.locator('.monaco-editor').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('// typed at the very end');
  // No wait for the autosave's debounce: the browser goes away now.
  await context.close();

  ({ context, page } = await open(baseURL!));
  expect(await page.evaluate(() => (window as any).__playground.editor.getValue())).toContain(
    '// typed at the very end',
  );
  await context.close();
});

test('named tracers and history survive a closed browser', async ({ baseURL }) => {
  let { context, page } = await open(baseURL!);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('eth_blockNumber');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-json')).toContainText('0x', { timeout: 30_000 });
  await page.getByTestId('rename-tracer').click();
  await page.getByTestId('dialog-input').fill('My renamed tracer');
  await page.getByTestId('dialog-ok').click();
  await expect(page.getByTestId('tracer-tab')).toContainText('My renamed tracer');
  await context.close();

  ({ context, page } = await open(baseURL!));
  expect(await state(page)).toEqual({ names: ['My renamed tracer'], history: 1 });
  await context.close();
});
