import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { bytesToHex } from '@ethereumjs/util';
import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { encodeCallHex, encodeDeploy } from '../../src/evm/node/abi.ts';
import { createRequestDraft } from '../../src/state/appState.ts';
import { encodeShareHash } from '../../src/state/shareLink.ts';
import { type RunningNode, rpc, startHardhat } from '../helpers/nodes.ts';
import { openPlayground, setSource, waitChecked } from './helpers/playground.ts';

// Issue 23 item 7: a node that runs no JavaScript tracer (hardhat), probed in the page; "Run it here on this node's
// state" runs the tracer in the sandboxed embedded node on hardhat's state. A loopback proxy in front of hardhat
// counts every JSON-RPC method the page sends it, a trap server counts anything that reaches it, and Playwright
// sees every request the page makes.

/** What may reach the node while a run here goes on: the method table's upstreamState rows. */
const readOnly = new Set([
  'eth_chainId',
  'eth_getTransactionByHash',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBalance',
  'eth_getTransactionCount',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getProof',
  'eth_config',
]);

interface Counting {
  url: string;
  /** Methods of every JSON-RPC call received (batch items one each), in order. */
  methods: string[];
  requests: number;
  /** Milliseconds to wait before forwarding each request. */
  delayMs: number;
  close(): Promise<void>;
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (d) => (text += d));
    req.on('end', () => resolve(text));
  });

/** A CORS-enabled loopback proxy to `target` that records methods (`target` undefined: a trap that answers 404). */
async function startCounting(target?: string): Promise<Counting> {
  const c = { methods: [] as string[], requests: 0, delayMs: 0 };
  const server: Server = createServer(async (req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'content-type, authorization',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
    };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    c.requests++;
    const text = await body(req);
    try {
      const parsed = JSON.parse(text) as { method?: string } | { method?: string }[];
      for (const item of Array.isArray(parsed) ? parsed : [parsed]) c.methods.push(String(item?.method));
    } catch {
      c.methods.push('(not JSON)');
    }
    if (!target) return res.writeHead(404, cors).end();
    await new Promise((r) => setTimeout(r, c.delayMs));
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: text,
    });
    res.writeHead(answer.status, { ...cors, 'Content-Type': 'application/json' }).end(await answer.text());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return Object.assign(c, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}

let hardhat: RunningNode;
let proxy: Counting;
let trap: Counting;
let probeTx: string;
const hex = (n: bigint) => `0x${n.toString(16)}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  hardhat = await startHardhat();
  const [alice] = (await rpc(hardhat.url, 'eth_accounts')) as string[];
  const send = async (tx: Record<string, string>) => {
    const h = (await rpc(hardhat.url, 'eth_sendTransaction', [
      { from: alice, gas: hex(3_000_000n), ...tx },
    ])) as string;
    return (await rpc(hardhat.url, 'eth_getTransactionReceipt', [h])) as Record<string, string>;
  };
  const logic = (await send({ data: bytesToHex(encodeDeploy('ProbeLogic')) })).contractAddress;
  const probe = (await send({ data: bytesToHex(encodeDeploy('CallProbe', [logic as `0x${string}`])) }))
    .contractAddress;
  // CallProbe.run: a CALL, CREATE, CREATE2, DELEGATECALL and STATICCALL, storage writes and logs.
  probeTx = (
    await send({ to: probe, data: encodeCallHex('CallProbe', 'run(uint256)', [7n]), value: hex(10n ** 15n) })
  ).transactionHash;
  proxy = await startCounting(hardhat.url);
  trap = await startCounting();
});

test.afterAll(async () => {
  await proxy?.close();
  await trap?.close();
  await hardhat?.stop();
});

/** Every request the page (and its frames and workers) makes: method, URL and body. */
function watchRequests(context: BrowserContext) {
  const seen: { url: string; body: string | null }[] = [];
  context.on('request', (r) => seen.push({ url: r.url(), body: r.postData() }));
  return seen;
}

/** Checks that since `from`, the page sent only to itself and the proxy, and the proxy only read-only methods. */
function expectOnlyReadOnly(page: Page, seen: { url: string; body: string | null }[], from = 0) {
  const app = new URL(page.url()).origin;
  const elsewhere = seen.slice(from).filter((r) => {
    const origin = r.url.startsWith('blob:') || r.url.startsWith('data:') ? app : new URL(r.url).origin;
    return origin !== app && origin !== proxy.url;
  });
  expect(elsewhere).toEqual([]);
  expect(proxy.methods.filter((m) => !readOnly.has(m))).toEqual([]);
  expect(trap.requests).toBe(0);
}

/** Adds the hardhat endpoint (through the proxy) and makes it active. */
async function addHardhat(page: Page) {
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page.getByTestId('add-endpoint').click();
  await page.locator('[data-endpoint-field=name]').fill('Hardhat');
  await page.locator('[data-endpoint-field=url]').fill(proxy.url);
  await page.getByTestId('save-endpoint').click();
  await page.locator('[data-endpoint]', { hasText: 'Hardhat' }).getByRole('button', { name: 'Use' }).click();
}

async function useTemplate(page: Page, template: string) {
  await page.getByTestId('new-tracer').click();
  await page.locator(`[data-template="${template}"]`).click();
  await waitChecked(page);
  // Choosing a template sets the form to its demo request (later than the click): wait for it before changing it.
  await expect(page.getByTestId('notice')).toContainText('demo');
}

async function setHash(page: Page, hash: string) {
  await page.getByRole('tab', { name: 'Request', exact: true }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  await page.locator('[data-field=txHash]').fill(hash);
  await page.locator('[data-field=tracerConfig]').fill('');
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash))
    .toBe(hash);
}

/** Runs the current tracer on hardhat's state from the Replay panel, and waits for the run to be over. */
async function runFromReplay(page: Page, hash = probeTx) {
  await page.getByRole('tab', { name: 'Replay' }).click();
  await page.getByTestId('replay-anynode-hash').fill(hash);
  await page.getByTestId('replay-anynode-endpoint').selectOption({ label: 'Hardhat' });
  await page.getByTestId('replay-anynode-run').click();
  const status = page.getByTestId('panel-replay').getByTestId('run-here-status');
  await expect(status).toHaveAttribute('data-state', 'over', { timeout: 60_000 });
  return status;
}

test.beforeEach(async () => {
  proxy.methods.length = 0;
  proxy.requests = 0;
  proxy.delayMs = 0;
  trap.methods.length = 0;
  trap.requests = 0;
});

test('hardhat probed as not running JS tracers: "Run it here" shows the call tree of a real transaction', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const seen = watchRequests(context);
  await openPlayground(page);
  await useTemplate(page, 'call-tree');
  await setHash(page, probeTx);
  await addHardhat(page);
  await page.locator('[data-endpoint]', { hasText: 'Hardhat' }).getByTestId('probe').click();
  const card = page.getByTestId('probe-card');
  await expect(page.getByTestId('probe-verdict')).toContainText('does not run JavaScript tracers', {
    timeout: 30_000,
  });
  await expect(card.getByTestId('run-here-offer')).toContainText('Hardhat’s state');
  await expect(card.getByTestId('run-here-hash')).toHaveText(
    `Transaction: ${probeTx} (the Request form’s hash)`,
  );
  await card.screenshot({ path: test.info().outputPath('probe-card-offer.png') });

  const from = seen.length;
  proxy.methods.length = 0;
  await card.getByTestId('run-here').click();
  await expect(page.getByTestId('result-tab-call-tree')).toHaveAttribute('aria-selected', 'true', {
    timeout: 60_000,
  });
  const frames = page.getByTestId('call-frame');
  await expect(frames).toHaveCount(7);
  expect((await frames.locator('.ct-type').allTextContents()).sort()).toEqual([
    'CALL',
    'CALL',
    'CALL',
    'CREATE',
    'CREATE2',
    'DELEGATECALL',
    'STATICCALL',
  ]);
  await expect(frames.first().getByTestId('frame-value')).toHaveText('0.001 ETH');
  await expect(page.getByTestId('result-error')).toBeEmpty();
  await page
    .getByTestId('panel-result')
    .screenshot({ path: test.info().outputPath('run-here-call-tree.png') });
  // hardhat was asked only for the transaction, its block and state; the gas used is its receipt's.
  expectOnlyReadOnly(page, seen, from);
  expect(proxy.methods).toContain('eth_getStorageAt');
  const receipt = (await rpc(hardhat.url, 'eth_getTransactionReceipt', [probeTx])) as { gasUsed: string };
  const tree = await page.evaluate(() => (window as any).__playground.store.get().result.value);
  expect(BigInt(tree.gasUsed)).toBe(BigInt(receipt.gasUsed));
  const history = await page.evaluate(() => (window as any).__playground.store.get().history[0]);
  expect(history).toMatchObject({ method: 'debug_traceTransaction', endpointName: 'Hardhat (traced here)' });

  // The card says what was fetched.
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await expect(card.getByTestId('run-here-status')).toContainText(
    /Traced 0x[0-9a-f]{8}…[0-9a-f]{6} here on Hardhat’s state \(\d+ requests? · \d+ accounts · \d+ storage slots fetched\)/,
  );
  await card.screenshot({ path: test.info().outputPath('probe-card-after.png') });
});

test('Cancel stops fetching, says so, and the page goes on working', async ({ page, context }) => {
  test.setTimeout(120_000);
  const seen = watchRequests(context);
  await openPlayground(page);
  await useTemplate(page, 'call-tree');
  await addHardhat(page);
  proxy.delayMs = 700; // every request to hardhat is slow
  await page.getByRole('tab', { name: 'Replay' }).click();
  await page.getByTestId('replay-anynode-hash').fill(probeTx);
  await page.getByTestId('replay-anynode-run').click();
  const status = page.getByTestId('panel-replay').getByTestId('run-here-status');
  await expect(status).toContainText(/Tracing 0x.* here on Hardhat’s state: [1-9]\d* requests?/, {
    timeout: 20_000,
  });
  await page
    .getByTestId('replay-anynode')
    .screenshot({ path: test.info().outputPath('run-here-running.png') });
  await status.getByTestId('run-here-cancel').click();
  await expect(status).toHaveText(
    /^Cancelled \(\d+ requests? · \d+ accounts? · \d+ storage slots? fetched\): nothing more is fetched; the embedded node was restarted\.$/,
    { timeout: 10_000 },
  );
  await page.getByRole('tab', { name: 'Replay' }).click();
  await page
    .getByTestId('replay-anynode')
    .screenshot({ path: test.info().outputPath('run-here-cancelled.png') });
  await expect(page.getByTestId('status-progress')).toHaveText('');
  const after = proxy.requests;
  await page.waitForTimeout(2_000);
  expect(proxy.requests).toBeLessThanOrEqual(after + 1); // at most the one already on its way
  const settled = proxy.requests;
  await page.waitForTimeout(1_000);
  expect(proxy.requests).toBe(settled);
  const history = await page.evaluate(() => (window as any).__playground.store.get().history[0]);
  expect(history.status).toBe('cancelled');
  await page.getByRole('tab', { name: 'Result', exact: true }).click();
  await expect(page.getByTestId('result-error')).toContainText('Cancelled');

  // Usable: the next run goes through and shows the call tree.
  proxy.delayMs = 0;
  await expect(await runFromReplay(page)).toContainText('Traced');
  await page.getByRole('tab', { name: 'Result', exact: true }).click();
  await expect(page.getByTestId('call-frame')).toHaveCount(7);
  expectOnlyReadOnly(page, seen);
});

// What a hostile share link, fixture or tracer (or a node worker it took over) may try; after each, the page has
// sent hardhat read-only state queries only, nothing went anywhere else, and the next run works.
const signedTransfer =
  '0x02f86c827a6980843b9aca00850c92a69c0082520894000000000000000000000000000000000000dead0180c001a0' +
  '5b7e8f3d2c1a0b9e8f7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a392817a06c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a09f8e';
const sneakyTracer = (trapUrl: string) => `{
  tried: [],
  attempt: function (name, f) {
    try { f(); this.tried.push(name + ': ran'); } catch (e) { this.tried.push(name + ': ' + e); }
  },
  fault: function () {},
  result: function () {
    var url = '${trapUrl}';
    var g = Function('return this')();
    this.attempt('fetch', function () { g.fetch(url); });
    this.attempt('XMLHttpRequest', function () { new g.XMLHttpRequest().open('POST', url); });
    this.attempt('importScripts', function () { g.importScripts(url); });
    this.attempt('postMessage', function () { g.postMessage({ method: 'eth_sendRawTransaction', params: [] }); });
    return this.tried;
  }
}`;

interface Attack {
  name: string;
  /** A share link to open the page with. */
  share?: (trapUrl: string) => string;
  /** Runs in the page before the run (e.g. loads a fixture). */
  before?: (page: Page) => Promise<void>;
  /** Rewrites what the node worker asks the page for (code run in the worker, as a tracer that escaped would). */
  worker?: (trapUrl: string) => unknown[];
  /** The notice the page shows on opening it. */
  notice?: RegExp;
  /** What the run's status says. */
  says: RegExp;
}

const link = (tracer: string, request: Partial<ReturnType<typeof createRequestDraft>>) =>
  encodeShareHash({
    tracer: { name: 'Shared', source: tracer },
    request: { ...createRequestDraft('debug_traceTransaction'), fields: { txHash: probeTx }, ...request },
  });

const attacks: Attack[] = [
  {
    // The form offers no write method, so such a link is refused whole; the form's own hash is then traced.
    name: 'a share link whose request is eth_sendRawTransaction of a signed transfer',
    share: (t) =>
      link(sneakyTracer(t), {
        method: 'eth_sendRawTransaction' as never,
        rawMode: true,
        rawParams: JSON.stringify([signedTransfer]),
      }),
    notice: /This share link is damaged or incomplete.*it was not opened/,
    says: /^Traced/,
  },
  {
    name: 'a share link whose tracer reaches for fetch, XMLHttpRequest, importScripts and postMessage',
    share: (t) => link(sneakyTracer(t), { tracerConfig: JSON.stringify({ upstream: t, endpoint: t }) }),
    says: /^Traced/,
  },
  {
    name: 'a share link whose raw params name another URL',
    share: (t) =>
      link(sneakyTracer(t), {
        rawMode: true,
        rawParams: JSON.stringify([probeTx, { tracer: 'callTracer' }, t]),
      }),
    says: /^Traced/,
  },
  {
    name: 'a share link whose transaction hash is another URL',
    share: (t) => link(sneakyTracer(t), { fields: { txHash: t } }),
    says: /^Not started: Needs the hash of a mined transaction/,
  },
  {
    name: 'a fixture in the embedded node that names another URL',
    before: async (page) => {
      const file = join(
        import.meta.dirname,
        '../../../shared/conformance/geth-tracetest/call_tracer/simple.json',
      );
      const fixture = { ...JSON.parse(readFileSync(file, 'utf8')), upstream: trap.url, endpoint: trap.url };
      await page.getByRole('tab', { name: 'Replay' }).click();
      await page.getByTestId('replay-file').setInputFiles({
        name: 'hostile.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(fixture)),
      });
      await expect(page.getByTestId('replay-loaded')).toBeVisible({ timeout: 30_000 });
    },
    says: /^Traced/,
  },
  {
    name: 'a node worker taken over asks for eth_sendRawTransaction',
    worker: () => [{ method: 'eth_sendRawTransaction', params: [signedTransfer] }],
    says: /Stopped, nothing sent to Hardhat: .*eth_sendRawTransaction.*not a read-only state method: refused/,
  },
  {
    name: 'a node worker taken over slips eth_sendTransaction among reads',
    worker: () => [
      { method: 'eth_chainId', params: [] },
      {
        method: 'eth_sendTransaction',
        params: [{ to: '0x000000000000000000000000000000000000dead', value: '0x1' }],
      },
    ],
    says: /Stopped, nothing sent to Hardhat: .*eth_sendTransaction.*refused/,
  },
  {
    name: 'a node worker taken over asks for a balance at another URL',
    worker: (t) => [{ method: 'eth_getBalance', params: [t, 'latest'] }],
    says: /Stopped, nothing sent to Hardhat: .*eth_getBalance with parameters that are not state queries: refused/,
  },
];

/** Has the newest node worker rewrite every state request it sends the page into `calls`. */
async function takeOver(workers: Worker[], calls: unknown[]) {
  await expect.poll(() => workers.length).toBeGreaterThan(0);
  await workers[workers.length - 1].evaluate((hostile) => {
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, msg: any, ...rest: any[]) {
      const arg = msg?.type === 'APPLY' ? msg.argumentList?.[0] : undefined;
      if (arg?.type === 'RAW' && Array.isArray(arg.value) && arg.value[0]?.method) arg.value = hostile;
      return (post as any).call(this, msg, ...rest);
    } as typeof post;
  }, calls);
}

for (const attack of attacks)
  test(`hostile: ${attack.name}`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const seen = watchRequests(context);
    const workers: Worker[] = [];
    page.on('worker', (w) => w.url().startsWith('blob:') && workers.push(w));
    await openPlayground(page, attack.share ? `/${attack.share(trap.url)}` : '/');
    if (!attack.share || attack.notice) await setSource(page, sneakyTracer(trap.url));
    await addHardhat(page);
    await attack.before?.(page);
    if (attack.notice) await expect(page.getByTestId('notice')).toContainText(attack.notice);
    if (!attack.share || attack.notice) await setHash(page, probeTx);
    await page.getByRole('tab', { name: 'Endpoints' }).click();
    if (attack.worker) await takeOver(workers, attack.worker(trap.url));
    // The share link's request is in the form: the probe card runs debug_traceTransaction of its hash.
    await page.locator('[data-endpoint]', { hasText: 'Hardhat' }).getByTestId('probe').click();
    const card = page.getByTestId('probe-card');
    await expect(page.getByTestId('probe-verdict')).toContainText('does not run JavaScript tracers', {
      timeout: 30_000,
    });
    const from = seen.length;
    proxy.methods.length = 0;
    await card.getByTestId('run-here').click();
    const status = card.getByTestId('run-here-status');
    await expect(status).toHaveAttribute('data-state', 'over', { timeout: 60_000 });
    await expect(status).toHaveText(attack.says);
    if (attack.worker) {
      await page.getByRole('tab', { name: 'Endpoints' }).click();
      await card.screenshot({ path: test.info().outputPath('run-here-refused.png') });
    }
    expectOnlyReadOnly(page, seen, from);
    if (attack.says.source.startsWith('^Traced')) {
      const tried = await page.evaluate(() => (window as any).__playground.store.get().result.value);
      // Inside the tracer's realm none of them exists: each attempt threw.
      expect(tried).toEqual([
        'fetch: TypeError: not a function',
        'XMLHttpRequest: TypeError: not a function',
        'importScripts: TypeError: not a function',
        'postMessage: TypeError: not a function',
      ]);
    }
    // The page goes on: the next run (a fresh worker when the last one was stopped) traces the real transaction.
    await setSource(page, sneakyTracer(trap.url));
    await expect(await runFromReplay(page)).toContainText(/^Traced/);
    expectOnlyReadOnly(page, seen, from);
  });
