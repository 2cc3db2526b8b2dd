import { expect, test } from '@playwright/test';
import { openPanel, openPlayground } from './helpers/playground.ts';

test('the Tracer API panel: search, a member with its signature, sentence and example, templates that use it', async ({
  page,
}) => {
  await openPlayground(page);
  await openPanel(page, 'Tracer API');
  const total = Number((await page.getByTestId('api-count').innerText()).split(' of ')[1]);
  expect(total).toBeGreaterThan(90);
  await page.getByTestId('api-search').fill('stack peek');
  const entry = page.locator('[data-api="Stack.peek"]');
  await expect(entry).toBeVisible();
  await expect(entry.locator('.api-signature')).toHaveText('Stack.peek(i: number): BigInteger');
  await expect(entry).toContainText('The i-th item from the top (0 = top).');
  await expect(entry.locator('pre')).toContainText('log.stack.peek(0)');
  await expect(page.getByTestId('api-count')).toHaveText(`1 of ${total}`);
  await page.getByTestId('panel-api').screenshot({ path: test.info().outputPath('api-panel.png') });
  // A template that uses it opens as a new tracer.
  const first = entry.locator('[data-template]').first();
  const name = await first.getAttribute('data-template');
  expect(name).toBeTruthy();
  await first.click();
  await expect(page.getByRole('tab', { name: name!, exact: true })).toHaveAttribute('aria-selected', 'true');
  const source = await page.evaluate(() => (window as any).__playground.editor.getValue());
  expect(source).toContain('log.stack.peek(');
  await page.getByTestId('api-search').fill('no such member anywhere');
  await expect(page.getByTestId('api-list')).toContainText('Nothing in the tracer API matches');
});

test('hovers show the example of a member', async ({ page }) => {
  await openPlayground(page);
  await page.evaluate(() =>
    (window as any).__playground.editor.setValue(
      '{\n  step: function (log, db) {\n    this.n = log.getPC();\n  },\n  result: function () {\n    return this.n;\n  },\n  fault: function () {}\n}\n',
    ),
  );
  await page.waitForFunction(() => (window as any).__playground.isChecked());
  await page.evaluate(() => {
    const e = (window as any).__playground.editor;
    e.setPosition({ lineNumber: 3, column: 20 });
    e.focus();
    e.trigger('test', 'editor.action.showHover', {});
  });
  const hover = page.locator('.monaco-hover');
  await expect(hover).toContainText('Program counter of the op.');
  await expect(hover).toContainText('this.pcs.push(log.getPC());');
});
