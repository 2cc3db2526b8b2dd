// The Debug panel's Inspector in Chromium: the page's longest main-thread task while it scrolls through a recording
// of 100,000 steps (the page's bound) of the ~1,000,000-step loop transaction, mined on the page's embedded node. The
// recording stays in the recording worker; the page fetches the rows in view. The load average is printed with the
// result: on a shared machine a task's wall time grows with the load (the thread waits for a core).
// Built with `vite build` and served by `vite preview` on loopback; medians of passes.
import { cpus, loadavg } from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import { longestTasks } from './longestTasks.ts';
import { loopCodeHex } from './loop.ts';
import { startPreview } from './startPreview.ts';

const passes = 3;

/** Deploys the loop on the page's embedded node and mines a call to it; resolves to the transaction's hash. */
function mineLoop(page: Page): Promise<string> {
  const len = ((loopCodeHex.length - 2) / 2).toString(16).padStart(2, '0');
  // CODECOPY the code that follows these 12 bytes, and RETURN it.
  const init = `0x60${len}600c60003960${len}6000f3${loopCodeHex.slice(2)}`;
  return page.evaluate(async (data) => {
    const node = (window as any).__playground.node;
    const call = async (method: string, params: unknown[]) => {
      const r = await node.request({ jsonrpc: '2.0', id: 1, method, params });
      if (r.error) throw new Error(`${method}: ${r.error.message}`);
      return r.result;
    };
    const [from] = await call('eth_accounts', []);
    const deploy = await call('eth_sendTransaction', [{ from, data, gas: '0x100000' }]);
    const { contractAddress } = await call('eth_getTransactionReceipt', [deploy]);
    return call('eth_sendTransaction', [{ from, to: contractAddress, gas: '0x7a1200' }]);
  }, init);
}

/** Runs the loop transaction with a recording in the Inspector; resolves once its rows are drawn. */
async function recordLoop(page: Page, hash: string): Promise<void> {
  await page.evaluate((txHash) => {
    const pg = (window as any).__playground;
    pg.editor.setValue(
      '{ n: 0, step: function (log) { this.n++; }, fault: function () {}, result: function () { return this.n; } }',
    );
    pg.store.update((s: any) => ({
      request: {
        ...s.request,
        method: 'debug_traceTransaction',
        rawMode: false,
        timeout: '120s',
        fields: { ...s.request.fields, txHash },
      },
    }));
  }, hash);
  await page.waitForFunction(() => (window as any).__playground.isChecked());
  await page.keyboard.press('Alt+Digit9');
  await page.getByTestId('debug-tab-inspector').click();
  await page.getByTestId('inspector-run').click();
  await page.getByTestId('inspector-bound').getByText('stops at 100,000 steps').waitFor({ timeout: 300_000 });
}

/** The page's longest task (ms) since `since` (performance.now() on the page), from the long task observer. */
async function longestSince(page: Page, since: number): Promise<number> {
  const tasks: { start: number; duration: number }[] = await page.evaluate(
    (t) => (window as any).__longTasks.filter((e: { start: number }) => e.start >= t),
    since,
  );
  return tasks.reduce((m, t) => Math.max(m, t.duration), 0);
}

/** Scrolls the step list from top to bottom in 400 jumps and back with the wheel; the longest task meanwhile (ms). */
async function scrollPass(page: Page): Promise<number> {
  const since = await page.evaluate(() => performance.now());
  await page.getByTestId('step-list').evaluate(async (el) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    for (let i = 0; i <= 400; i++) {
      el.scrollTop = (i / 400) * (el.scrollHeight - el.clientHeight);
      await frame();
    }
  });
  const box = (await page.getByTestId('step-list').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 60; i++) await page.mouse.wheel(0, -2000);
  // Selecting a late step rebuilds `this` from every hook call before it.
  await page.locator('[data-testid=step-list] .vlist-row:not([hidden])').first().click();
  await page.waitForTimeout(300);
  return longestSince(page, since);
}

/** One more pass under a Chromium trace: its longest task by wall time and by CPU time (tracing adds a little). */
async function tracedPass(browser: Browser, page: Page): Promise<ReturnType<typeof longestTasks>> {
  await browser.startTracing(page, { categories: ['toplevel'] });
  await scrollPass(page);
  return longestTasks((await browser.stopTracing()).toString('utf8'));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The bench part: the longest main-thread task while the Inspector scrolls a 100,000-step recording. */
export async function runDebugInspectorBench(): Promise<string[]> {
  const preview = await startPreview();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // tsx names the functions it compiles with a __name helper: functions sent to the page find it there.
    await page.addInitScript('window.__name = (f) => f;');
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(preview.url);
    await page.waitForFunction(() => (window as any).__playground?.isChecked());
    const hash = await mineLoop(page);
    const t0 = Date.now();
    const recordSince = await page.evaluate(() => performance.now());
    await recordLoop(page, hash);
    const recordMs = Date.now() - t0;
    const recordLongest = await longestSince(page, recordSince);
    const longest: number[] = [];
    const loads = [loadavg()[0]];
    for (let i = 0; i < passes; i++) {
      longest.push(await scrollPass(page));
      loads.push(loadavg()[0]);
    }
    const traced = await tracedPass(browser, page);
    const m = median(longest);
    return [
      `loop transaction recorded to the 100,000-step bound in ${(recordMs / 1000).toFixed(1)} s (the run, the recording's transfer to the recording worker, the first rows); longest main-thread task meanwhile ${recordLongest === 0 ? 'none over 50 ms' : `${recordLongest.toFixed(0)} ms`}`,
      `scrolling the Inspector through it (400 jumps top to bottom, 60 wheel steps back, a click on a row): longest main-thread task ${m === 0 ? 'none over 50 ms' : `${m.toFixed(0)} ms`} (median of ${passes} passes: ${longest.map((x) => x.toFixed(0)).join(', ')}; target < 100 ms: ${m < 100 ? 'met' : 'NOT met'})`,
      `a traced pass: longest task ${traced.byWall.wall.toFixed(0)} ms of wall time (${traced.byWall.cpu.toFixed(0)} ms of CPU time); the most CPU time in one task ${traced.byCpu.cpu.toFixed(0)} ms (${traced.byCpu.wall.toFixed(0)} ms of wall time)`,
      `load average meanwhile (1 min, ${cpus().length} cores): ${loads.map((l) => l.toFixed(1)).join(', ')}`,
    ];
  } finally {
    await browser.close();
    preview.stop();
  }
}
