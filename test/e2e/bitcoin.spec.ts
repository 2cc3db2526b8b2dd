import { expect, test } from '@playwright/test';
import { addEndpoint, openPlayground } from './helpers/playground.ts';

const genesisCoinbase =
  '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000';
const genesisTxid = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';
// No bitcoind on this machine: the browser answers for one at this loopback address (Playwright routing).
const nodeUrl = 'http://127.0.0.1:18443/';
const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'content-type, authorization',
  'Access-Control-Allow-Methods': 'POST',
};

test('decodes a non-verbose getrawtransaction result in the page with one click', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const calls: { method: string; params: unknown[] }[] = [];
  await page.route(`${nodeUrl}**`, async (route) => {
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const req = route.request().postDataJSON() as { id: number; method: string; params: unknown[] };
    calls.push({ method: req.method, params: req.params });
    const result = req.method === 'getrawtransaction' ? genesisCoinbase : { txid: 'from-node' };
    return route.fulfill({ headers: cors, json: { result, error: null, id: req.id } });
  });
  await openPlayground(page);
  await page.getByRole('tab', { name: 'Request' }).click();
  // An Ethereum endpoint (the embedded node) is not offered the Bitcoin methods.
  const offered = () =>
    page
      .getByTestId('method-select')
      .locator('option')
      .evaluateAll((os) => (os as HTMLOptionElement[]).filter((o) => !o.hidden).map((o) => o.value));
  expect(await offered()).not.toContain('getrawtransaction');
  expect(await offered()).toContain('debug_traceCall');
  await addEndpoint(page, 'Bitcoin', nodeUrl, 'bitcoin');
  await page.getByRole('tab', { name: 'Request' }).click();
  // A Bitcoin-style one is offered only them, and the form switches to the first.
  await expect.poll(offered).toEqual(['getrawtransaction', 'decoderawtransaction']);
  await expect(page.getByTestId('method-select')).toHaveValue('getrawtransaction');
  await page.getByTestId('method-select').selectOption('getrawtransaction');
  await page.locator('[data-field=txid]').fill(genesisTxid);
  await page.locator('[data-field=verbose]').fill('false');
  await page.locator('[data-field=blockhash]').fill('');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-json')).toContainText('01000000010000');
  expect(calls).toEqual([{ method: 'getrawtransaction', params: [genesisTxid, false] }]);

  await page.getByTestId('decode-tx-button').click();
  await expect(page.getByTestId('decode-message')).toContainText('no request sent');
  await expect(page.getByTestId('result-json')).toContainText(genesisTxid);
  await expect(page.getByTestId('result-json')).toContainText('coinbase');
  await expect(page.getByTestId('result-json')).toContainText('pubkey');
  await page.screenshot({ path: test.info().outputPath('bitcoin-decoded.png') });
  expect(calls).toHaveLength(1);
  await page.getByTestId('copy-result').click();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect([copied.txid, copied.size, copied.vout[0].value]).toEqual([genesisTxid, 204, 50]);
  await page.getByTestId('decode-tx-button').click();
  await expect(page.getByTestId('result-json')).toContainText('01000000010000');

  // decoderawtransaction still goes to the node.
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('decoderawtransaction');
  await page.locator('[data-field=hexstring]').fill(genesisCoinbase);
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-json')).toContainText('from-node');
  expect(calls.map((c) => c.method)).toEqual(['getrawtransaction', 'decoderawtransaction']);
  await expect(page.getByTestId('decode-tx-button')).toHaveCount(0);
});
