import { expect, test, type Page } from '@playwright/test';
import { sendTestTransaction, startGanache, type RunningNode } from '../helpers/nodes.ts';
import { addEndpoint, openPanel, openPlayground, setSource } from './helpers/playground.ts';

// Issue 25 item 2: Run in sight next to the editor; each result headed by what it answers; the previous result
// marked stale while the next request runs.
const sizes = [
  [1280, 800],
  [1024, 700],
  [800, 700],
] as const;
const panelTabs = [
  'Problems',
  'Ready to send',
  'Request',
  'Result',
  'History',
  'Endpoints',
  'Replay',
  'Tracer API',
];

/** Whether the element's centre is what the page shows there (not covered, not clipped away). */
function isOnTop(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });
}

async function demoTxReady(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash ?? ''))
    .toMatch(/^0x(?!(ab)+$)[0-9a-f]{64}$/);
}

for (const [width, height] of sizes) {
  test(`${width}×${height}: Run is in sight beside the editor whichever panel is open`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openPlayground(page);
    for (const [i, tab] of panelTabs.entries()) {
      await page.keyboard.press(`Alt+Digit${i + 1}`);
      await expect(page.locator('[role=tab][aria-selected=true][data-panel]')).toHaveText(tab);
      await expect(page.getByTestId('run'), tab).toBeInViewport({ ratio: 1 });
      expect(await isOnTop(page, 'run'), tab).toBe(true);
    }
    // Beside the editor: its left edge is the editor's, and it is above the editor's first line.
    const run = (await page.getByTestId('run').boundingBox())!;
    const editor = (await page.getByTestId('editor').boundingBox())!;
    expect(run.x).toBeLessThan(editor.x + 20);
    expect(run.y + run.height).toBeLessThanOrEqual(editor.y + 1);
    await page.screenshot({ path: test.info().outputPath(`run-${width}.png`) });
  });
}

test('Run sends the request; the result is headed by method, transaction, tracer, endpoint and time', async ({
  page,
}) => {
  await openPlayground(page);
  await demoTxReady(page);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  const txHash: string = await page.evaluate(
    () => (window as any).__playground.store.get().request.fields.txHash,
  );
  await openPanel(page, 'Tracer API');
  await expect(page.getByTestId('run-what')).toHaveText(
    'debug_traceTransaction → Embedded node (in this page)',
  );
  await page.getByTestId('run').click();
  await expect(page.getByTestId('result-json')).toContainText('PUSH1', { timeout: 30_000 });
  const heading = page.getByTestId('result-heading');
  await expect(heading.getByTestId('heading-method')).toHaveText('debug_traceTransaction');
  await expect(heading.getByTestId('heading-target')).toHaveText(
    `transaction ${txHash.slice(0, 8)}…${txHash.slice(-4)}`,
  );
  await expect(heading.getByTestId('heading-target')).toHaveAttribute('title', txHash);
  await expect(heading.getByTestId('heading-tracer')).toHaveText('tracer Opcode counter');
  await expect(heading.getByTestId('heading-endpoint')).toHaveText('on Embedded node (in this page)');
  const when = await heading.getByTestId('heading-when').textContent();
  expect(when).toMatch(/^at \d{1,2}:\d{2}:\d{2}/);
  await page.screenshot({ path: test.info().outputPath('result-heading.png') });

  // A tracer that does not flatten: Run says why and opens Problems instead of sending.
  await setSource(page, '{ result: function () { return 1; }, fault: function () {} ');
  await expect(page.getByTestId('run-why')).toHaveText('Not ready: the tracer has errors');
  await page.getByTestId('run').click();
  await expect(page.getByRole('tab', { name: 'Problems' })).toHaveAttribute('aria-selected', 'true');
});

test('while the next request runs, the previous result is marked stale; the new one replaces it', async ({
  page,
}) => {
  await openPlayground(page);
  await demoTxReady(page);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  await page.locator('[data-field=timeout]').fill('30s');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('result-json')).toContainText('PUSH1', { timeout: 30_000 });
  await expect(page.locator('.result-body')).not.toHaveClass(/stale/);
  await expect(page.getByTestId('result-stale')).toHaveCount(0);

  await setSource(
    page,
    '{\n  step: function (log, db) {\n    while (true) {}\n  },\n  result: function () {\n    return 1;\n  },\n  fault: function () {}\n}\n',
  );
  await page.getByTestId('run').click();
  await expect(page.getByTestId('result-pending')).toContainText('Waiting for Embedded node');
  await expect(page.getByTestId('result-stale')).toHaveText('The result below is the previous request’s.');
  await expect(page.locator('.result-body')).toHaveClass(/stale/);
  await expect(page.locator('.result-body')).toHaveAttribute('aria-busy', 'true');
  await page.screenshot({ path: test.info().outputPath('result-stale.png') });
  // Run turns into Cancel while the request runs.
  await expect(page.getByTestId('run')).toBeHidden();
  await page.getByTestId('run-cancel').click();
  await expect(page.getByTestId('result-error')).toContainText('Cancelled');
  await expect(page.locator('.result-body')).not.toHaveClass(/stale/);
  await expect(page.getByTestId('run')).toBeVisible();
});

test.describe('a remote endpoint', () => {
  let node: RunningNode;
  test.beforeAll(async () => {
    node = await startGanache();
  });
  test.afterAll(async () => {
    await node?.stop();
  });

  test('the heading names the endpoint with its URL masked', async ({ page }) => {
    const txHash = await sendTestTransaction(node.url);
    const secret = 'k3y9f8e7d6c5b4a3';
    await openPlayground(page);
    await addEndpoint(page, 'Ganache', `${node.url}/rpc?apikey=${secret}`);
    await page.getByRole('tab', { name: 'Request' }).click();
    await page.getByTestId('method-select').selectOption('debug_traceTransaction');
    await page.locator('[data-field=txHash]').fill(txHash);
    await page.getByTestId('run').click();
    const endpoint = page.getByTestId('result-heading').getByTestId('heading-endpoint');
    await expect(endpoint).toHaveText(`on Ganache (${node.url}/rpc?apikey=••••)`, { timeout: 30_000 });
    await expect(page.getByTestId('result-heading')).not.toContainText(secret);
  });
});
