import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { addEndpoint, openPlayground, setSource } from './helpers/playground.ts';

// Issue 26 on the page: the Inspector, `this` over time, the Console, breakpoints and the cost before sending, checked
// against the embedded node's own struct logger and a tracer that records what it saw.

interface StructLog {
  op: string;
  pc: number;
  depth: number;
  gas: number;
  gasCost: number;
  stack: string[];
}

const shots = process.env.DEBUG_SHOTS_DIR;

async function demoTx(page: Page): Promise<string> {
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash ?? ''))
    .toMatch(/^0x(?!(ab)+$)[0-9a-f]{64}$/);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  return page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash);
}

/** Asks the embedded node itself (no page code in between) for a trace of `hash`. */
function nodeTrace(page: Page, hash: string, options: object): Promise<any> {
  return page.evaluate(
    async ([h, o]) => {
      const r = await (window as any).__playground.node.request({
        jsonrpc: '2.0',
        id: 1,
        method: 'debug_traceTransaction',
        params: [h, o],
      });
      if (r.error) throw new Error(r.error.message);
      return r.result;
    },
    [hash, options] as const,
  );
}

/** Opens the Debug panel (the ninth tab: Alt+9, whether or not the strip has room for it) at one of its views. */
async function openDebug(page: Page, view: 'console' | 'inspector'): Promise<void> {
  await page.keyboard.press('Alt+Digit9');
  await expect(page.getByTestId('panel-debug')).toBeVisible();
  await page.getByTestId(`debug-tab-${view}`).click();
}

async function debugRun(page: Page): Promise<void> {
  await openDebug(page, 'inspector');
  await page.getByTestId('inspector-run').click();
  await expect(page.getByTestId('inspector-status')).toContainText('Recorded', { timeout: 60_000 });
}

/**
 * Every row of the virtualized step list, read by scrolling it from top to bottom (after each scroll, once the rows
 * fetched from the recording worker are drawn: no row still pending and the list not busy).
 */
function readStepRows(page: Page): Promise<Record<number, string[]>> {
  return page.getByTestId('step-list').evaluate(async (el) => {
    const rows: Record<number, string[]> = {};
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const pending = () =>
      el.getAttribute('aria-busy') !== 'false' ||
      !!el.querySelector('.vlist-row:not([hidden])[data-pending]');
    for (let top = 0; ; top += el.clientHeight / 2) {
      el.scrollTop = top;
      await frame();
      for (let i = 0; i < 300 && pending(); i++) await frame();
      for (const row of el.querySelectorAll<HTMLElement>('.vlist-row:not([hidden])[data-step]'))
        rows[Number(row.dataset.step)] = [...row.children].map((c) => c.textContent ?? '');
      if (top >= el.scrollHeight) break;
    }
    return rows;
  });
}

const big = (hex: string) => BigInt(hex.startsWith('0x') ? hex : '0x' + hex);

test('the inspector shows the struct logger’s steps for the demo transaction', async ({ page }) => {
  await openPlayground(page);
  const hash = await demoTx(page);
  const logs: StructLog[] = (await nodeTrace(page, hash, {})).structLogs;
  await setSource(
    page,
    '{ step: function (log) {}, fault: function () {}, result: function () { return 1; } }',
  );
  await debugRun(page);
  const rows = await readStepRows(page);
  expect(Object.keys(rows).length).toBe(logs.length);
  for (const [i, log] of logs.entries()) {
    const [step, op, pc, depth, gas, cost, , top] = rows[i];
    expect([Number(step), op, Number(pc), Number(depth), Number(gas), Number(cost)], `step ${i}`).toEqual([
      i,
      log.op,
      log.pc,
      log.depth,
      log.gas,
      log.gasCost,
    ]);
    expect(top === '' ? null : big(top), `stack top at ${i}`).toBe(
      log.stack.length ? big(log.stack.at(-1)!) : null,
    );
  }
  // The detail pane holds the stack (top first) of a selected step: a CALL's seven arguments.
  const call = logs.findIndex((l) => l.op === 'CALL');
  await page.getByTestId('filter-op').fill('CALL');
  await page.locator(`[data-testid=step-list] [data-step="${call}"]`).click();
  // The detail comes from the recording worker: wait for the CALL's own.
  await expect(page.getByTestId('step-detail')).toHaveAttribute('data-step', String(call));
  const stack = (await page.getByTestId('step-stack').locator('pre').textContent())!.split('\n');
  const expected = [...logs[call].stack].reverse().slice(0, stack.length);
  expect(stack.map((l) => big(l.replace(/^\d+: /, '')))).toEqual(expected.map(big));
});

test('a call frame chosen in a result view selects the step where that frame starts', async ({ page }) => {
  await openPlayground(page);
  const hash = await demoTx(page);
  const logs: StructLog[] = (await nodeTrace(page, hash, {})).structLogs;
  // The first step of the transaction's first child frame: the one after the first call that went a level deeper.
  const first = logs.findIndex((l, i) => i > 0 && l.depth > logs[i - 1].depth);
  expect(first).toBeGreaterThan(0);
  await setSource(
    page,
    '{ step: function (log) {}, enter: function () {}, exit: function () {}, fault: function () {}, result: function () { return 1; } }',
  );
  await debugRun(page);
  await page.evaluate(() =>
    document.dispatchEvent(new CustomEvent('frame-select', { detail: { path: [0] } })),
  );
  await expect(page.getByTestId('step-head')).toContainText(
    `step ${first}: ${logs[first].op} at pc ${logs[first].pc}, depth 2`,
  );
  await expect(
    page.locator(`[data-testid=step-list] .vlist-row.selected[data-step="${first}"]`),
  ).toBeVisible();
});

const counting = `{
  n: 0, ops: {}, pcs: [],
  step: function (log) {
    this.n++;
    var op = log.op.toString();
    this.ops[op] = (this.ops[op] || 0) + 1;
    if (op == 'SSTORE') this.pcs.push(log.getPC());
  },
  fault: function () {},
  result: function () { return this.n; }
}`;

// The same tracer, keeping a copy of its state once it has seen step N (N counted from 0, as structLogs).
const recording = (n: number) => `{
  n: 0, ops: {}, pcs: [], copy: null,
  step: function (log) {
    this.n++;
    var op = log.op.toString();
    this.ops[op] = (this.ops[op] || 0) + 1;
    if (op == 'SSTORE') this.pcs.push(log.getPC());
    if (this.n == ${n + 1}) this.copy = JSON.stringify({ n: this.n, ops: this.ops, pcs: this.pcs });
  },
  fault: function () {},
  result: function () { return JSON.parse(this.copy); }
}`;

test('`this` after a step is what a tracer that records its state there returns', async ({ page }) => {
  await openPlayground(page);
  const hash = await demoTx(page);
  const logs: StructLog[] = (await nodeTrace(page, hash, {})).structLogs;
  await setSource(page, counting);
  await debugRun(page);
  for (const n of [0, 40, logs.findIndex((l) => l.op === 'SSTORE'), logs.length - 1]) {
    const expected = await nodeTrace(page, hash, { tracer: recording(n) });
    await page.getByTestId('filter-pc').fill(String(logs[n].pc));
    await page.locator(`[data-testid=step-list] [data-step="${n}"]`).click();
    await expect(page.getByTestId('step-detail')).toHaveAttribute('data-step', String(n));
    // `this` is rebuilt in slices after the detail is drawn.
    const json = page.locator(`[data-testid=step-detail][data-step="${n}"] [data-testid=step-this-json]`);
    await expect(json).toBeVisible();
    const shown = JSON.parse((await json.textContent())!);
    expect(shown, `this after step ${n}`).toEqual(expected);
  }
  if (shots) {
    await page.getByTestId('filter-pc').fill('');
    await page.getByTestId('step-changes').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/debug-inspector.png` });
  }
});

/** A loopback JSON-RPC server that keeps every body it gets (it answers each with a null result). */
async function startRecorder(): Promise<{ server: Server; url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      bodies.push(body);
      res.setHeader('content-type', 'application/json');
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', '*');
      if (req.method === 'OPTIONS') return void res.end();
      const id = (() => {
        try {
          return JSON.parse(body).id ?? 1;
        } catch {
          return 1;
        }
      })();
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: null }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, bodies, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const printing = `{
  n: 0,
  step: function (log) {
    this.n++;
    if (log.op.toString() == 'SSTORE') console.log('sstore at', log.getPC());
  },
  fault: function () {},
  result: function () { console.error('steps', this.n); return this.n; }
}`;

test('console lines carry their step numbers, and a console call never reaches another node', async ({
  page,
}) => {
  await openPlayground(page);
  const hash = await demoTx(page);
  const logs: StructLog[] = (await nodeTrace(page, hash, {})).structLogs;
  await setSource(page, printing);
  // On the embedded node the console rule warns (geth has none) and Run runs the tracer as it is.
  await expect(page.getByTestId('run-why')).toHaveText('');
  // The status bar agrees with Run: ready for this endpoint.
  await expect(page.getByTestId('status-text')).toContainText(' · ready to send');
  await page.getByTestId('run').click();
  // The Result panel comes forward with the answer: open the Console once it is there.
  await expect(page.getByTestId('result-json')).toBeVisible({ timeout: 30_000 });
  await openDebug(page, 'console');
  const lines = page.locator('[data-testid=console-lines] .vlist-row:not([hidden])');
  const sstores = logs.flatMap((l, i) => (l.op === 'SSTORE' ? [i] : []));
  await expect(lines).toHaveCount(sstores.length + 1, { timeout: 30_000 });
  for (const [k, step] of sstores.entries()) {
    await expect(lines.nth(k)).toHaveAttribute('data-step', String(step));
    await expect(lines.nth(k).locator('.console-text')).toHaveText(`sstore at ${logs[step].pc}`);
    await expect(lines.nth(k).locator('.console-place')).toHaveText(`step ${step}`);
  }
  await expect(lines.nth(sstores.length).locator('.console-text')).toHaveText(`steps ${logs.length}`);
  await expect(lines.nth(sstores.length).locator('.console-level')).toHaveText('error');
  await page.getByTestId('console-level').selectOption('error');
  await expect(lines).toHaveCount(1);
  await page.getByTestId('console-level').selectOption('all');
  if (shots) await page.screenshot({ path: `${shots}/debug-console.png` });

  const recorder = await startRecorder();
  try {
    await addEndpoint(page, 'Recorder', recorder.url);
    await expect(page.getByTestId('run-why')).toHaveText('Not ready: the tracer has errors');
    await expect(page.getByTestId('status-text')).toContainText('not ready to send');
    await page.getByTestId('run').click();
    await page.waitForTimeout(500);
    expect(recorder.bodies.filter((b) => b.includes('console'))).toEqual([]);
    expect(recorder.bodies.filter((b) => b.includes('debug_traceTransaction'))).toEqual([]);
  } finally {
    recorder.server.close();
  }
});

test('a breakpoint on a pc stops there, and going on gives the same result', async ({ page }) => {
  await openPlayground(page);
  const hash = await demoTx(page);
  const logs: StructLog[] = (await nodeTrace(page, hash, {})).structLogs;
  await setSource(
    page,
    counting.replace('return this.n;', 'return { n: this.n, ops: this.ops, pcs: this.pcs };'),
  );
  await debugRun(page);
  const plain = await page.getByTestId('debug-result').textContent();
  expect(JSON.parse(plain!).result.n).toBe(logs.length);
  const sstore = logs.find((l) => l.op === 'SSTORE')!;
  const hits = logs.flatMap((l, i) => (l.pc === sstore.pc ? [i] : []));
  await page.getByTestId('bp-pc').fill(String(sstore.pc));
  await page.getByTestId('bp-add').click();
  await expect(page.getByTestId('bp-list')).toContainText(`bp1: pc ${sstore.pc}`);
  await debugRun(page);
  const status = page.getByTestId('inspector-status');
  await expect(status).toContainText(`Stopped at step ${hits[0]} (breakpoint bp1)`);
  await expect(page.getByTestId('step-head')).toContainText(
    `step ${hits[0]}: ${logs[hits[0]].op} at pc ${sstore.pc}`,
  );
  if (shots) await page.screenshot({ path: `${shots}/debug-breakpoint.png` });
  for (const step of hits.slice(1)) {
    await page.getByTestId('bp-continue').click();
    await expect(status).toContainText(`Stopped at step ${step} (breakpoint bp1)`);
  }
  await page.getByTestId('bp-continue').click();
  await expect(status).toContainText('Ran to the end');
  expect(await page.getByTestId('debug-result').textContent()).toBe(plain);
});

// A step hook that spins: far past geth's default 5 s on this transaction (the run here is stopped by it too).
const slow = `{
  x: 0,
  step: function (log) { for (var i = 0; i < 200000; i++) this.x = (this.x + i) % 7; },
  fault: function () {},
  result: function () { return this.x; }
}`;

test('a tracer that would pass geth’s 5 s timeout is flagged before it is sent', async ({ page }) => {
  test.setTimeout(120_000);
  await openPlayground(page);
  await demoTx(page);
  await setSource(page, slow);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('result-heading')).toBeVisible({ timeout: 60_000 });
  await openDebug(page, 'console');
  await expect(page.getByTestId('debug-cost-warning')).toContainText('step costs most', { timeout: 60_000 });
  const recorder = await startRecorder();
  try {
    await addEndpoint(page, 'Recorder', recorder.url);
    const warning = page.getByTestId('cost-warning');
    await expect(warning).toBeVisible();
    await expect(warning).toHaveAttribute(
      'title',
      /^Likely to time out: .*5s \(geth's default\).* step costs most/,
    );
    await expect(warning).toHaveAttribute(
      'title',
      /Measured on the embedded node \(debug_traceTransaction 0x/,
    );
    await page.getByTestId('run').click();
    await expect(page.getByTestId('dialog')).toContainText('step costs most');
    await page.getByTestId('dialog-cancel').click();
    // The shortcut asks the same question (Ctrl/Cmd+Enter on the page and in the editor).
    await page.locator('.monaco-editor textarea').first().focus();
    await page.keyboard.press('Control+Enter');
    await expect(page.getByTestId('dialog')).toContainText('step costs most');
    await page.getByTestId('dialog-cancel').click();
    await page.waitForTimeout(300);
    expect(recorder.bodies.filter((b) => b.includes('debug_traceTransaction'))).toEqual([]);
  } finally {
    recorder.server.close();
  }
});
