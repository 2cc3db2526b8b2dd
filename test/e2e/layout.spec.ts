import { expect, test } from '@playwright/test';
import { openPlayground } from './helpers/playground.ts';

// Issue #13 item 7: at 1024×700 the panel tabs stay on one line and Send stays above the fold.
for (const [width, height] of [
  [1024, 700],
  [1440, 900],
] as const) {
  test(`${width}×${height}: one line of panel tabs, Send visible without scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openPlayground(page);
    const tabs = page.locator('.panel-tabs .tab');
    const tops = await tabs.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await page.getByRole('tab', { name: 'Request' }).click();
    const send = page.getByTestId('send');
    await expect(send).toBeInViewport();
    const box = (await send.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    await page.screenshot({ path: test.info().outputPath(`layout-${width}.png`) });
  });
}
