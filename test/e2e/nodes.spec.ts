import { expect, test } from '@playwright/test';
import { rpc, sendTestTransaction, startGanache, startHardhat, type RunningNode } from '../helpers/nodes.ts';
import { addEndpoint, openPlayground, setSource } from './helpers/playground.ts';

let node: RunningNode;
test.beforeAll(async () => {
  node = await startGanache();
});
test.afterAll(async () => {
  await node?.stop();
});

async function sendMethod(page: import('@playwright/test').Page, method: string) {
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption(method);
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-meta')).toContainText('HTTP 200');
}

test('sends eth_blockNumber, web3_clientVersion and a trace request to a real node', async ({ page }) => {
  const txHash = await sendTestTransaction(node.url);
  expect(await rpc(node.url, 'eth_getTransactionByHash', [txHash])).toBeTruthy();

  await openPlayground(page);
  await addEndpoint(page, 'Ganache', node.url);

  await sendMethod(page, 'web3_clientVersion');
  await expect(page.getByTestId('result-json')).toContainText('Ganache/v7');

  await sendMethod(page, 'eth_blockNumber');
  await expect(page.getByTestId('result-json')).toContainText('0x1');

  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  await page.locator('[data-field=txHash]').fill('0x12');
  await expect(page.locator('[data-error-for=txHash]')).not.toBeEmpty();
  await expect(page.getByTestId('send')).toBeDisabled();
  await page.locator('[data-field=txHash]').fill(txHash);
  await expect(page.locator('[data-error-for=txHash]')).toBeEmpty();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('result-meta')).toContainText('HTTP 200');
  await expect(page.getByTestId('result-json')).toContainText('structLogs');

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('history')).toContainText('debug_traceTransaction');

  // A method ganache does not have: the decoded error is shown.
  await sendMethod(page, 'debug_traceCall').catch(() => undefined);
  await expect(page.getByTestId('result-error')).toContainText(/does not offer debug_traceCall/);
});

test('runs the probe', async ({ page }) => {
  await openPlayground(page);
  await addEndpoint(page, 'Ganache', node.url);
  await page.locator('[data-endpoint]', { hasText: 'Ganache' }).getByTestId('probe').click();
  await expect(page.getByTestId('probe-verdict')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('probe-card')).toContainText(/Ganache/);
  await expect(page.getByTestId('probe-verdict')).toContainText(/ignor/i);
  // One headline, the checks folded with a mark each, and the buttons to act.
  await expect(page.getByTestId('probe-evidence').locator('li').first()).toHaveText(
    /^[✓✗] web3_clientVersion/,
  );
  await expect(page.getByTestId('probe-evidence')).toBeHidden();
  await expect(page.getByTestId('probe-retry')).toBeVisible();
  await page.getByTestId('probe-card').locator('summary').click();
  await expect(page.getByTestId('probe-evidence')).toBeVisible();
  await page.getByTestId('probe-card').screenshot({ path: test.info().outputPath('probe-card.png') });
});

test('sends a trace request to the embedded node', async ({ page }) => {
  await openPlayground(page);
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash ?? ''))
    .toMatch(/^0x(?!(ab)+$)[0-9a-f]{64}$/); // the demo chain's hash, not the form's example value
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('result-json')).toContainText('PUSH1', { timeout: 30_000 });
  await expect(page.getByTestId('result-meta')).not.toContainText('HTTP');
});

test('sends over WebSocket', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page.getByTestId('add-endpoint').click();
  await page.locator('[data-endpoint-field=name]').fill('Ganache WS');
  await page.locator('[data-endpoint-field=url]').fill(node.url);
  await page.locator('[data-endpoint-field=wsUrl]').fill(node.wsUrl);
  await page.locator('[data-endpoint-field=preferWs]').check();
  await page.getByTestId('save-endpoint').click();
  await page
    .locator('[data-endpoint]', { hasText: 'Ganache WS' })
    .getByRole('button', { name: 'Use' })
    .click();
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('web3_clientVersion');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-json')).toContainText('Ganache/v7');
  await expect(page.getByTestId('result-meta')).not.toContainText('HTTP');
});

test('replays a request from the history, under the CSP without violations', async ({ page }) => {
  await page.addInitScript(() => {
    (window as any).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as any).__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await openPlayground(page);
  await addEndpoint(page, 'Ganache', node.url);
  await sendMethod(page, 'eth_blockNumber');
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Re-send' }).first().click();
  await expect(page.getByTestId('history').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('result-json')).toBeVisible();
  await page.getByTestId('result-json').getByRole('button', { name: 'text' }).click();
  await expect(page.getByTestId('result-json')).toContainText('"0x');
  expect(await page.evaluate(() => (window as any).__csp)).toEqual([]);
});

test('runs the probe on a node that rejects JavaScript tracers', async ({ page }) => {
  test.setTimeout(120_000);
  const hardhat = await startHardhat();
  try {
    await openPlayground(page);
    await addEndpoint(page, 'Hardhat', hardhat.url);
    await page.locator('[data-endpoint]', { hasText: 'Hardhat' }).getByTestId('probe').click();
    await expect(page.getByTestId('probe-verdict')).toContainText('does not run JavaScript tracers', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('probe-card')).toContainText(/HardhatNetwork/i);
  } finally {
    await hardhat.stop();
  }
});

test('stops an endless tracer on the embedded node', async ({ page }) => {
  await openPlayground(page);
  // Wait for the demo chain's values, or the call goes to the form's example address (no code: no step at all).
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash ?? ''))
    .toMatch(/^0x(?!(ab)+$)[0-9a-f]{64}$/);
  await setSource(
    page,
    '{\n  step: function (log, db) {\n    while (true) {}\n  },\n  result: function () { return 1; },\n  fault: function () {}\n}\n',
  );
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceCall');
  await page.locator('[data-field=timeout]').fill('1s');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-error')).toContainText(/timeout|did not answer/, { timeout: 20_000 });
  await setSource(page, '{\n  result: function (ctx) { return ctx.type; },\n  fault: function () {}\n}\n');
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-json')).toContainText('CALL', { timeout: 20_000 });
});
