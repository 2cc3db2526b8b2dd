import { expect, test, type Page } from '@playwright/test';
import { startFaultServer, type FaultName, type FaultServer } from '../helpers/faultServer.ts';
import { startCorsProxy, type CorsProxy } from '../helpers/corsProxy.ts';
import { freePort } from '../helpers/freePort.ts';
import { addEndpoint, editorText, newHistoryEntry, openPlayground, setSource } from './helpers/playground.ts';

// Each fault of the fault server, reached from the page through a proxy that only adds CORS headers (the fault
// server sends none). `phrase` is the fault's key phrase as docs/reliability.md lists it for the page.
let faults: FaultServer;
let proxy: CorsProxy;
// One page for the table, opened once (opening the playground and its embedded node is most of a row's cost). Each
// row adds its own endpoint, sets the tracer and the form, and waits for its own answer (a new History entry), so
// what an earlier row showed cannot pass for it. After a failure the runner starts a new worker: a new page.
let page: Page;
test.beforeAll(async ({ browser }) => {
  faults = await startFaultServer();
  proxy = await startCorsProxy(faults.url);
  page = await browser.newPage();
  await openPlayground(page);
});
test.afterAll(async () => {
  await page?.close();
  await proxy?.stop();
  await faults?.stop();
});

interface Row {
  name: string;
  /** The fault server path, or null for a closed port. */
  fault: FaultName | null;
  phrase: string | RegExp;
  /** Where the message shows: the error box, or (for an answer that is not an error) the meta line. */
  where?: 'result-error' | 'result-meta';
  /** Cancel the request after this many ms. */
  cancelAfterMs?: number;
  /** The tracer timeout typed in the form (the page waits for it plus a 10 s margin). */
  timeout?: string;
}

const rows: Row[] = [
  { name: 'connection refused', fault: null, phrase: 'No response: the node is unreachable' },
  {
    name: 'hang past the time limit',
    fault: 'hang',
    timeout: '1s',
    phrase:
      /No complete answer from 127\.0\.0\.1:\d+ within 11 s \(the tracer timeout plus a margin\); the request was abandoned/,
  },
  { name: 'hang, cancelled', fault: 'hang', phrase: 'Cancelled', cancelAfterMs: 1500 },
  { name: 'HTML 502 page', fault: 'html-502', phrase: /HTTP 502.*HTML page \("502 Bad Gateway"\)/ },
  { name: 'non-JSON', fault: 'non-json', phrase: 'The response is not valid JSON' },
  { name: 'truncated JSON', fault: 'truncated', phrase: /ends early after \d+ characters \(truncated\)/ },
  { name: 'wrong id', fault: 'wrong-id', phrase: /The response id \d+ does not match the request id \d+/ },
  { name: '401', fault: '401', phrase: 'HTTP 401: the node wants credentials' },
  { name: '403', fault: '403', phrase: 'HTTP 403: access forbidden' },
  {
    name: '429 with Retry-After',
    fault: '429',
    phrase: 'HTTP 429: rate limit reached; the server asks to wait 7 s',
  },
  { name: '500', fault: '500', phrase: 'HTTP 500: the server failed' },
  { name: 'Erigon result:nullnull', fault: 'erigon-nullnull', phrase: 'recovered from a malformed body' },
  { name: 'both result and error', fault: 'both', phrase: 'the node sent both a result and an error' },
  { name: 'batch for one request', fault: 'batch', phrase: 'The node answered with a batch (an array of 1)' },
  {
    name: 'JSON-RPC error with data',
    fault: 'error-data',
    phrase: 'data: Microsoft.ClearScript.ScriptEngineException',
  },
  { name: '100 MB body', fault: 'huge', phrase: /100(\.0)? MB/, where: 'result-meta' },
];

const tracer =
  '{\n  step: function (log, db) {\n    this.n = (this.n || 0) + 1;\n  },\n  result: function (ctx, db) {\n    return this.n;\n  },\n  fault: function (log, db) {}\n}\n';
const txHash = '0x' + 'ab'.repeat(32);

/** Resolves when the main thread runs a zero-delay timer: the page is not frozen. */
function tick(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((r) => setTimeout(() => r(performance.now()), 0)));
}

/** Types a unique line at the end of the tracer the way a user does; returns the editor text afterwards. */
async function typeTracer(page: Page, marker: string): Promise<string> {
  await setSource(page, tracer);
  await page.evaluate(() => {
    const ed = (window as any).__playground.editor;
    const last = ed.getModel().getLineCount();
    ed.setPosition({ lineNumber: last, column: 1 });
    ed.focus();
  });
  await page.keyboard.type(`// ${marker}`);
  const text = await editorText(page);
  expect(text).toContain(`// ${marker}`);
  return text;
}

const shown = new Map<string, string>();

for (const row of rows) {
  test(`fault: ${row.name}`, async () => {
    const url = row.fault ? `${proxy.url}/${row.fault}` : `http://127.0.0.1:${await freePort()}`;
    const before = await typeTracer(page, `tracer for ${row.name} ${Date.now()}`);
    await addEndpoint(page, `Fault ${row.name}`, url);
    await page.getByRole('tab', { name: 'Request' }).click();
    await page.getByTestId('method-select').selectOption('debug_traceTransaction');
    await page.locator('[data-field=txHash]').fill(txHash);
    await page.locator('[data-field=timeout]').fill(row.timeout ?? '');
    await expect(page.getByTestId('send')).toBeEnabled();
    const answered = await newHistoryEntry(page);
    await page.getByTestId('send').click();
    if (row.cancelAfterMs) {
      await expect(page.getByTestId('status-progress')).toContainText(`Sending to Fault ${row.name}…`);
      await page.waitForTimeout(row.cancelAfterMs);
      await tick(page);
      await page.getByTestId('status-cancel').click();
    }
    await answered(45_000);
    const box = page.getByTestId(row.where ?? 'result-error');
    await expect(box).toContainText(row.phrase, { timeout: 45_000 });
    shown.set(row.name, (await box.innerText()).trim());

    // Not frozen, the editor text untouched, and the editor still takes a keystroke.
    await tick(page);
    expect(await editorText(page)).toBe(before);
    await page.evaluate(() => (window as any).__playground.editor.focus());
    await page.keyboard.type('Z');
    await expect.poll(() => editorText(page)).toBe(before + 'Z');
  });
}

test('the faults give pairwise distinct messages in the page', async () => {
  await test.info().attach('messages', { body: JSON.stringify(Object.fromEntries(shown), null, 2) });
  if (process.env.DUMP_FAULT_MESSAGES) console.log(JSON.stringify(Object.fromEntries(shown), null, 2));
  // Runs after the table (one worker, file order); a fault whose test failed is missing and fails this too.
  expect([...shown.keys()].sort()).toEqual(rows.map((r) => r.name).sort());
  const texts = [...shown.values()];
  expect(new Set(texts).size).toBe(texts.length);
  for (const row of rows)
    for (const [name, text] of shown)
      if (name !== row.name && row.where !== 'result-meta')
        expect(text, `${row.name}'s key phrase in ${name}'s message`).not.toMatch(
          typeof row.phrase === 'string'
            ? new RegExp(row.phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            : row.phrase,
        );
});
