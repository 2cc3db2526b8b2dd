import { expect, test, type Page } from '@playwright/test';
import { openPlayground, sendAndWait, waitChecked } from './helpers/playground.ts';

/*
 * Issue 25 item 5 (settings per tracer): the call-tree template's tracerConfig belongs to its tab; a tracer opened
 * after it starts empty and is sent without it; switching tabs switches the config in the request form.
 */

const callTreeConfig = '{"withLog":true,"onlyTopCall":false}';
const lastSentOptions = (page: Page) =>
  page.evaluate(() => {
    const params = (window as any).__playground.store.get().history[0].params as unknown[];
    return params[params.length - 1] as { tracer?: string; tracerConfig?: unknown };
  });

async function openTemplate(page: Page, id: string) {
  await page.getByTestId('new-tracer').click();
  await page.locator(`[data-template="${id}"]`).click();
  await waitChecked(page);
}

async function run(page: Page) {
  await page.getByRole('tab', { name: 'Request', exact: true }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  await sendAndWait(page);
  await expect(page.getByTestId('result-meta')).toContainText('ms', { timeout: 30_000 });
}

test('the call-tree config stays with its tab: the next tracer goes out without it, and comes back with the tab', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPlayground(page);
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash ?? ''))
    .toMatch(/^0x(?!(ab)+$)[0-9a-f]{64}$/);
  const config = page.locator('[data-field=tracerConfig]');

  await openTemplate(page, 'call-tree');
  await run(page);
  expect((await lastSentOptions(page)).tracerConfig).toEqual(JSON.parse(callTreeConfig));
  await page.getByRole('tab', { name: 'Request', exact: true }).click();
  await expect(config).toHaveValue(callTreeConfig);

  await openTemplate(page, 'opcode-histogram');
  await page.getByRole('tab', { name: 'Request', exact: true }).click();
  await expect(config).toHaveValue('');
  await page.screenshot({ path: test.info().outputPath('new-tab-empty.png') });
  await run(page);
  expect((await lastSentOptions(page)).tracerConfig).toBeUndefined();

  // Back to the call-tree tab: its own config again; the first tab (no template config) has none.
  await page.getByTestId('tracer-tab').filter({ hasText: 'Call tree' }).click();
  await page.getByRole('tab', { name: 'Request', exact: true }).click();
  await expect(config).toHaveValue(callTreeConfig);
  await page.screenshot({ path: test.info().outputPath('call-tree-tab.png') });
  await page.getByTestId('tracer-tab').first().click();
  await expect(config).toHaveValue('');
  // Typed for a tab, kept for it.
  await config.fill('{"limit":3}');
  await page.getByTestId('tracer-tab').filter({ hasText: 'Opcode histogram' }).click();
  await expect(config).toHaveValue('');
  await page.getByTestId('tracer-tab').first().click();
  await expect(config).toHaveValue('{"limit":3}');
});
