import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { type RunningNode, startAnvil } from '../helpers/nodes.ts';
import { addEndpoint, openPlayground, waitChecked } from './helpers/playground.ts';

/*
 * Issue 25 items 8, 5 and 4: every wait says what it waits for (the first load, the first Convert, the probe, check
 * by check), the demo transaction is found right after a reload, the endpoint URL is shown while typed and masked
 * once saved, the chain kind sits with the endpoint and decides the methods, and the probe's target is one click away.
 */

/** A loopback node that answers each request after `delayMs` (an error for anything but the first two methods). */
async function startSlowNode(delayMs: number): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'content-type' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      const answer =
        method === 'web3_clientVersion'
          ? { result: 'SlowNode/v1' }
          : method === 'eth_blockNumber'
            ? { result: '0x10' }
            : { error: { code: -32601, message: `the method ${method} does not exist/is not available` } };
      setTimeout(
        () =>
          res
            .writeHead(200, { ...cors, 'Content-Type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id, ...answer })),
        delayMs,
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test('the first load shows what it is doing before the page script runs', async ({ page }) => {
  // The page's script held back: what is on screen meanwhile is the loading note, not a blank page.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for 'load': the held script is what 'load' would wait for.
  await page.goto('/', { waitUntil: 'commit' });
  const boot = page.getByTestId('boot-loading');
  await expect(boot).toBeVisible();
  await expect(boot).toContainText('Loading the tracer playground…');
  await expect(boot).toContainText('embedded node');
  await page.screenshot({ path: test.info().outputPath('boot-loading.png') });
  release();
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
  await expect(boot).toHaveCount(0);
});

test('a slow first Convert to ES5 says that TypeScript is starting, then what it converted', async ({
  page,
}) => {
  await page.route(/convert\.worker[^/]*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await openPlayground(page);
  await page.evaluate(() =>
    (window as any).__playground.editor.setValue(
      '{ seen: [], step(log) { const op = log.op.toString(); this.seen.push(op); }, fault() {}, result() { return this.seen; } }',
    ),
  );
  await waitChecked(page);
  await page.getByTestId('convert-es5').click();
  await expect(page.getByTestId('notice')).toContainText('Convert to ES5: starting TypeScript in its worker');
  await expect(page.getByTestId('notice')).toContainText('Convert to ES5: converted', { timeout: 30_000 });
});

test('a probe names each check while it runs', async ({ page }) => {
  const slow = await startSlowNode(700);
  try {
    await openPlayground(page);
    await addEndpoint(page, 'Slow', slow.url);
    await page.locator('[data-endpoint]', { hasText: 'Slow' }).getByTestId('probe').click();
    const progress = page.getByTestId('probe-progress');
    await expect(progress).toContainText(/Probing: check 1 of about \d+ \(web3_clientVersion\)/);
    await expect(progress).toContainText(/Probing: check 2 of about \d+ \(eth_blockNumber\), \d+\.\d s/);
    await expect(page.getByTestId('probe-verdict')).toBeVisible({ timeout: 30_000 });
  } finally {
    slow.server.close();
  }
});

test('the demo transaction is found right after a reload, even one made before the demo values came', async ({
  page,
}) => {
  // A first visit reloaded at once: the draft was saved with the form's example hash (0xabab…) before the
  // embedded node gave its demo values; the reloaded page must still put the demo transaction in the form.
  await page.goto('/');
  await page.waitForFunction(() => (window as any).__playground);
  const example = '0x' + 'ab'.repeat(32);
  await page.evaluate((h) => {
    const store = (window as any).__playground.store;
    store.update((st: any) => ({ request: { ...st.request, fields: { ...st.request.fields, txHash: h } } }));
  }, example);
  await expect
    .poll(() => page.evaluate(() => JSON.stringify(localStorage)), { timeout: 10_000 })
    .toContain('ab'.repeat(32));
  await page.reload();
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
  const hash = () =>
    page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash ?? '');
  await expect.poll(hash, { timeout: 30_000 }).toMatch(/^0x(?!(ab)+$)[0-9a-f]{64}$/);
  const demo = await hash();
  await page.getByRole('tab', { name: 'Request', exact: true }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-meta')).toContainText('ms', { timeout: 30_000 });
  await expect(page.getByTestId('result-error')).toBeEmpty();
  await expect(page.getByTestId('panel-result')).not.toContainText('transaction not found');
  // And after a second reload, the same hash, still found.
  await page.reload();
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
  expect(await hash()).toBe(demo);
});

test('the endpoint form: chain kind first, URL shown while typed, masked once saved with Reveal', async ({
  page,
}) => {
  await openPlayground(page);
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page.getByTestId('add-endpoint').click();
  const labels = await page.getByTestId('endpoint-form').locator('.field > label').allTextContents();
  expect(labels.slice(0, 3)).toEqual(['Name', 'Chain kind', 'HTTP(S) URL']);
  const url = page.locator('[data-endpoint-field=url]');
  await expect(url).toHaveAttribute('type', 'text');
  await page.locator('[data-endpoint-field=name]').fill('Keyed');
  await url.fill('http://127.0.0.1:9/v2/abcdef0123456789abcdef0123456789');
  await page.getByTestId('endpoint-family').selectOption('bitcoin');
  await page.getByTestId('save-endpoint').click();
  const row = page.locator('[data-endpoint]', { hasText: 'Keyed' });
  await expect(row.getByTestId('endpoint-url')).not.toContainText('abcdef0123456789abcdef0123456789');
  await row.getByTestId('endpoint-url-reveal').click();
  await expect(row.getByTestId('endpoint-url')).toHaveText(
    'http://127.0.0.1:9/v2/abcdef0123456789abcdef0123456789',
  );
  await row.getByTestId('endpoint-url-reveal').click();
  await expect(row.getByTestId('endpoint-url')).not.toContainText('abcdef0123456789abcdef0123456789');
  // Editing a saved endpoint: masked until revealed.
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(url).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Cancel' }).click();
  // A Bitcoin-style endpoint is offered Bitcoin methods only; the embedded node EVM ones only.
  await row.getByRole('button', { name: 'Use' }).click();
  await page.getByRole('tab', { name: 'Request', exact: true }).click();
  const offered = () => page.getByTestId('method-select').locator('option:not([hidden])').allTextContents();
  expect((await offered()).every((m) => !m.startsWith('debug_') && !m.startsWith('eth_'))).toBe(true);
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page.locator('[data-endpoint]', { hasText: 'Embedded' }).getByRole('button', { name: 'Use' }).click();
  await page.getByRole('tab', { name: 'Request', exact: true }).click();
  expect((await offered()).some((m) => m.includes('(Bitcoin)'))).toBe(false);
});

test.describe('with a real anvil', () => {
  let anvil: RunningNode;
  test.beforeAll(async () => {
    anvil = await startAnvil();
  });
  test.afterAll(async () => {
    await anvil?.stop();
  });

  test('the probe offers "Use target anvil" under its differences, one click', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPlayground(page);
    await addEndpoint(page, 'Anvil', anvil.url);
    await page.locator('[data-endpoint]', { hasText: 'Anvil' }).getByTestId('probe').click();
    const use = page.getByTestId('probe-use-target');
    await expect(use).toHaveText('Use target anvil', { timeout: 60_000 });
    await use.click();
    await expect(page.getByTestId('probe-use-target')).toHaveText('Target anvil in use');
    await expect(page.getByTestId('probe-use-target')).toBeDisabled();
    expect(
      await page.evaluate(() => {
        const s = (window as any).__playground.store.get();
        return s.tracers.find((t: any) => t.id === s.activeTracerId).target;
      }),
    ).toBe('anvil');
    await page.screenshot({ path: test.info().outputPath('probe-use-target.png') });
  });
});
