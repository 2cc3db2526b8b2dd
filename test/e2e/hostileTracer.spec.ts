// Hostile tracers from share links, sent to the built app's embedded node: allocation bombs and a patched clock around
// an endless loop. The tracer realm (QuickJS in WebAssembly, a fresh one per trace) must turn each into an error shown
// in the result panel and marked in the editor, while the tab, the editor and the node stay alive, and the next
// trace, in a fresh realm, gives the normal result.
import { expect, test, type Page, type Worker } from '@playwright/test';
import { createRequestDraft, type RequestDraft } from '../../src/state/appState.ts';
import { encodeShareHash } from '../../src/state/shareLink.ts';
import { editorText, markers, openPlayground, setSource } from './helpers/playground.ts';

// The request form's fields for debug_traceCall on the demo chain (what the app fills in on a fresh start).
let demoCallFields: Record<string, string> = {};

/** The embedded node's workers (blob workers of the sandbox iframe's opaque origin), with whether each closed. */
function watchNodeWorkers(page: Page): { worker: Worker; closed: boolean }[] {
  const seen: { worker: Worker; closed: boolean }[] = [];
  page.on('worker', (w) => {
    if (!w.url().startsWith('blob:null/')) return;
    const entry = { worker: w, closed: false };
    seen.push(entry);
    w.on('close', () => (entry.closed = true));
  });
  return seen;
}

/** Waits until the form holds the demo chain's values (the app replaces the examples once the node answers). */
async function waitForDemoFields(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash ?? ''), {
      timeout: 30_000,
    })
    .toMatch(/^0x(?!(ab)+$)[0-9a-f]{64}$/); // the demo chain's hash, not the form's example value
}

async function readDemoFields(page: Page): Promise<Record<string, string>> {
  await openPlayground(page);
  await waitForDemoFields(page);
  const fields = await page.evaluate(() => (window as any).__playground.store.get().request.fields);
  return { call: fields.call, block: 'latest' };
}

/** Opens the app on a share link carrying `source` and a debug_traceCall with `timeout`; nothing is sent yet. */
async function openShareLink(page: Page, name: string, source: string, timeout: string): Promise<void> {
  const request: RequestDraft = { ...createRequestDraft('debug_traceCall'), fields: demoCallFields, timeout };
  const hash = encodeShareHash({ tracer: { name, source }, request });
  await page.goto('about:blank');
  await openPlayground(page, `/${hash}`);
  expect(await editorText(page)).toBe(source);
  await expect(page.getByTestId('notice')).toContainText('Nothing was sent');
}

async function send(page: Page): Promise<void> {
  const before = await page.evaluate(() => (window as any).__playground.store.get().history.length);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('send').click();
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().history.length), {
      timeout: 60_000,
    })
    .toBe(before + 1);
}

/** The node error marker in the editor (line, message), once the app has mapped it. */
async function nodeMarker(page: Page): Promise<{ line: number; message: string } | undefined> {
  const m = (await markers(page)).find((x) => x.message.startsWith('Node:'));
  return m && { line: m.startLineNumber, message: m.message };
}

/** The tab still answers, the editor still takes typing, and a normal trace shows its result (42). */
async function expectAliveAndNextTraceWorks(page: Page): Promise<void> {
  expect(await page.evaluate(() => 6 * 7)).toBe(42);
  await page.evaluate(() => {
    const e = (window as any).__playground.editor;
    const model = e.getModel();
    const last = model.getLineCount();
    e.setPosition({ lineNumber: last, column: model.getLineMaxColumn(last) });
    e.focus();
  });
  await page.keyboard.type('// still editable');
  await expect.poll(() => editorText(page)).toMatch(/\/\/ still editable$/);

  await setSource(page, '{\n  result: function () {\n    return 42;\n  },\n  fault: function () {}\n}\n');
  await send(page);
  const result = await page.evaluate(() => {
    const r = (window as any).__playground.store.get().result;
    return { kind: r.kind, value: r.value };
  });
  expect(result).toEqual({ kind: 'ok', value: 42 });
  await expect(page.getByTestId('result-error')).toBeEmpty();
  await expect(page.getByTestId('result-json')).toContainText('42');
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  demoCallFields = await readDemoFields(page);
  await page.close();
});

test('an allocation bomb in step (a 300 MB string split into an array) gives the memory error, marked at its step function; the tab and the node live on', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const workers = watchNodeWorkers(page);
  const bomb =
    "{\n  step: function (log) {\n    this.chars = 'x'.repeat(3e8).split('');\n  },\n  result: function () {\n    var a = [];\n    for (;;) a.push(new Array(1e6));\n  },\n  fault: function () {}\n}\n";
  await openShareLink(page, 'bomb', bomb, '');
  await send(page);
  await expect(page.getByTestId('result-error')).toContainText('tracer exceeded its memory limit');
  await expect(page.getByTestId('result-error')).toContainText("in server-side tracer function 'step'");
  // The memory limit names no position (where the cap is hit is not where the memory went): the function it names.
  expect(await page.getByTestId('result-error').textContent()).not.toMatch(/<eval>:/);
  await expect
    .poll(() => nodeMarker(page), { timeout: 20_000 })
    .toEqual({ line: 2, message: expect.stringContaining('memory limit') });
  await expectAliveAndNextTraceWorks(page);
  // The same node answered: it was contained, not restarted.
  expect(workers.map((w) => w.closed)).toEqual([false]);
});

test('a push loop in result (arrays until the heap is full) gives the memory error; the tab and the node live on', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const workers = watchNodeWorkers(page);
  // A long timeout, so the memory cap, not the deadline, is what stops it.
  const pusher =
    '{\n  result: function () {\n    var a = [];\n    for (;;) a.push(new Array(1e6));\n  },\n  fault: function () {}\n}\n';
  await openShareLink(page, 'pusher', pusher, '60s');
  await send(page);
  await expect(page.getByTestId('result-error')).toContainText('tracer exceeded its memory limit');
  await expect(page.getByTestId('result-error')).toContainText("in server-side tracer function 'result'");
  // However the cap was hit (QuickJS's own cap or the realm's heap watch), the text names no position: the marker is
  // at the function it names.
  expect(await page.getByTestId('result-error').textContent()).not.toMatch(/<eval>:/);
  await expect
    .poll(() => nodeMarker(page), { timeout: 20_000 })
    .toEqual({ line: 2, message: expect.stringContaining('memory limit') });
  await expectAliveAndNextTraceWorks(page);
  expect(workers.map((w) => w.closed)).toEqual([false]);
});

test('a tracer that patches Date.now and loops forever is stopped at its 1s timeout; the next trace works', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const workers = watchNodeWorkers(page);
  const clock =
    '{\n  step: function (log) {\n    Date.now = function () { return 0; };\n    while (true) {}\n  },\n  result: function () {\n    return 1;\n  },\n  fault: function () {}\n}\n';
  await openShareLink(page, 'clock', clock, '1s');
  const started = Date.now();
  await send(page);
  const elapsed = Date.now() - started;
  await expect(page.getByTestId('result-error')).toContainText('execution timeout');
  await expect(page.getByTestId('result-error')).toContainText("in server-side tracer function 'step'");
  // The node's own deadline stopped it, not the page's watchdog (timeout + 10 s, which restarts the node).
  expect(elapsed).toBeLessThan(8_000);
  await expect
    .poll(() => nodeMarker(page), { timeout: 20_000 })
    .toEqual({ line: 4, message: expect.stringContaining('execution timeout') });
  await expectAliveAndNextTraceWorks(page);
  expect(workers.map((w) => w.closed)).toEqual([false]);
});

test('runaway recursion in result gives the RangeError naming result, marked there; the tab and the node live on', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const workers = watchNodeWorkers(page);
  const recursion =
    '{\n  result: function () {\n    function f(n) { return f(n + 1) + 1; }\n    return f(0);\n  },\n  fault: function () {}\n}\n';
  await openShareLink(page, 'recursion', recursion, '');
  await send(page);
  await expect(page.getByTestId('result-error')).toContainText(
    'RangeError: Maximum call stack size exceeded',
  );
  await expect(page.getByTestId('result-error')).toContainText("in server-side tracer function 'result'");
  await expect
    .poll(() => nodeMarker(page), { timeout: 20_000 })
    .toEqual({ line: 2, message: expect.stringContaining('Maximum call stack size exceeded') });
  await expectAliveAndNextTraceWorks(page);
  expect(workers.map((w) => w.closed)).toEqual([false]);
});

test('poisoned built-ins do not survive into the next trace', async ({ page }) => {
  await openPlayground(page);
  await waitForDemoFields(page);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceCall');
  // What a normal tracer gives: it uses everything the poisoner replaces.
  const normal =
    '{\n  result: function (ctx) {\n    var list = [];\n    list.push(ctx.type);\n    list.push(JSON.stringify({ a: 1 }));\n    return { list: list, n: list.length };\n  },\n  fault: function () {}\n}\n';
  const expected = { list: ['CALL', '{"a":1}'], n: 2 };
  const resultOf = () =>
    page.evaluate(() => {
      const r = (window as any).__playground.store.get().result;
      return { kind: r.kind, value: r.value };
    });
  await setSource(page, normal);
  await send(page);
  expect(await resultOf()).toEqual({ kind: 'ok', value: expected });

  const poisoner =
    "{\n  setup: function () {\n    JSON.stringify = function () { return 'poisoned'; };\n    JSON.parse = function () { return 'poisoned'; };\n    Array.prototype.push = function () { return -1; };\n    Object.prototype.toJSON = function () { return 'poisoned'; };\n  },\n  result: function () {\n    return { mine: [1, 2] };\n  },\n  fault: function () {}\n}\n";
  await setSource(page, poisoner);
  await send(page);
  // Poisoned in its own realm, as in geth: the result is encoded like JSON.stringify would there (toJSON applies).
  expect(await resultOf()).toEqual({ kind: 'ok', value: 'poisoned' });

  await setSource(page, normal);
  await send(page);
  expect(await resultOf()).toEqual({ kind: 'ok', value: expected });
});

// Issue 22 in the page: a log kept from step and read in result reads the last step (no host error to catch), and a
// position the tracer forges in a thrown object's stack is neither trusted nor looped on.
test('a log kept from step and read in result gives its last step, not a host error; a forged position is ignored', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const workers = watchNodeWorkers(page);
  const kept =
    '{\n  s: null,\n  step: function (log) { this.s = log; },\n  fault: function () {},\n  result: function () {\n' +
    "    try { return [this.s.op.toString(), this.s.stack.length()]; } catch (e) { return typeof e.constructor.constructor('return this')().document; }\n  }\n}\n";
  await openShareLink(page, 'kept log', kept, '');
  await send(page);
  const value = await page.evaluate(() => (window as any).__playground.store.get().result.value);
  expect(value).toEqual([expect.stringMatching(/^[A-Z0-9]+$/), expect.any(Number)]);

  const forged =
    "{\n  fault: function () {},\n  result: function () {\n    throw { stack: '    at result (<eval>:1:99999999999999)' };\n  }\n}\n";
  await openShareLink(page, 'forged position', forged, '');
  await send(page);
  await expect(page.getByTestId('result-error')).toContainText(
    "[object Object]    in server-side tracer function 'result'",
  );
  await expect(page.getByTestId('result-error')).not.toContainText('99999999999999');
  // No position: marked at the function it names (its key, line 3).
  await expect
    .poll(() => nodeMarker(page), { timeout: 20_000 })
    .toEqual({ line: 3, message: expect.stringContaining('[object Object]') });
  await expectAliveAndNextTraceWorks(page);
  // (Two page loads: the first page's worker ended with it; the second one's lives on.)
  expect(workers.map((w) => w.closed)).toEqual([true, false]);
});
