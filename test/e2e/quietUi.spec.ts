import { expect, test } from '@playwright/test';
import { addEndpoint, openPlayground, setSource } from './helpers/playground.ts';

const commented =
  '{\n  // counts steps\n  n: 0,\n  step: function (log, db) {\n    this.n++;\n  },\n  result: function (ctx, db) {\n    return this.n;\n  },\n  fault: function (log, db) {}\n}\n';

// Issue #13 item 7: what flattening did is a fact about the ready-to-send string, not a problem of the tracer.
test('a clean tracer has an empty Problems panel; the flattening facts are listed in Ready to send', async ({
  page,
}) => {
  await openPlayground(page);
  await setSource(page, commented);
  await expect(page.getByTestId('problems')).toHaveText(
    'No problems: the tracer passes the ES5 and tracer checks.',
  );
  await expect(page.locator('.statusbar')).toContainText(/^0 errors, 0 warnings, 0 notes · .*ready to send/);
  const markers = await page.evaluate(() => (window as any).__playground.markers().length);
  expect(markers).toBe(0);
  await page.getByRole('tab', { name: 'Ready to send' }).click();
  const facts = page.getByTestId('flatten-facts').locator('li');
  await expect(facts).toHaveCount(2);
  await expect(page.getByTestId('flatten-facts')).toContainText('1 comment removed');
  await expect(page.getByTestId('flatten-facts')).toContainText(
    'The tracer spans 11 lines; it is sent as one line',
  );
  // The embedded node is the endpoint: the snippets say how to make their address answer.
  await expect(page.getByTestId('embedded-snippet-note')).toContainText(
    'npm run tracer -- serve --port 8545',
  );
  await page.screenshot({ path: test.info().outputPath('ready-to-send.png') });
});

test("History's button is Re-send (Replay is the fixtures tab)", async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('eth_blockNumber');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-json')).toContainText('0x');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-resend')).toHaveText(['Re-send']);
  await page.getByTestId('history-resend').click();
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().history.length))
    .toBe(2);
});

test('removing an endpoint asks in the page, and Cancel keeps it', async ({ page }) => {
  await openPlayground(page);
  await addEndpoint(page, 'Spare node', 'http://127.0.0.1:18545');
  page.once('dialog', () => {
    throw new Error('a native dialog opened');
  });
  const row = page.locator('[data-endpoint]', { hasText: 'Spare node' });
  await row.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('dialog')).toContainText('Remove Spare node?');
  await page.getByTestId('dialog-cancel').click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId('dialog-ok').click();
  await expect(row).toHaveCount(0);
  // The removed endpoint was the active one: the embedded node is used again.
  await expect(page.locator('[data-endpoint]', { hasText: '● Embedded node' })).toBeVisible();
});
