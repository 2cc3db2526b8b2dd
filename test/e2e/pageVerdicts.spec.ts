import { expect, test } from '@playwright/test';
import { sendTestTransaction, startGanache, type RunningNode } from '../helpers/nodes.ts';
import { addEndpoint, openPlayground } from './helpers/playground.ts';

// Issue 25 item 1: a reply that is not what the tracer returns is said to be so, in the result and in History.
let node: RunningNode;
test.beforeAll(async () => {
  node = await startGanache();
});
test.afterAll(async () => {
  await node?.stop();
});

async function traceTransaction(page: import('@playwright/test').Page, txHash?: string) {
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  if (txHash) await page.locator('[data-field=txHash]').fill(txHash);
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-meta')).toContainText(/\d+ ms/, { timeout: 30_000 });
}

test('a tracer sent to ganache: its struct logs are called the node ignoring the tracer, not ok', async ({
  page,
}) => {
  const txHash = await sendTestTransaction(node.url);
  await openPlayground(page);
  await addEndpoint(page, 'Ganache', node.url);
  await traceTransaction(page, txHash);
  // The reply itself is still shown: it is what the node said.
  await expect(page.getByTestId('result-json')).toContainText('structLogs');
  const verdict = page.getByTestId('result-verdict');
  await expect(verdict).toContainText('Not your tracer’s result: the node ignored the tracer');
  await expect(verdict).toContainText('instead of running your JavaScript tracer');
  await page.screenshot({ path: test.info().outputPath('ganache-verdict.png') });
  await page.getByRole('tab', { name: 'History' }).click();
  const status = page.getByTestId('history').locator('tbody tr').first().getByTestId('history-status');
  await expect(status).toHaveText('tracer ignored');
  await expect(status).toHaveClass(/sev-warning/);
  // Saved as such: a reload still says so.
  await page.reload();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-status').first()).toHaveText('tracer ignored');
});

test('a tracer the node runs: no warning, and History says ok', async ({ page }) => {
  await openPlayground(page);
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash ?? ''))
    .toMatch(/^0x(?!(ab)+$)[0-9a-f]{64}$/);
  await traceTransaction(page);
  await expect(page.getByTestId('result-json')).toContainText('PUSH1');
  await expect(page.getByTestId('result-verdict')).toBeEmpty();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-status').first()).toHaveText('ok');
});
