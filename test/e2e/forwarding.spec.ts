import { expect, test } from '@playwright/test';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { startGanache, type RunningNode } from '../helpers/nodes.ts';
import { addEndpoint, openPlayground } from './helpers/playground.ts';

let node: RunningNode;
let proxy: RunningNginx;
let guarded: RunningNginx;
const auth = { user: 'fwd-user', password: 'fwd-pass-7' };
test.beforeAll(async () => {
  node = await startGanache();
  proxy = await startNginx({ upstreamPort: node.port, cors: false });
  guarded = await startNginx({ upstreamPort: node.port, cors: false, auth });
});
test.afterAll(async () => {
  await guarded?.stop();
  await proxy?.stop();
  await node?.stop();
});

async function sendBlockNumber(page: import('@playwright/test').Page) {
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('eth_blockNumber');
  await page.getByTestId('send').click();
}

test('a node without CORS: plain words, then the opt-in forwarding route gets through', async ({ page }) => {
  await openPlayground(page);
  await addEndpoint(page, 'No CORS', proxy.url);
  await sendBlockNumber(page);
  await expect(page.getByTestId('result-error')).toContainText(
    "No response: the node is unreachable, or it does not allow this page's origin (CORS)",
  );
  await expect(page.getByTestId('result-error')).toContainText('Use the local forwarding route');
  await page.screenshot({ path: test.info().outputPath('forwarding-cors-error.png') });

  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page.locator('[data-endpoint]', { hasText: 'No CORS' }).getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Use the local forwarding route (dev/preview server only)').check();
  await page.screenshot({ path: test.info().outputPath('forwarding-form.png') });
  await page.getByTestId('save-endpoint').click();
  await expect(page.locator('[data-endpoint]', { hasText: 'No CORS' })).toContainText(
    'via local forwarding route',
  );
  const forwarded = page.waitForRequest((r) => new URL(r.url()).pathname === '/__forward');
  await sendBlockNumber(page);
  const request = await forwarded;
  expect(request.headers()['x-forward-to']).toBe(proxy.url);
  await expect(page.getByTestId('result-meta')).toContainText('HTTP 200');
  await expect(page.getByTestId('result-json')).toContainText('0x');

  // The choice is kept with the endpoint.
  await page.reload();
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
  const saved = await page.evaluate(() =>
    (window as any).__playground.store.get().endpoints.map((e: any) => [e.name, e.forward]),
  );
  expect(saved).toContainEqual(['No CORS', true]);
});

test('forwarding passes basic auth on as the Authorization header', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page.getByTestId('add-endpoint').click();
  await page.locator('[data-endpoint-field=name]').fill('Guarded');
  await page.locator('[data-endpoint-field=url]').fill(guarded.url);
  await page.locator('[data-endpoint-field=user]').fill(auth.user);
  await page.locator('[data-endpoint-field=password]').fill('wrong');
  await page.locator('[data-endpoint-field=forward]').check();
  await page.getByTestId('save-endpoint').click();
  await page.locator('[data-endpoint]', { hasText: 'Guarded' }).getByRole('button', { name: 'Use' }).click();
  await sendBlockNumber(page);
  await expect(page.getByTestId('result-meta')).toContainText('HTTP 401');

  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page.locator('[data-endpoint]', { hasText: 'Guarded' }).getByRole('button', { name: 'Edit' }).click();
  await page.locator('[data-endpoint-field=password]').fill(auth.password);
  await page.getByTestId('save-endpoint').click();
  await sendBlockNumber(page);
  await expect(page.getByTestId('result-meta')).toContainText('HTTP 200');
  await expect(page.getByTestId('result-json')).toContainText('0x');
});

test('the error card offers the forwarding route in one click, and it gets through', async ({ page }) => {
  await openPlayground(page);
  await addEndpoint(page, 'No CORS 2', proxy.url);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('eth_blockNumber');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('error-headline')).toContainText('No response: the node is unreachable');
  await expect(page.getByTestId('error-retry')).toBeVisible();
  await expect(page.getByTestId('error-edit-endpoint')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('error-card-cors.png') });
  await page.getByTestId('error-use-forwarding').click();
  await expect(page.getByTestId('result-json')).toContainText('0x');
  await expect(page.getByTestId('error-headline')).toHaveCount(0);
});
