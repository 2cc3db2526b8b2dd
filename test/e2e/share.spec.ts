import { expect, test } from '@playwright/test';
import { editorText, openPlayground, setSource } from './helpers/playground.ts';

const shared =
  '{\n  // shared by a colleague\n  result: function (ctx, db) {\n    return ctx.gasUsed;\n  },\n  fault: function (log, db) {}\n}\n';

test('opens a share link', async ({ page, context, browser }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPlayground(page);
  await setSource(page, shared);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  await page.locator('[data-field=timeout]').fill('7s');
  await page.getByTestId('share').click();
  await expect(page.getByTestId('notice')).toContainText('Share link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#v1=/);

  // Someone else, with their own saved work, opens the link: a new tab appears, nothing is sent.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await openPlayground(page2);
  await setSource(page2, '{\n  result: function () { return "mine"; },\n  fault: function () {}\n}\n');
  await page2.waitForTimeout(600);
  await page2.goto(link);
  await page2.waitForFunction(() => (window as any).__playground?.isChecked());
  expect(await editorText(page2)).toBe(shared);
  await expect(page2.getByTestId('notice')).toContainText('Nothing was sent');
  await expect(page2.getByTestId('tracer-tab')).toHaveCount(2);
  await page2.getByRole('tab', { name: 'Request' }).click();
  await expect(page2.getByTestId('method-select')).toHaveValue('debug_traceTransaction');
  await expect(page2.locator('[data-field=timeout]')).toHaveValue('7s');
  const history = await page2.evaluate(() => (window as any).__playground.store.get().history.length);
  expect(history).toBe(0);

  // A truncated link and a future-version link open with a message; the saved work is untouched.
  for (const bad of [link.slice(0, link.length - 25), link.replace('#v1=', '#v9=')]) {
    await page2.goto('about:blank');
    await page2.goto(bad);
    await page2.waitForFunction(() => (window as any).__playground?.isChecked());
    await expect(page2.getByTestId('notice')).toContainText(/damaged or incomplete|newer version/);
    await expect(page2.getByTestId('tracer-tab')).toHaveCount(2);
  }
  await other.close();
});

test('sets aside corrupted saved work with a message', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('tracer-playground', '{"version": 2, "tracers": "oops"'));
  await page.reload();
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
  await expect(page.getByTestId('notice')).toContainText('could not be read');
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('tracer-playground.set-aside')),
  );
  expect(kept.length).toBe(1);
  await expect(page.getByTestId('tracer-tab')).toHaveCount(1);
});

test('keeps credentials out of snippets unless asked', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPlayground(page);
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page.getByTestId('add-endpoint').click();
  await page.locator('[data-endpoint-field=name]').fill('Provider');
  await page
    .locator('[data-endpoint-field=url]')
    .fill('https://mainnet.example.io/v3/0123456789abcdef0123456789abcdef');
  await page.locator('[data-endpoint-field=user]').fill('alice');
  await page.locator('[data-endpoint-field=password]').fill('s3cret-pass');
  await page.getByTestId('save-endpoint').click();
  await expect(page.getByTestId('endpoint-list')).not.toContainText('0123456789abcdef');
  await page.locator('[data-endpoint]', { hasText: 'Provider' }).getByRole('button', { name: 'Use' }).click();
  await page.getByRole('tab', { name: 'Ready to send' }).click();
  const curl = page.getByTestId('curl');
  await expect(curl).toContainText('<USERNAME>:<PASSWORD>');
  await expect(curl).not.toContainText('s3cret-pass');
  await expect(curl).not.toContainText('0123456789abcdef');
  await expect(page.getByTestId('fetch')).not.toContainText('s3cret-pass');
  // Asked for: the copy carries them, what is shown stays masked.
  await page.locator('#include-credentials').check();
  await page.getByTestId('copy-curl').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('alice:s3cret-pass');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    '0123456789abcdef0123456789abcdef',
  );
  await expect(curl).not.toContainText('s3cret-pass');
  await expect(curl).not.toContainText('0123456789abcdef');

  // The password is not saved unless "remember" is ticked.
  await page.waitForTimeout(600);
  const saved = await page.evaluate(() => localStorage.getItem('tracer-playground') ?? '');
  expect(saved).toContain('Provider');
  expect(saved).not.toContain('s3cret-pass');
});
