import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { addEndpoint, openPlayground } from './helpers/playground.ts';

// A ~50 MB debug_traceBlockByNumber answer: 60 traced transactions with struct logs, one that failed in the tracer,
// and one unique value deep inside (what the user searches for).
const needle = '0xfeedfacecafe';
const failedIndex = 41;
function buildBlockTrace(): string {
  const steps = 9_500;
  const txs: unknown[] = [];
  for (let t = 0; t < 60; t++) {
    const txHash = '0x' + t.toString(16).padStart(64, '0');
    if (t === failedIndex) {
      txs.push({
        txHash,
        error: "TypeError: Cannot read property 'x' of undefined in server-side tracer function 'step'",
      });
      continue;
    }
    const structLogs = Array.from({ length: steps }, (_, i) => ({
      pc: i,
      op: i % 2 ? 'PUSH1' : 'MSTORE',
      gas: 1e6 - i,
      gasCost: 3,
      depth: 1,
      stack: ['0x' + i.toString(16), '0x40', t === 53 && i === 3_999 ? needle : '0x0'],
    }));
    txs.push({ txHash, result: { gas: 21000 + t, failed: false, returnValue: '', structLogs } });
  }
  return JSON.stringify({ jsonrpc: '2.0', id: 1, result: txs });
}

let server: Server;
let url: string;
let bytes = 0;
test.beforeAll(async () => {
  const body = Buffer.from(buildBlockTrace());
  bytes = body.length;
  server = createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'content-type, authorization',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    req.resume();
    req.on('end', () => res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((r) => server?.close(r));
});

// Watches the page's event loop until the tree shows rows: the longest wait of a setTimeout(0), in ms.
function watchEventLoop(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let worst = 0;
        const tick = () => {
          const asked = performance.now();
          setTimeout(() => {
            worst = Math.max(worst, performance.now() - asked);
            if (document.querySelector('[data-testid=result-tree] .vtree-row')) resolve(worst);
            else tick();
          }, 0);
        };
        tick();
      }),
  );
}

test('browses a 50 MB block trace while the page stays interactive', async ({ page }) => {
  test.setTimeout(120_000);
  expect(bytes).toBeGreaterThan(45e6);
  await openPlayground(page);
  await addEndpoint(page, 'Big block', url);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceBlockByNumber');
  await page.locator('[data-field=block]').fill('0x10');

  await page.getByTestId('send').click();
  const worstWait = watchEventLoop(page);
  // Typing into the editor while the reply loads is reflected.
  await page.evaluate(() => {
    const editor = (window as any).__playground.editor;
    editor.setPosition({ lineNumber: editor.getModel().getLineCount(), column: 1 });
    editor.focus();
  });
  await page.keyboard.type('// typed while loading');
  expect(await page.evaluate(() => (window as any).__playground.editor.getValue())).toContain(
    '// typed while loading',
  );
  expect(await worstWait).toBeLessThan(2_000); // not frozen for seconds (no tight timing here)

  const tree = page.getByTestId('result-tree');
  await expect(tree.locator('.vtree-row').first()).toContainText('[60 items]', { timeout: 60_000 });
  // Only about a viewport's worth of the 61 rows is in the DOM.
  const shownRows = await tree.locator('.vtree-row').count();
  expect(shownRows).toBeGreaterThan(20);
  expect(shownRows).toBeLessThan(61);
  await expect(page.getByTestId('result-meta')).toContainText(/MB/);
  await page.screenshot({ path: test.info().outputPath('1-shown.png') });

  // The failed transaction is listed prominently and can be shown in the tree.
  const txErrors = page.getByTestId('tx-errors');
  await expect(txErrors).toContainText('1 transaction(s) failed in the tracer');
  await expect(txErrors).toContainText("Cannot read property 'x' of undefined");
  await txErrors.getByTestId('tx-error-show').click();
  await expect(page.getByTestId('tree-path')).toHaveText(`[${failedIndex}].error`);
  await expect(tree.locator('.vtree-row[aria-selected=true]')).toContainText('TypeError');

  // Expanding a node shows its children.
  await tree.evaluate((el) => (el.scrollTop = 0));
  const first = tree.locator('.vtree-row[data-index="1"]');
  await first.locator('.vtree-toggle').click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.locator('.vtree-row[data-index="3"]')).toContainText(
    'result: {gas: 21000, failed: false',
  );
  await page.screenshot({ path: test.info().outputPath('2-expanded.png') });

  // A value deep inside is found in the worker, its ancestors expanded and scrolled to.
  await page.getByTestId('tree-search').fill(needle);
  await page.getByTestId('tree-search').press('Enter');
  await expect(page.getByTestId('tree-status')).toContainText(
    'Found at [53].result.structLogs[3999].stack[2]',
    {
      timeout: 30_000,
    },
  );
  const hit = tree.locator('.vtree-row[aria-selected=true]');
  await expect(hit).toBeInViewport();
  await expect(hit).toContainText(needle);
  await page.screenshot({ path: test.info().outputPath('3-found.png') });

  // Copy the value at the selected path.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('tree-copy').click();
  await expect(page.getByTestId('tree-status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(JSON.stringify(needle));

  // Keyboard: up to the stack array, collapse it, and open it again.
  await tree.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('tree-path')).toHaveText('[53].result.structLogs[3999].stack');
  await page.keyboard.press('ArrowLeft');
  await expect(tree.locator('.vtree-row[aria-selected=true]')).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(tree.locator('.vtree-row[aria-selected=true]')).toHaveAttribute('aria-expanded', 'true');

  // Scrolling to the end shows the last transaction.
  await tree.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(tree.locator('.vtree-row').last()).toContainText('59: {txHash');
  const [rowBox, treeBox] = [await tree.locator('.vtree-row').last().boundingBox(), await tree.boundingBox()];
  expect(rowBox!.y).toBeGreaterThanOrEqual(treeBox!.y);
  expect(rowBox!.y + rowBox!.height).toBeLessThanOrEqual(treeBox!.y + treeBox!.height + 1);

  // Scrolling far keeps the DOM small and shows the rows at that place.
  await tree.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  await expect(tree.locator('.vtree-row').first()).toHaveAttribute('data-index', /\d{4,}/);
  expect(await tree.locator('.vtree-row').count()).toBeLessThanOrEqual(60);
});
