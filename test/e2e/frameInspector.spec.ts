import { expect, test, type Page } from '@playwright/test';
import { openPlayground, waitChecked } from './helpers/playground.ts';

// Issue #25 item 7: a call frame opens in the frame inspector (call tree, flame chart, table of calls) with its
// full addresses, value, gas, input/output, logs and decoded names; nothing is cut at the right edge.
const transferTx = '0x4a56a10b80b0d536d400c9c9b4f0cda94844a77936cacb8b4984d346bafe909e'; // DemoToken.transfer

async function traceDemo(page: Page, template: string, txHash?: string): Promise<void> {
  await page.getByTestId('new-tracer').click();
  await page.locator(`[data-template="${template}"]`).click();
  await waitChecked(page);
  await page.getByRole('tab', { name: 'Request', exact: true }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  if (txHash) await page.locator('[data-field=txHash]').fill(txHash);
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-meta')).toContainText('ms', { timeout: 30_000 });
}

async function demoHashInForm(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash ?? ''))
    .toMatch(/^0x(?!(ab)+$)[0-9a-f]{64}$/);
}

const inspector = (page: Page) => page.getByTestId('frame-inspector');

test('a click on the demo transaction’s top frame opens it: decoded run(uint256), full addresses, value in wei and ether, decoded output and logs, a frame-select event', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPlayground(page);
  await demoHashInForm(page);
  await traceDemo(page, 'call-tree');
  const frames = page.getByTestId('call-frame');
  await expect(frames).toHaveCount(7);
  // The tree names the demo contract's selector (0xa444f5e9) from the shipped table.
  await expect(frames.first().getByTestId('frame-method')).toHaveText('run(uint256)');
  await page.evaluate(() => {
    (window as any).__frameSelects = [];
    document.addEventListener('frame-select', (e) =>
      (window as any).__frameSelects.push((e as CustomEvent).detail),
    );
  });
  await expect(inspector(page)).toBeHidden();
  await frames.first().locator('.ct-addr').first().click();
  await expect(inspector(page)).toBeVisible();
  await expect(inspector(page).getByTestId('fi-title')).toHaveText('run(uint256)');
  await expect(inspector(page).getByTestId('fi-call-args')).toHaveText('x uint256 7');
  await expect(inspector(page).getByTestId('fi-from')).toHaveText(/^0x[0-9a-f]{40}$/);
  await expect(inspector(page).getByTestId('fi-to')).toHaveText(/^0x[0-9a-f]{40}$/);
  await expect(inspector(page).getByTestId('fi-value')).toHaveText('1000000000000000 wei (0.001 ETH)');
  await expect(inspector(page).getByTestId('fi-gas-used')).toHaveText(/^[\d,]+$/);
  await expect(inspector(page).getByTestId('fi-path')).toHaveText('top frame');
  await expect(inspector(page).getByTestId('fi-input')).toHaveText(`0xa444f5e9\n${'0'.repeat(63)}7`);
  await expect(inspector(page).getByTestId('fi-output-args')).toHaveText('squared uint256 49');
  await expect(inspector(page).getByTestId('fi-log-event')).toHaveText([
    'Probed(uint256,address,address,uint256)',
  ]);
  await expect(inspector(page).getByTestId('fi-log-args')).toContainText('squared uint256 49');
  const events = await page.evaluate(() => (window as any).__frameSelects);
  expect(events).toHaveLength(1);
  expect(events[0].path).toEqual([]);
  expect(events[0].frame.input.slice(0, 10)).toBe('0xa444f5e9');
  await inspector(page).getByTestId('fi-call').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('inspector-1280.png') });

  // An inner frame: its path of child indexes, and ping() with the Pinged event of the child contract.
  const ping = frames.filter({ has: page.getByTestId('frame-method').filter({ hasText: 'ping()' }) }).first();
  await ping.click();
  await expect(inspector(page).getByTestId('fi-title')).toHaveText('ping()');
  await expect(inspector(page).getByTestId('fi-log-event')).toHaveText(['Pinged(address,uint256)']);
  const second = await page.evaluate(() => (window as any).__frameSelects[1]);
  expect(second.path).toHaveLength(1);
  expect(second.path[0]).toBeGreaterThan(1);
  // The flame chart names frames from the same table (ping() and run() are the demo contracts').
  await page.getByTestId('result-tab-flame').click();
  await expect(page.getByTestId('flame-heaviest')).toContainText(/ run — /);
  await expect(page.getByTestId('flame-heaviest')).toContainText(/ ping — /);
});

test('a pasted ABI names a selector the table does not know, and is kept after a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPlayground(page);
  await demoHashInForm(page);
  await traceDemo(page, 'call-tree', transferTx);
  await page.getByTestId('call-frame').first().click();
  await expect(inspector(page).getByTestId('fi-title')).toHaveText('transfer(address,uint256)');
  await expect(inspector(page).getByTestId('fi-log-event')).toHaveText(['Transfer(address,address,uint256)']);
  await inspector(page).getByText('Decode with your ABI').click();
  // A project's own name for the selector wins over the shipped one.
  await inspector(page)
    .getByTestId('fi-abi-text')
    .fill('function send(address recipient, uint256 wad) returns (bool ok)');
  await inspector(page).getByTestId('fi-abi-save').click();
  await expect(inspector(page).getByTestId('fi-abi-status')).toHaveText('1 declaration from your ABI');
  await expect(inspector(page).getByTestId('fi-title')).toHaveText('transfer(address,uint256)');
  await inspector(page)
    .getByTestId('fi-abi-text')
    .fill('function pay(address recipient, uint256 wad) returns (bool ok)\nnonsense here');
  await inspector(page).getByTestId('fi-abi-save').click();
  await expect(inspector(page).getByTestId('fi-abi-status')).toContainText('Not read:');
  await inspector(page).getByTestId('fi-abi-text').fill('error Nope(uint256 code)');
  await inspector(page).getByTestId('fi-abi-save').click();
  await expect(inspector(page).getByTestId('fi-abi-status')).toHaveText('1 declaration from your ABI');
  await page.reload();
  await page.waitForFunction(() => (window as any).__playground);
  expect(await page.evaluate(() => localStorage.getItem('tracer-playground.abi'))).toBe(
    'error Nope(uint256 code)',
  );
});

test('the table of calls opens its rows; a pc shows as a plain integer; at 800 px the inspector fits', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPlayground(page);
  await demoHashInForm(page);
  await traceDemo(page, 'call-tree');
  await page.setViewportSize({ width: 800, height: 700 });
  await page.getByTestId('call-frame').first().click();
  await expect(inspector(page)).toBeVisible();
  // Nothing of the inspector runs past the right edge of the page.
  const overflow = await page.evaluate(() => {
    const box = document.querySelector('[data-testid=frame-inspector]')!;
    const right = document.documentElement.clientWidth;
    return [...box.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > right + 1).length;
  });
  expect(overflow).toBe(0);
  // What the call tree's rows show ends inside their box (cut with …, not at the edge).
  const cut = await page.evaluate(() => {
    const tree = document.querySelector('[data-testid=call-tree]')!.getBoundingClientRect();
    return [...document.querySelectorAll('[data-testid=call-frame] .ct-line > *')].filter(
      (r) => r.getBoundingClientRect().right > tree.right + 1,
    ).length;
  });
  expect(cut).toBe(0);
  await inspector(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('inspector-800.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The flat call list: a row opens its frame, named by the parity-style trace address.
  await traceDemo(page, 'flat-calls');
  const rows = page.getByTestId('calls-table').locator('tbody tr');
  await expect(rows).toHaveCount(7);
  await expect(rows.first()).toContainText('run(uint256)');
  await rows.nth(1).click();
  await expect(inspector(page).getByTestId('fi-title')).toHaveText('record(uint256)');
  await expect(inspector(page).getByTestId('fi-path')).toHaveText('0');
  await expect(inspector(page).getByTestId('fi-type')).toHaveText('DELEGATECALL');

  // Steps: the pc column reads 1011, not 1,011.
  await traceDemo(page, 'gas-per-step');
  const table = page.getByTestId('records-table');
  await expect(table.locator('[data-sort=pc]')).toBeVisible();
  const pcColumn = await table.locator('thead th').allTextContents();
  const at = pcColumn.findIndex((t) => t.trim() === 'pc');
  expect(at).toBeGreaterThanOrEqual(0);
  await table.locator('[data-sort=pc]').click();
  await table.locator('[data-sort=pc]').click();
  const top = await table
    .locator(`tbody tr:not(.rv-spacer) td:nth-child(${at + 1})`)
    .first()
    .textContent();
  expect(top).toMatch(/^\d{4,}$/);
});
