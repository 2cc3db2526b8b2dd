import { expect, test, type Page } from '@playwright/test';
import { startFaultServer, type FaultServer } from '../helpers/faultServer.ts';
import { startCorsProxy, type CorsProxy } from '../helpers/corsProxy.ts';
import { addEndpoint, openPlayground } from './helpers/playground.ts';

// Every form field refuses malformed values with a message at the field, and nothing is sent: the endpoint is the
// fault server's `echo` (behind a CORS-adding proxy), which records every request that reaches it.
let server: FaultServer;
let proxy: CorsProxy;
test.beforeAll(async () => {
  server = await startFaultServer();
  proxy = await startCorsProxy(server.urlFor('echo'));
});
test.afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
});

type Method =
  | 'debug_traceCall'
  | 'debug_traceTransaction'
  | 'debug_traceBlockByNumber'
  | 'debug_traceBlockByHash'
  | 'getrawtransaction';

const hash = '0x' + 'ab'.repeat(32);
const callFields = {
  from: '0x' + '11'.repeat(20),
  to: '0x' + '22'.repeat(20),
  gas: '0x5208',
  gasPrice: '0x3b9aca00',
  value: '0x0',
  data: '0x',
};
const call = (patch: Record<string, unknown>) => JSON.stringify({ ...callFields, ...patch });

/** Valid values for every field of each method: only the field under test is made malformed. */
const valid: Record<Method, Record<string, string>> = {
  debug_traceCall: { call: call({}), block: 'latest', tracerConfig: '{"a":1}', timeout: '10s' },
  debug_traceTransaction: { txHash: hash, tracerConfig: '', timeout: '' },
  debug_traceBlockByNumber: { block: '0x1b4', tracerConfig: '', timeout: '' },
  debug_traceBlockByHash: { blockHash: hash, tracerConfig: '', timeout: '' },
  getrawtransaction: { txid: 'ab'.repeat(32), verbose: 'true', blockhash: 'cd'.repeat(32) },
};

/** Valid raw params (the "Raw params" mode) per method. */
const validRaw: Partial<Record<Method, string>> = {
  debug_traceTransaction: JSON.stringify([hash]),
  debug_traceBlockByNumber: '["latest"]',
  getrawtransaction: JSON.stringify(['ab'.repeat(32), true]),
};

interface Row {
  method: Method;
  /** True: the field is in the "Raw params" mode. */
  raw?: boolean;
  field: string;
  input: string;
  /** The message at the field, as the core validators word it. */
  message: string | RegExp;
}

const allowed = 'from, to, gas, gasPrice, maxFeePerGas, maxPriorityFeePerGas, value, nonce, data, input';
const goHint = ' (use a Go duration such as "500ms", "10s", "1m30s" or "1.5h")';
const rows: Row[] = [
  // debug_traceCall: the call object, field by field
  {
    method: 'debug_traceCall',
    field: 'call',
    input: call({ from: '0x1234' }),
    message: 'from must be 20 bytes (0x + 40 hex digits), got 2 bytes',
  },
  {
    method: 'debug_traceCall',
    field: 'call',
    input: call({ from: '0x' + '1'.repeat(39) }),
    message: 'from must be 20 bytes (0x + 40 hex digits), got 39 hex digits',
  },
  {
    method: 'debug_traceCall',
    field: 'call',
    input: call({ to: '0xzz' + '2'.repeat(38) }),
    message: 'to contains "z" at position 3, which is not a hex digit',
  },
  {
    method: 'debug_traceCall',
    field: 'call',
    input: call({ to: '22'.repeat(20) }),
    message: `to must start with 0x (did you mean 0x${'22'.repeat(20)}?)`,
  },
  {
    method: 'debug_traceCall',
    field: 'call',
    input: call({ gas: '21000' }),
    message: 'gas "21000" is decimal: use hex, e.g. 0x5208',
  },
  {
    method: 'debug_traceCall',
    field: 'call',
    input: call({ gas: 21000 }),
    message: 'gas must be a hex string, not a JSON number: use hex, e.g. "0x5208"',
  },
  {
    method: 'debug_traceCall',
    field: 'call',
    input: call({ gas: '0x1' + '0'.repeat(16) }),
    message: 'gas is larger than 64 bits',
  },
  {
    method: 'debug_traceCall',
    field: 'call',
    input: call({ gasPrice: '0x01' }),
    message: 'gasPrice must not have leading zeros: write 0x1',
  },
  {
    method: 'debug_traceCall',
    field: 'call',
    input: call({ gasPrice: '0x' }),
    message: 'gasPrice needs at least one hex digit after 0x (0x0 for zero)',
  },
  {
    method: 'debug_traceCall',
    field: 'call',
    input: call({ value: 'ff' }),
    message: 'value must start with 0x (did you mean 0xff?)',
  },
  {
    method: 'debug_traceCall',
    field: 'call',
    input: call({ value: '1000000000000000000' }),
    message: 'value "1000000000000000000" is decimal: use hex, e.g. 0xde0b6b3a7640000',
  },
  {
    method: 'debug_traceCall',
    field: 'call',
    input: call({ data: '0xabc' }),
    message: 'data must have an even number of hex digits (whole bytes), got 3',
  },
  {
    method: 'debug_traceCall',
    field: 'call',
    input: call({ gasLimit: '0x1' }),
    message: `unknown field "gasLimit" (allowed: ${allowed})`,
  },
  {
    method: 'debug_traceCall',
    field: 'call',
    input: '"0x1234"',
    message: 'call must be an object like {"to":"0x…","data":"0x…"}, got the string "0x1234"',
  },
  { method: 'debug_traceCall', field: 'call', input: '{"to": "0x', message: /^call is not valid JSON: ./ },
  // debug_traceCall: the block id
  {
    method: 'debug_traceCall',
    field: 'block',
    input: 'lastest',
    message:
      'block must be a hex block number like 0x1b4 or one of latest, earliest, pending, safe, finalized, got the string "lastest"',
  },
  {
    method: 'debug_traceCall',
    field: 'block',
    input: 'Latest',
    message: 'block tag must be lower case: latest',
  },
  {
    method: 'debug_traceCall',
    field: 'block',
    input: '123',
    message: 'block "123" is decimal: use hex, e.g. 0x7b',
  },
  {
    method: 'debug_traceCall',
    field: 'block',
    input: '0x' + 'ab'.repeat(31),
    message: 'block is larger than 64 bits',
  },
  // debug_traceTransaction
  {
    method: 'debug_traceTransaction',
    field: 'txHash',
    input: '0x12',
    message: 'txHash must be 32 bytes (0x + 64 hex digits), got 1 byte',
  },
  {
    method: 'debug_traceTransaction',
    field: 'txHash',
    input: '0x' + 'a'.repeat(63),
    message: 'txHash must be 32 bytes (0x + 64 hex digits), got 63 hex digits',
  },
  {
    method: 'debug_traceTransaction',
    field: 'txHash',
    input: 'ab'.repeat(32),
    message: `txHash must start with 0x (did you mean 0x${'ab'.repeat(32)}?)`,
  },
  {
    method: 'debug_traceTransaction',
    field: 'txHash',
    input: '0x' + 'ab'.repeat(31) + 'g0',
    message: 'txHash contains "g" at position 65, which is not a hex digit',
  },
  // debug_traceBlockByNumber
  {
    method: 'debug_traceBlockByNumber',
    field: 'block',
    input: 'newest',
    message:
      'block must be a hex block number like 0x1b4 or one of latest, earliest, pending, safe, finalized, got the string "newest"',
  },
  {
    method: 'debug_traceBlockByNumber',
    field: 'block',
    input: 'FINALIZED',
    message: 'block tag must be lower case: finalized',
  },
  {
    method: 'debug_traceBlockByNumber',
    field: 'block',
    input: '436',
    message: 'block "436" is decimal: use hex, e.g. 0x1b4',
  },
  {
    method: 'debug_traceBlockByNumber',
    field: 'block',
    input: '0x01b4',
    message: 'block must not have leading zeros: write 0x1b4',
  },
  {
    method: 'debug_traceBlockByNumber',
    field: 'block',
    input: '0x',
    message: 'block needs at least one hex digit after 0x (0x0 for zero)',
  },
  {
    method: 'debug_traceBlockByNumber',
    field: 'block',
    input: hash,
    message: 'block is larger than 64 bits',
  },
  // debug_traceBlockByHash
  {
    method: 'debug_traceBlockByHash',
    field: 'blockHash',
    input: '0x1b4',
    message: 'blockHash must be 32 bytes (0x + 64 hex digits), got 3 hex digits',
  },
  {
    method: 'debug_traceBlockByHash',
    field: 'blockHash',
    input: 'latest',
    message: 'blockHash must start with 0x',
  },
  {
    method: 'debug_traceBlockByHash',
    field: 'blockHash',
    input: '0x' + 'cd'.repeat(33),
    message: 'blockHash must be 32 bytes (0x + 64 hex digits), got 33 bytes',
  },
  // tracerConfig
  { method: 'debug_traceTransaction', field: 'tracerConfig', input: '{"a":', message: /^not valid JSON: ./ },
  { method: 'debug_traceCall', field: 'tracerConfig', input: "{'a': 1}", message: /^not valid JSON: ./ },
  { method: 'debug_traceBlockByHash', field: 'tracerConfig', input: '{a: 1}', message: /^not valid JSON: ./ },
  // timeout (a Go duration)
  {
    method: 'debug_traceTransaction',
    field: 'timeout',
    input: '10',
    message: 'timeout: time: missing unit in duration "10" (a bare number needs a unit, e.g. "10s")',
  },
  {
    method: 'debug_traceTransaction',
    field: 'timeout',
    input: '10 s',
    message: 'timeout: time: unknown unit " s" in duration "10 s" (no spaces allowed, e.g. "1m30s")',
  },
  {
    method: 'debug_traceCall',
    field: 'timeout',
    input: '5sec',
    message: `timeout: time: unknown unit "sec" in duration "5sec"${goHint}`,
  },
  {
    method: 'debug_traceBlockByNumber',
    field: 'timeout',
    input: 'soon',
    message: `timeout: time: invalid duration "soon"${goHint}`,
  },
  {
    method: 'debug_traceBlockByHash',
    field: 'timeout',
    input: '1d',
    message: `timeout: time: unknown unit "d" in duration "1d"${goHint}`,
  },
  // getrawtransaction (Bitcoin-style hex, no 0x)
  {
    method: 'getrawtransaction',
    field: 'txid',
    input: '0x' + 'ab'.repeat(32),
    message: 'txid is written without 0x in Bitcoin-style calls',
  },
  {
    method: 'getrawtransaction',
    field: 'txid',
    input: 'ab'.repeat(31),
    message: 'txid must be 32 bytes (64 hex digits), got 62 hex digits',
  },
  {
    method: 'getrawtransaction',
    field: 'txid',
    input: 'zz'.repeat(32),
    message: 'txid must contain only hex digits',
  },
  {
    method: 'getrawtransaction',
    field: 'blockhash',
    input: 'cd'.repeat(33),
    message: 'blockhash must be 32 bytes (64 hex digits), got 66 hex digits',
  },
  {
    method: 'getrawtransaction',
    field: 'blockhash',
    input: '0X' + 'cd'.repeat(32),
    message: 'blockhash is written without 0x in Bitcoin-style calls',
  },
  {
    method: 'getrawtransaction',
    field: 'verbose',
    input: 'yes',
    message: 'verbose must be true or false (or verbosity 0, 1, 2), got the string "yes"',
  },
  // an empty optional param before a filled one (params are positional)
  {
    method: 'getrawtransaction',
    field: 'verbose',
    input: '',
    message: 'verbose is empty; fill it or clear blockhash',
  },
  // raw params: the same checks as the fields, by position
  {
    method: 'debug_traceTransaction',
    raw: true,
    field: 'raw',
    input: '["0x12"]',
    message: 'params[0]: txHash must be 32 bytes (0x + 64 hex digits), got 1 byte',
  },
  {
    method: 'debug_traceTransaction',
    raw: true,
    field: 'raw',
    input: '[]',
    message: 'params[0]: missing txHash (transaction hash, 0x + 64 hex digits)',
  },
  {
    method: 'debug_traceTransaction',
    raw: true,
    field: 'raw',
    input: JSON.stringify([hash, { tracer: '{}' }]),
    message:
      'params[1]: debug_traceTransaction takes at most 1 param here: leave out the options object, it is built from the tracer, tracerConfig and timeout',
  },
  {
    method: 'debug_traceBlockByNumber',
    raw: true,
    field: 'raw',
    input: '["Latest"]',
    message: 'params[0]: block tag must be lower case: latest',
  },
  {
    method: 'debug_traceBlockByNumber',
    raw: true,
    field: 'raw',
    input: '{"block":"latest"}',
    message: 'params must be a JSON array such as ["latest"]',
  },
  {
    method: 'getrawtransaction',
    raw: true,
    field: 'raw',
    input: JSON.stringify(['ab'.repeat(32), 'yes']),
    message: 'params[1]: verbose must be true or false (or verbosity 0, 1, 2), got the string "yes"',
  },
  { method: 'getrawtransaction', raw: true, field: 'raw', input: '["ab"', message: /^not valid JSON: ./ },
];

const familyOf = (method: Method): 'evm' | 'bitcoin' => (method === 'getrawtransaction' ? 'bitcoin' : 'evm');

/**
 * Sets the form of the page already on the echo endpoint back to `method` with every field valid, through the UI
 * (method, raw mode, every field), and checks that it is: no message at any field and Send enabled. Every row starts
 * from here, so what an earlier row typed cannot reach it.
 */
async function resetForm(page: Page, method: Method, raw = false): Promise<void> {
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption(method);
  await page.getByTestId('raw-mode').setChecked(false);
  for (const [field, value] of Object.entries(valid[method]))
    await page.locator(`[data-field=${field}]`).fill(value);
  if (raw) {
    await page.getByTestId('raw-mode').check();
    await page.locator('[data-field=raw]').fill(validRaw[method] ?? '');
  }
  await expect(page.locator('[data-error-for]:not(:empty)')).toHaveCount(0);
  await expect(page.getByTestId('send')).toBeEnabled();
}

// One page per endpoint family, opened once (opening the playground and its embedded node is most of a row's cost):
// each test resets the form through the UI first. Tests are not serial, so a failing row does not skip the others:
// the runner starts a new worker after a failure, and the next row gets a new page.
for (const family of ['evm', 'bitcoin'] as const) {
  test.describe(`on an ${family === 'evm' ? 'Ethereum' : 'Bitcoin'}-style endpoint`, () => {
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      page = await browser.newPage();
      await openPlayground(page);
      // Bitcoin methods are offered for Bitcoin-style endpoints only.
      await addEndpoint(page, 'Echo', proxy.url, family);
    });
    test.afterAll(async () => {
      await page?.close();
    });

    rows.forEach((row, i) => {
      if (familyOf(row.method) !== family) return;
      test(`#${i} ${row.method} ${row.field} refuses ${JSON.stringify(row.input).slice(0, 48)}`, async () => {
        await resetForm(page, row.method, row.raw);
        const input = page.locator(`[data-field=${row.field}]`);
        await input.fill(row.input);
        const error = page.locator(`[data-error-for=${row.field}]`);
        if (typeof row.message === 'string') await expect(error).toHaveText(row.message);
        else await expect(error).toHaveText(row.message);
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByTestId('send')).toBeDisabled();

        // Neither the keyboard shortcut in the field nor in the editor sends anything.
        const before = server.requests.length;
        await input.press('Control+Enter');
        await page.evaluate(() => (window as any).__playground.editor.focus());
        await page.keyboard.press('Control+Enter');
        await page.getByTestId('send').click({ force: true });
        await expect(page.getByTestId('progress')).not.toContainText('Sending');
        // A request would take a few ms on loopback: give one the time to arrive before counting.
        await page.waitForTimeout(300);
        expect(server.requests.length).toBe(before);
        await expect(error).toHaveText(row.message);
      });
    });

    // The control: the same form with all fields valid does send, so "nothing arrived" above means something.
    for (const method of (Object.keys(valid) as Method[]).filter((m) => familyOf(m) === family)) {
      test(`${method} with valid fields is sent once`, async () => {
        await resetForm(page, method);
        const before = server.requests.length;
        await page.getByTestId('send').click();
        await expect.poll(() => server.requests.length).toBe(before + 1);
        expect(JSON.parse(server.requests[before].body).method).toBe(method);
      });
    }

    for (const method of (Object.keys(validRaw) as Method[]).filter((m) => familyOf(m) === family)) {
      test(`${method} with valid raw params is sent once`, async () => {
        await resetForm(page, method, true);
        const before = server.requests.length;
        await page.getByTestId('send').click();
        await expect.poll(() => server.requests.length).toBe(before + 1);
        const sent = JSON.parse(server.requests[before].body) as { method: string; params: unknown[] };
        expect(sent.method).toBe(method);
        expect(sent.params.slice(0, JSON.parse(validRaw[method] ?? '[]').length)).toEqual(
          JSON.parse(validRaw[method] ?? '[]'),
        );
      });
    }
  });
}
