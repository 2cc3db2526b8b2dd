import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildCallBlock } from '../helpers/buildCallBlock.ts';
import { expect, test, type Page } from '@playwright/test';
import { addEndpoint, openPlayground, sendAndWait, setSource, waitChecked } from './helpers/playground.ts';
import { waitCanvasDrawn } from './helpers/waitCanvasDrawn.ts';

// Issue #13 item 3: the result views, one test per view, each driving the embedded node with the repo's template
// and looking at what it shows through visible text and element counts (the screenshots are for a person).
const transferTx = '0x4a56a10b80b0d536d400c9c9b4f0cda94844a77936cacb8b4984d346bafe909e'; // DemoToken.transfer
const revertInCallTx = '0x016427a65dab6beebe41141ed4d2b4d5f01f551952c08529673b69f12174dbc1'; // Reverter.tryCheck

interface Trace {
  method?: 'debug_traceTransaction' | 'debug_traceBlockByNumber' | 'debug_traceCall';
  /** The demo transaction filled in the form when absent. */
  txHash?: string;
  block?: string;
  tracerConfig?: string;
}

/** Opens a template in a new tab, fills the request and sends it to the embedded node. */
async function traceWith(page: Page, template: string, t: Trace = {}): Promise<void> {
  await page.getByTestId('new-tracer').click();
  await page.locator(`[data-template="${template}"]`).click();
  await waitChecked(page);
  await sendAgain(page, t);
}

async function sendAgain(page: Page, t: Trace = {}): Promise<void> {
  await page.getByRole('tab', { name: 'Request', exact: true }).click();
  await page.getByTestId('method-select').selectOption(t.method ?? 'debug_traceTransaction');
  if (t.txHash) await page.locator('[data-field=txHash]').fill(t.txHash);
  if (t.block) await page.locator('[data-field=block]').fill(t.block);
  await page.locator('[data-field=tracerConfig]').fill(t.tracerConfig ?? '');
  await sendAndWait(page, 'send');
  await expect(page.getByTestId('result-meta')).toContainText('ms', { timeout: 30_000 });
  await expect(page.getByTestId('result-error')).toBeEmpty();
}

const shot = (page: Page, name: string) =>
  page.getByTestId('panel-result').screenshot({ path: test.info().outputPath(`${name}.png`) });
const tab = (page: Page, id: string) => page.getByTestId(`result-tab-${id}`);

/** Opens the playground wide, and waits for the demo chain's transaction in the form; returns its hash. */
async function openWide(page: Page): Promise<string> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPlayground(page);
  // The demo chain's transaction is in the form (CallProbe.run: every kind of call, storage, logs).
  const demoTx = () =>
    page.evaluate(() => ((window as any).__playground.store.get().request.fields.txHash as string) ?? '');
  await expect.poll(demoTx).toMatch(/^0x(?!(ab)+$)[0-9a-f]{64}$/); // the demo chain's hash, not the form's example
  return demoTx();
}

interface Opened {
  page: Page;
  demoTx: string;
  theme: string;
}

/**
 * The tests that start with a new tracer tab from a template and pick no result view tab (the tab picked last is kept
 * across results that offer it) share one page per worker: opening the playground and its embedded node is most of
 * such a test's cost. Before each, the form is set back to how the page opened: the method, the demo transaction
 * and no tracerConfig; the theme is checked, not set (no test here changes it: its picker leaves the crowded top
 * bar once tabs have long names). After a failure the runner starts a new worker, and so a new page.
 */
const onSharedPage = test.extend<{ shared: Page }, { opened: Opened }>({
  opened: [
    async ({ browser }, use) => {
      const page = await browser.newPage();
      const demoTx = await openWide(page);
      await use({ page, demoTx, theme: await page.getByTestId('theme').inputValue() });
      await page.close();
    },
    { scope: 'worker' },
  ],
  shared: async ({ opened }, use) => {
    const { page } = opened;
    await expect(page.getByTestId('theme')).toHaveValue(opened.theme);
    await page.getByRole('tab', { name: 'Request', exact: true }).click();
    await page.getByTestId('method-select').selectOption('debug_traceTransaction');
    await page.locator('[data-field=txHash]').fill(opened.demoTx);
    await page.locator('[data-field=tracerConfig]').fill('');
    await expect(page.getByTestId('send')).toBeEnabled();
    await use(page);
  },
});

test('call-tree.js: a collapsible call tree with gas bars, and a flame chart of gas by frame', async ({
  page,
}) => {
  await openWide(page);
  await traceWith(page, 'call-tree');
  await expect(tab(page, 'call-tree')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('result-views').getByRole('tab')).toHaveText([
    'Call tree',
    'Flame chart',
    'JSON',
  ]);
  const frames = page.getByTestId('call-frame');
  await expect(frames).toHaveCount(7);
  const types = await frames.locator('.ct-type').allTextContents();
  expect(types.sort()).toEqual(['CALL', 'CALL', 'CALL', 'CREATE', 'CREATE2', 'DELEGATECALL', 'STATICCALL']);
  await expect(frames.first()).toContainText('→');
  await expect(frames.first()).toContainText(/[\d,]+ gas/);
  await expect(frames.first().getByTestId('frame-value')).toHaveText('0.001 ETH');
  await expect(page.locator('.ct-gasbar')).toHaveCount(7);
  await expect(page.getByTestId('call-tree-summary')).toContainText('7 call frames, 2 levels deep');
  await shot(page, 'call-tree');
  // Collapsing the top frame hides the others.
  await frames.first().locator('.ct-toggle').click();
  await expect(frames.filter({ visible: true })).toHaveCount(1);
  await frames.first().locator('.ct-toggle').click();
  await expect(frames.filter({ visible: true })).toHaveCount(7);

  await tab(page, 'flame').click();
  await expect(page.getByTestId('flame-chart').locator('canvas')).toHaveCount(1);
  await expect(page.getByTestId('flame-summary')).toContainText('7 frames, 2 deep');
  await expect(page.getByTestId('flame-heaviest').locator('li')).toHaveCount(7);
  await waitCanvasDrawn(page.getByTestId('flame-chart'));
  await shot(page, 'flame-chart');

  // A call that reverts inside a transaction that survives: its frame says why, in red.
  await sendAgain(page, { txHash: revertInCallTx });
  await tab(page, 'call-tree').click();
  await expect(page.getByTestId('call-frame')).toHaveCount(2);
  const error = page.getByTestId('frame-error');
  await expect(error).toHaveText('execution reverted: Reverter: value must be below 10');
  await expect(error).toHaveClass(/sev-error/);
  await shot(page, 'call-tree-revert');
});

onSharedPage('flat-calls.js: a table of calls, sortable', async ({ shared: page }) => {
  await traceWith(page, 'flat-calls');
  await expect(tab(page, 'calls')).toHaveAttribute('aria-selected', 'true');
  const table = page.getByTestId('calls-table');
  await expect(table.locator('tbody tr')).toHaveCount(7);
  await expect(table.locator('thead th')).toHaveText([
    '#',
    'trace',
    'type',
    'from',
    'to',
    'value',
    'gas',
    'gas used',
    'method',
    'error',
  ]);
  await expect(table.locator('tbody tr').first()).toContainText('(top)');
  await expect(table.locator('tbody tr').first()).toContainText('0.001 ETH');
  // Sort by gas used, largest first: the top call is first.
  await table.locator('[data-sort=gasUsed]').click();
  await table.locator('[data-sort=gasUsed]').click();
  await expect(table.locator('th[aria-sort=descending]')).toHaveText('gas used');
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText('(top)');
  await shot(page, 'flat-calls');
});

onSharedPage(
  'opcode-histogram.js: a bar chart sorted by count, with the counts',
  async ({ shared: page }) => {
    await traceWith(page, 'opcode-histogram');
    await expect(tab(page, 'bars')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('bar-chart').locator('canvas')).toHaveCount(1);
    await expect(page.getByTestId('bar-summary')).toContainText(/[\d,]+ in total over \d+ opcodes/);
    const rows = page.getByTestId('counts-table').locator('tbody tr');
    const distinct = Number(
      /over (\d+) opcodes/.exec((await page.getByTestId('bar-summary').textContent())!)![1],
    );
    await expect(rows).toHaveCount(distinct);
    await expect(rows.first().locator('td').nth(0)).toHaveText('PUSH1');
    const counts = (await rows.locator('td:nth-child(2)').allTextContents()).map((c) =>
      Number(c.replace(/,/g, '')),
    );
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await waitCanvasDrawn(page.getByTestId('bar-chart'));
    await shot(page, 'opcode-histogram');
  },
);

onSharedPage(
  'selector-counter.js over a block: bars of the summed selectors, decoded, and a transaction selector',
  async ({ shared: page }) => {
    await traceWith(page, 'selector-counter', { method: 'debug_traceBlockByNumber', block: '0x2' });
    const select = page.getByTestId('result-tx-select');
    await expect(select.locator('option')).toHaveCount(6);
    await expect(select.locator('option:checked')).toHaveText('All 5 transactions (sum)');
    const table = page.getByTestId('counts-table');
    for (const name of [
      'transfer(address,uint256)',
      'approve(address,uint256)',
      'transferFrom(address,address,uint256)',
    ])
      await expect(table).toContainText(name);
    await expect(table.locator('thead th')).toHaveText(['selector', 'function', 'count', '%']);
    await waitCanvasDrawn(page.getByTestId('bar-chart'));
    await shot(page, 'selector-counter-block');
    // One transaction: its own counts.
    await select.selectOption({ index: 1 });
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr')).toContainText('0xa9059cbb-64');
  },
);

test('sload-sstore.js: a sortable table of storage reads and writes, and their timeline', async ({
  page,
}) => {
  await openWide(page);
  await traceWith(page, 'sload-sstore');
  await expect(page.getByTestId('result-views').getByRole('tab')).toHaveText(['Table', 'Timeline', 'JSON']);
  const table = page.getByTestId('records-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const count = await table.locator('tbody tr').count();
  expect(count).toBeGreaterThan(4);
  await expect(table.locator('thead th')).toHaveText(['#', 'op', 'address', 'pc', 'slot', 'value']);
  await table.locator('[data-sort=op]').click();
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText('SLOAD');
  await table.locator('[data-sort=op]').click();
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText('SSTORE');
  await shot(page, 'sload-sstore-table');

  await tab(page, 'timeline').click();
  await expect(page.getByTestId('timeline-chart').locator('canvas')).toHaveCount(1);
  const lanes = page.getByTestId('timeline-lanes').locator('li');
  await expect(lanes).toHaveCount(2);
  const perLane = (await lanes.allTextContents()).map((t) => Number(/: (\d+)$/.exec(t)![1]));
  expect(perLane.reduce((a, b) => a + b)).toBe(count);
  await expect(lanes.first()).toContainText('SLOAD');
  await waitCanvasDrawn(page.getByTestId('timeline-chart'));
  await shot(page, 'sload-sstore-timeline');
});

test('event-logs.js: logs with the event decoded, by depth and event', async ({ page }) => {
  await openWide(page);
  await traceWith(page, 'event-logs', { txHash: transferTx });
  const table = page.getByTestId('records-table');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('thead th')).toHaveText(['#', 'event', 'address', 'topics', 'data', 'depth']);
  await expect(table.locator('tbody tr td').nth(1)).toHaveText('Transfer(address,address,uint256)');
  await tab(page, 'timeline').click();
  await expect(page.getByTestId('timeline-lanes').locator('li')).toHaveText([
    'Transfer(address,address,uint256): 1',
  ]);
  await waitCanvasDrawn(page.getByTestId('timeline-chart'));
  await shot(page, 'event-logs-timeline');
});

onSharedPage(
  'erc20-transfers.js over a block: a table per transaction, chosen in the selector',
  async ({ shared: page }) => {
    await traceWith(page, 'erc20-transfers', { method: 'debug_traceBlockByNumber', block: '0x2' });
    const select = page.getByTestId('result-tx-select');
    await expect(select.locator('option')).toHaveCount(5);
    await expect(select.locator('option:checked')).toContainText('#0');
    const table = page.getByTestId('records-table');
    await expect(table.locator('thead th')).toHaveText(['#', 'token', 'from', 'to', 'value']);
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr')).toContainText('1000000000000000000000');
    await shot(page, 'erc20-transfers-block');
    // The approval moves no tokens: its result is an empty list, and the views say so.
    await select.selectOption({ index: 1 });
    await expect(page.getByTestId('result-view-notes')).toHaveText('The result is an empty list.');
    await expect(tab(page, 'json')).toHaveAttribute('aria-selected', 'true');
    // transferFrom (the last transaction) moves tokens again.
    await select.selectOption({ index: 4 });
    await expect(table.locator('tbody tr')).toHaveCount(1);
  },
);

onSharedPage(
  'prestate.js in diff mode: what changed, per account, before and after',
  async ({ shared: page }) => {
    await traceWith(page, 'prestate', { txHash: transferTx, tracerConfig: '{"diffMode": true}' });
    await expect(tab(page, 'diff')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('diff-account')).toHaveCount(3);
    const rows = page.getByTestId('diff-row');
    await expect(rows).toHaveCount(5);
    await expect(page.getByTestId('diff-summary')).toContainText('5 changes in 3 accounts');
    const fields = await rows.locator('td:first-child').allTextContents();
    expect(fields.filter((f) => f === 'balance')).toHaveLength(2);
    expect(fields.filter((f) => f === 'nonce')).toHaveLength(1);
    expect(fields.filter((f) => f.startsWith('slot '))).toHaveLength(2);
    await expect(rows.filter({ hasText: 'nonce' })).toContainText('5→6');
    await shot(page, 'prestate-diff');
  },
);

onSharedPage('storage-diff.js: the storage before/after view', async ({ shared: page }) => {
  await traceWith(page, 'storage-diff');
  await expect(page.getByTestId('diff-account')).toHaveCount(3);
  await expect(page.getByTestId('diff-row')).toHaveCount(5);
  await expect(page.getByTestId('diff-summary')).toContainText('storage before/after');
  await shot(page, 'storage-diff');
});

test('the JSON viewer: in the page colours, light and dark, and table mode only for arrays', async ({
  page,
}) => {
  await openWide(page);
  await traceWith(page, 'call-tree');
  await tab(page, 'json').click();
  const json = page.getByTestId('result-json');
  await expect(json.getByRole('button', { name: 'tree' })).toBeVisible();
  // An object: no table mode (it would say "Object cannot be opened in table mode").
  await expect(json.getByRole('button', { name: 'table' })).toHaveCount(0);
  const colours = () =>
    page.evaluate(() => {
      const menu = document.querySelector('[data-testid=result-json] .jse-menu')!;
      const css = getComputedStyle(document.documentElement);
      const probe = document.createElement('div');
      probe.style.background = css.getPropertyValue('--bg2');
      document.body.append(probe);
      const bg2 = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return { menu: getComputedStyle(menu).backgroundColor, bg2 };
    });
  let c = await colours();
  expect(c.menu).toBe(c.bg2);
  await shot(page, 'json-light');
  await page.getByTestId('theme').selectOption('dark');
  await expect.poll(async () => (c = await colours()).menu).toBe('rgb(37, 37, 38)');
  expect(c.menu).toBe(c.bg2);
  await shot(page, 'json-dark');
  // The views follow the theme too.
  await tab(page, 'flame').click();
  await waitCanvasDrawn(page.getByTestId('flame-chart'));
  await shot(page, 'flame-chart-dark');

  // An array: table mode is offered.
  await traceWith(page, 'sload-sstore');
  await tab(page, 'json').click();
  await expect(json.getByRole('button', { name: 'table' })).toBeVisible();
  await json.getByRole('button', { name: 'table' }).click();
  await expect(json).not.toContainText('cannot be opened in table mode');
  await shot(page, 'json-table-dark');
});

test('result data is shown as text in every view: markup in a result runs nothing', async ({ page }) => {
  await openWide(page);
  const markup = '<img src=x onerror="window.__xss=1">';
  const frame = `{ type: 'CALL', from: '${markup}', to: '0x01', gas: '0x10', gasUsed: '0x8', input: '0x', error: '${markup}', revertReason: '<script>window.__xss=2</script>' }`;
  const sources: [string, string][] = [
    ['call-tree', `${frame.slice(0, -2)}, calls: [${frame}] }`],
    ['table', `[{ op: '${markup}', pc: 1 }, { op: '<b>bold</b>', pc: 2 }]`],
    ['bars', `{ '${markup}': 3, '<i>x</i>': 1 }`],
  ];
  for (const [view, value] of sources) {
    await setSource(page, `{\n  result: function () { return ${value}; },\n  fault: function () {}\n}\n`);
    await sendAgain(page, { method: 'debug_traceCall' });
    await expect(tab(page, view)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId(`result-view-${view}`)).toContainText(
      view === 'bars' ? '<i>x</i>' : markup,
    );
    await page.waitForTimeout(300);
    expect(await page.locator('.rv-pane').locator('img, script, b, i').count()).toBe(0);
  }
  expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
});

onSharedPage('a result no view reads stays raw JSON', async ({ shared: page }) => {
  await traceWith(page, 'call');
  await expect(page.getByTestId('result-views')).toBeHidden();
  await expect(page.getByTestId('result-json')).toBeVisible();
});

test.describe('on a 50 MB block trace', () => {
  let server: Server;
  let url = '';
  let bytes = 0;
  test.beforeAll(async () => {
    const body = buildCallBlock();
    bytes = body.length;
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'content-type, authorization',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
    };
    server = createServer((req, res) => {
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

  /** Records the page's long tasks (main-thread blocks over 50 ms) from now on; returns a reader of the longest. */
  async function watchLongTasks(page: Page): Promise<() => Promise<number>> {
    await page.evaluate(() => {
      const w = window as any;
      w.__longest = 0;
      w.__longTasks?.disconnect();
      w.__phase = 'start';
      w.__tasks = [];
      w.__longTasks = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          w.__longest = Math.max(w.__longest, e.duration);
          w.__tasks.push(`${w.__phase}:${Math.round(e.duration)}`);
        }
      });
      w.__longTasks.observe({ type: 'longtask' });
    });
    return () => page.evaluate(() => (window as any).__longest as number);
  }

  /** The longest main-thread task allowed while the views are shown (see the assertion). */
  const mainThreadBound = 500;

  test('the call tree and flame chart of each transaction, prepared in the worker, the page never blocked', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    expect(bytes).toBeGreaterThan(45e6);
    await openWide(page);
    await addEndpoint(page, 'Big block', url);
    await page.getByRole('tab', { name: 'Request', exact: true }).click();
    await page.getByTestId('method-select').selectOption('debug_traceBlockByNumber');
    await page.locator('[data-field=block]').fill('0x10');
    await page.getByTestId('send').click();
    await expect(page.getByTestId('result-meta')).toContainText('MB', { timeout: 90_000 });

    // From here on the views are prepared and drawn: no main-thread block over 200 ms.
    const longest = await watchLongTasks(page);
    const select = page.getByTestId('result-tx-select');
    await expect(select.locator('option')).toHaveCount(60, { timeout: 30_000 });
    await expect(select.locator('option').nth(17)).toContainText('failed: execution timeout');
    await expect(tab(page, 'call-tree')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('call-tree-summary')).toContainText('2,041 call frames, 3 levels deep');
    // Opened level by level while it fits: the top call and its 40 calls, not all 2,041 rows; and only the rows in
    // sight are in the DOM.
    await expect(page.getByTestId('call-tree-shown')).toHaveText('41 of 2,041 frames shown');
    expect(await page.getByTestId('call-frame').count()).toBeLessThanOrEqual(41);
    await expect(page.getByTestId('frame-method').first()).toHaveText('transfer(address,uint256)');
    await expect(page.getByTestId('frame-error').first()).toHaveText('execution reverted: no 0');
    await shot(page, 'large-call-tree');

    await page.evaluate(() => ((window as any).__phase = 'flame'));
    await tab(page, 'flame').click();
    await expect(page.getByTestId('flame-summary')).toContainText('2,041 frames, 3 deep');
    await expect(page.getByTestId('flame-chart').locator('canvas')).toHaveCount(1);
    // A fixed wait, not waitCanvasDrawn: reading back a canvas this large is itself a long task on the main thread.
    await page.waitForTimeout(500);
    await shot(page, 'large-flame-chart');

    // Another transaction: its own views, the tab kept.
    await page.evaluate(() => ((window as any).__phase = 'tx59'));
    await select.selectOption({ index: 59 });
    await expect(tab(page, 'flame')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('flame-summary')).toContainText('2,041 frames');
    await page.evaluate(() => ((window as any).__phase = 'tree59'));
    await tab(page, 'call-tree').click();
    await expect(page.getByTestId('call-tree-shown')).toHaveText('41 of 2,041 frames shown');
    const viewsLongest = await longest();
    console.log(`longest main-thread task while showing the views: ${Math.round(viewsLongest)} ms`);
    const tasks = await page.evaluate(() => (window as any).__tasks.join(' '));
    // The figure itself is measured by `npm run bench` (92 ms on a quiet machine). This guards against the views'
    // work coming back to the main thread (parsing or laying out this block there takes seconds), with room for a
    // machine whose other processes delay a 2,041-frame canvas draw (257 ms seen on a busy one).
    expect(viewsLongest, `long tasks by phase: ${tasks}`).toBeLessThan(mainThreadBound);
    await page.getByTestId('call-tree-expand').click();
    await expect(page.getByTestId('call-tree-shown')).toHaveText('2,041 of 2,041 frames shown');
    expect(await page.getByTestId('call-frame').count()).toBeLessThan(80);
    await page.getByTestId('call-tree').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(page.getByTestId('call-frame').last()).toContainText('gas');
    await shot(page, 'large-call-tree-expanded');
    expect(await longest()).toBeLessThan(mainThreadBound);

    // The failed transaction says so.
    await select.selectOption({ index: 17 });
    await expect(page.getByTestId('result-view-notes')).toContainText(
      'failed in the tracer: execution timeout',
    );
  });
});
