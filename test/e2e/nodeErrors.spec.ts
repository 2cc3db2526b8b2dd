import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { addEndpoint, markers, openPlayground, setSource } from './helpers/playground.ts';

// A loopback stand-in for a geth node whose tracer fails at `log.stack.peek`: it reports the position the way
// goja does (`<eval>:1:COL`, counting the '(' geth wraps the code in).
let server: Server;
let url: string;
test.beforeAll(async () => {
  server = createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'content-type',
      'Access-Control-Allow-Methods': 'POST',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const r = JSON.parse(body) as { id: number; method: string; params: { tracer?: string }[] };
      if (r.method === 'web3_clientVersion')
        return void setTimeout(() => res.writeHead(200, cors).end('{}'), 20_000);
      const tracer = r.params.find((p) => p && typeof p === 'object' && 'tracer' in p)?.tracer ?? '';
      const col = tracer.indexOf('log.stack.peek') + 2;
      const failure = `tracer accessed out of bound stack: size 0, index 99 at step (<eval>:1:${col}(12))`;
      const reply =
        r.method === 'debug_traceBlockByNumber'
          ? {
              jsonrpc: '2.0',
              id: r.id,
              result: [
                { txHash: '0xaa', result: 1 },
                { txHash: '0xbb', error: failure },
              ],
            }
          : { jsonrpc: '2.0', id: r.id, error: { code: -32000, message: failure } };
      // A tracer with a `slow` member is answered late: the test edits the source while the request is out.
      const delay = /\bslow:/.test(tracer) ? 2_500 : 0;
      setTimeout(
        () => res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(reply)),
        delay,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const tracer =
  '{\n  step: function (log, db) {\n    this.n = log.stack.peek(99);\n  },\n  result: function (ctx, db) {\n    return 1;\n  },\n  fault: function (log, db) {}\n}\n';

test('sees a node tracer error marked at its line in the editor', async ({ page }) => {
  await openPlayground(page);
  await setSource(page, tracer);
  await addEndpoint(page, 'Stand-in geth', url);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceCall');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-error')).toContainText('tracer accessed out of bound stack');
  // One headline, the node's words folded under Details.
  await expect(page.getByTestId('error-headline')).toHaveText('The tracer threw an error while running');
  await expect(page.getByTestId('error-details')).not.toHaveAttribute('open');
  await expect
    .poll(async () => (await markers(page)).find((m) => m.message.startsWith('Node:'))?.startLineNumber)
    .toBe(3);

  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceBlockByNumber');
  await page.locator('[data-field=block]').fill('latest');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('tx-errors')).toContainText('0xbb');
  await expect(page.getByTestId('tx-errors')).toContainText('1 transaction(s) failed');
  await expect
    .poll(async () => (await markers(page)).find((m) => m.message.startsWith('Node:'))?.startLineNumber)
    .toBe(3);
});

test('a node error is placed by the map of the text that was sent, even after an edit', async ({ page }) => {
  const sentText =
    '{\n  slow: 1,\n  step: function (log, db) {\n    this.n = log.stack.peek(99);\n  },\n  result: function (ctx, db) {\n    return 1;\n  },\n  fault: function (log, db) {}\n}\n';
  // Two members more before `step`: a mapping through this text's flattening would land two lines lower and at
  // another column of the one-line string.
  const edited = sentText.replace(
    '  slow: 1,\n',
    '  slow: 1,\n  extra: { a: 1, b: 2 },\n  more: [1, 2, 3],\n',
  );
  await openPlayground(page);
  await setSource(page, sentText);
  await addEndpoint(page, 'Stand-in geth', url);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceCall');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-pending')).toBeVisible();
  await setSource(page, edited);
  await expect(page.getByTestId('result-error')).toContainText('tracer accessed out of bound stack', {
    timeout: 15_000,
  });
  // Line 4, column 14 is `log` of `log.stack.peek` in the text sent; the mark says the text changed since.
  await expect
    .poll(async () => {
      const m = (await markers(page)).find((x) => x.message.startsWith('Node:'));
      return m && [m.startLineNumber, m.startColumn, /edited since/.test(m.message)];
    })
    .toEqual([4, 14, true]);
  await expect(page.getByTestId('error-place')).toHaveText(
    'Line 4, column 14 of your tracer (marked in the editor)Show line 4',
  );
});

test('cancels a request in flight', async ({ page }) => {
  await openPlayground(page);
  await addEndpoint(page, 'Slow node', url);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('web3_clientVersion');
  await page.getByTestId('send').click();
  // The Result tab opens with the pending line; the status bar has the time and Cancel.
  await expect(page.getByTestId('result-pending')).toContainText('Waiting for Slow node');
  await expect(page.getByTestId('status-progress')).toContainText('Sending to Slow node…');
  await expect(page.getByTestId('send')).toBeDisabled();
  await page.getByTestId('status-cancel').click();
  await expect(page.getByTestId('result-error')).toContainText('Cancelled');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history')).toContainText('cancelled');
});
