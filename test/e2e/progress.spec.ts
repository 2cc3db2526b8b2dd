import { expect, test } from '@playwright/test';
import { openPlayground, setSource } from './helpers/playground.ts';

// An endless tracer on the embedded node: the request runs until cancelled (the node's own timeout is 30 s).
const endless =
  '{\n  step: function (log, db) {\n    while (true) {}\n  },\n  result: function () {\n    return 1;\n  },\n  fault: function () {}\n}\n';

const tabs = ['Problems', 'Ready to send', 'Request', 'Result', 'History', 'Endpoints', 'Replay'];

test('a request in flight shows in the status bar whichever panel is open; Escape cancels it', async ({
  page,
}) => {
  await openPlayground(page);
  await setSource(page, endless);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceCall');
  await page.locator('[data-field=timeout]').fill('30s');
  for (const [i, tab] of tabs.entries()) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.keyboard.press('Control+Enter');
    // The Result tab opens with the pending line; the status bar counts the time.
    await expect(page.getByTestId('result-pending')).toContainText('Waiting for Embedded node');
    await expect(page.getByTestId('status-progress')).toContainText(/Sending to Embedded node.*… \d+\.\d s/);
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByTestId('status-progress')).toBeVisible();
    await expect(page.getByTestId('status-cancel')).toBeVisible();
    if (i === 0) await page.screenshot({ path: test.info().outputPath('progress-status-bar.png') });
    if (i % 2 === 0) await page.keyboard.press('Escape');
    else await page.getByTestId('status-cancel').click();
    await expect(page.getByTestId('status-progress')).toHaveText('');
    await expect(page.getByTestId('result-pending')).toBeHidden();
    await expect(page.getByTestId('result-error')).toContainText('Cancelled');
  }
  const statuses = await page.evaluate(() =>
    (window as any).__playground.store.get().history.map((h: { status: string }) => h.status),
  );
  expect(statuses).toEqual(tabs.map(() => 'cancelled'));
});
