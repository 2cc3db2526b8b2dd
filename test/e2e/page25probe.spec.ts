import { expect, test } from '@playwright/test';
import { type RunningNode, startAnvil } from '../helpers/nodes.ts';
import { addEndpoint, openPlayground } from './helpers/playground.ts';

/*
 * Issue 25 item 4 (the probe's differences as a list): probing a real anvil gives a short headline that counts the
 * differences from geth, the first three listed, the rest behind a "N more" toggle — not one bold paragraph.
 */

let anvil: RunningNode;
test.beforeAll(async () => {
  anvil = await startAnvil();
});
test.afterAll(async () => {
  await anvil?.stop();
});

test('probes anvil: a headline, three differences, the rest behind "N more"', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPlayground(page);
  await addEndpoint(page, 'Anvil', anvil.url);
  await page.locator('[data-endpoint]', { hasText: 'Anvil' }).getByTestId('probe').click();
  const verdict = page.getByTestId('probe-verdict');
  const headline = verdict.locator('.verdict');
  await expect(headline).toHaveText(
    /^JavaScript tracers run on this node — differs from geth: (\d+) differences\. It looks like reth\/anvil/,
    { timeout: 60_000 },
  );
  const count = Number(/: (\d+) differences/.exec((await headline.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThan(3);
  // The headline names no difference: they are the list's.
  await expect(headline).not.toContainText('setup(cfg)');
  const items = page.getByTestId('probe-differences').locator('li');
  await expect(items).toHaveCount(count);
  await expect(items.nth(0)).toBeVisible();
  await expect(items.nth(2)).toBeVisible();
  await expect(items.nth(3)).toBeHidden();
  await expect(page.getByTestId('probe-differences').locator('li:visible')).toHaveCount(3);
  const more = page.getByTestId('probe-differences-more');
  await expect(more).toHaveText(`${count - 3} more`);
  await page.screenshot({ path: 'test-results/page25-probe-folded.png' });
  await more.click();
  await expect(page.getByTestId('probe-differences').locator('li:visible')).toHaveCount(count);
  await expect(verdict).toContainText('db in result() read the slot as it was before the transaction');
  await expect(more).toHaveText('Show fewer');
  await page.screenshot({ path: 'test-results/page25-probe-open.png' });
  await more.click();
  await expect(items.nth(3)).toBeHidden();
});
