// The embedded node under `npm run dev` (playwright.dev.config.ts starts `vite` itself): the same sandbox iframe as
// in the built app, and a dev server that gives its project files to nobody but the page. Worker-side probes run
// through Playwright in the node worker itself, so they do not depend on how tracers are run.
import { expect, test, type Page, type Worker } from '@playwright/test';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openPlayground } from '../e2e/helpers/playground.ts';

// Every request a probe manages to send to it ends up here (another origin, like a real exfiltration target).
let trap: Server;
let trapUrl = '';
const trapHits: string[] = [];
// A page of another origin on this machine (same site as the dev server: 127.0.0.1, another port).
let other: Server;
let otherUrl = '';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

test.beforeAll(async () => {
  trap = createServer((req, res) => {
    trapHits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/javascript' });
    res.end('export default 1;');
  });
  other = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>another site</title><body></body>');
  });
  [trapUrl, otherUrl] = await Promise.all([listen(trap), listen(other)]);
});

test.afterAll(async () => {
  await Promise.all([trap, other].map((s) => new Promise((r) => s?.close(r))));
});

test.beforeEach(() => {
  trapHits.length = 0;
});

/** The sandboxed node workers (blob workers of an opaque origin) the page starts, in order. */
function sandboxedWorkers(page: Page): Worker[] {
  const seen: Worker[] = [];
  page.on('worker', (w) => {
    if (w.url().startsWith('blob:null/')) seen.push(w);
  });
  return seen;
}

/** Responses the dev server refused (the app itself must never be refused). */
function refusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) seen.push(r.url());
  });
  return seen;
}

test('the playground under npm run dev runs its embedded node in the sandbox iframe, and it answers', async ({
  page,
  baseURL,
}) => {
  const workers = sandboxedWorkers(page);
  const refused = refusals(page);
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  await openPlayground(page);
  // The app's own embedded node (the module the dev server serves is the one the app uses).
  const first = (await page.evaluate(`(async () => {
    const { getEmbeddedNode } = await import('/src/io/embeddedNode.ts');
    const node = getEmbeddedNode();
    const r = await node.request({ jsonrpc: '2.0', id: 1, method: 'web3_clientVersion', params: [] });
    const sinceNavigation = Math.round(performance.now());
    // And it traces (whatever runs the tracer, the bundle has all of it).
    const d = await node.demoDefaults();
    const tracer = '{ result: function (ctx) { return ctx.type; }, fault: function () {} }';
    const trace = await node.request({
      jsonrpc: '2.0', id: 2, method: 'debug_traceCall', params: [d.call, 'latest', { tracer }],
    });
    return { r, sinceNavigation, trace };
  })()`)) as { r: unknown; sinceNavigation: number; trace: unknown };
  expect(first.r).toEqual({ jsonrpc: '2.0', id: 1, result: expect.stringMatching(/\S/) });
  expect(first.trace).toEqual({ jsonrpc: '2.0', id: 2, result: 'CALL' });
  await expect(page.locator('iframe[sandbox="allow-scripts"]')).toHaveCount(1);
  await expect.poll(() => workers.length).toBe(1);
  expect(await workers[0].evaluate(() => String(self.origin))).toBe('null');
  // The iframe's page is sandbox.html as written (no Vite client script before its CSP).
  const frame = page.frames().find((f) => f.url().includes('/src/worker/sandbox/sandbox.html'));
  expect(frame).toBeDefined();
  expect(await (await fetch(frame!.url())).text()).not.toContain('/@vite/client');

  // Start-up of a fresh sandboxed node to its first answer (the dev server's bundle is cached by now).
  const startups = (await page.evaluate(`(async () => {
    const { createSandboxedNodeWorker } = await import('/src/worker/sandbox/createSandboxedNodeWorker.ts');
    const out = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const node = createSandboxedNodeWorker();
      await node.api.request({ jsonrpc: '2.0', id: 1, method: 'web3_clientVersion', params: [] });
      out.push(Math.round(performance.now() - t));
      node.terminate();
    }
    return out;
  })()`)) as number[];
  console.log(
    `dev server (${baseURL}): app's first embedded-node answer ${first.sinceNavigation} ms after navigation; ` +
      `fresh sandboxed node to first answer, ms: ${JSON.stringify(startups)}`,
  );
  expect(messages.filter((m) => /without the sandbox|Embedded node sandbox/.test(m))).toEqual([]);
  expect(refused).toEqual([]);
});

test('inside the dev server’s node worker, import(), fetch and FontFace reach neither the dev server nor a trap', async ({
  page,
  baseURL,
}) => {
  const workers = sandboxedWorkers(page);
  await openPlayground(page);
  // Control: the page itself reaches the trap, so an empty trap below means the worker sent nothing.
  await page.evaluate((url) => fetch(`${url}/control`).then((r) => r.text()), trapUrl);
  await expect.poll(() => workers.length).toBe(1);
  const out = await workers[0].evaluate(
    async ({ dev, trap }) => {
      const settle = async (f: () => unknown) => {
        try {
          const v = await f();
          return `got ${typeof v}`;
        } catch (e) {
          return `threw ${(e as Error)?.name}`;
        }
      };
      const font = (name: string, url: string) => () => new FontFace(name, `url(${url})`).load();
      const result = {
        origin: String(self.origin),
        importRaw: await settle(() => import(/* @vite-ignore */ `${dev}/package.json?raw`)),
        importTrap: await settle(() => import(/* @vite-ignore */ `${trap}/import.js`)),
        fetch: await settle(() => fetch(`${dev}/vite.config.ts`)),
        fetchTrap: await settle(() => fetch(`${trap}/fetch`)),
        fontDev: await settle(font('a', `${dev}/vite.config.ts?raw`)),
        fontTrap: await settle(font('b', `${trap}/trap`)),
      };
      // Anything started asynchronously gets time to reach the trap.
      await new Promise((r) => setTimeout(r, 500));
      return result;
    },
    { dev: baseURL!, trap: trapUrl },
  );
  expect(out).toEqual({
    origin: 'null',
    importRaw: 'threw TypeError', // refused by the sandbox CSP (script-src: its hash, eval and blob: only)
    importTrap: 'threw TypeError',
    fetch: 'threw TypeError', // the lock-down removed fetch: "fetch is not a function"
    fetchTrap: 'threw TypeError',
    fontDev: 'threw NetworkError', // font-src 'none'
    fontTrap: 'threw NetworkError',
  });
  expect(trapHits).toEqual(['GET /control']);
});

// A probe worker WITHOUT the lock-down, started in the dev server's sandbox: the iframe's CSP alone stops it.
const rawProbeWorker = (dev: string, trap: string) => `
const settle = async (f) => { try { const v = await f(); return 'got ' + typeof v; } catch (e) { return 'threw ' + e.name; } };
self.addEventListener('message', async (e) => {
  if (!e.data || e.data.type !== 'sandbox-port') return;
  self.postMessage({ type: 'sandbox-worker-ready' });
  const out = {
    origin: String(self.origin),
    fetchRaw: await settle(() => fetch(${JSON.stringify(dev)} + '/package.json?raw')),
    fetchTrap: await settle(() => fetch(${JSON.stringify(trap)} + '/fetch')),
    importRaw: await settle(() => import(${JSON.stringify(dev)} + '/vite.config.ts?raw')),
    fontTrap: await settle(() => new FontFace('x', 'url(' + ${JSON.stringify(trap)} + '/font)').load()),
  };
  await new Promise((r) => setTimeout(r, 500));
  e.data.port.postMessage(out);
});`;

test('the dev server’s sandbox alone (opaque origin + CSP, no lock-down) stops the same requests', async ({
  page,
  baseURL,
}) => {
  await openPlayground(page);
  const out = await page.evaluate(
    `(async () => {
      const { startSandboxedWorker } = await import('/src/worker/sandbox/startSandboxedWorker.ts');
      const s = startSandboxedWorker(Promise.resolve(${JSON.stringify(rawProbeWorker(baseURL!, trapUrl))}));
      await s.ready;
      const result = await new Promise((resolve) => { s.port.onmessage = (e) => resolve(e.data); });
      s.terminate();
      return result;
    })()`,
  );
  expect(out).toEqual({
    origin: 'null',
    fetchRaw: 'threw TypeError', // connect-src 'none'
    fetchTrap: 'threw TypeError',
    importRaw: 'threw TypeError',
    fontTrap: 'threw NetworkError',
  });
  expect(trapHits).toEqual([]);
});

test('the dev server refuses its files to an opaque origin and to another site’s page, as the browser asks', async ({
  page,
  baseURL,
}) => {
  const seen = new Map<string, number>();
  page.on('response', (r) => {
    if (r.url().startsWith(baseURL!))
      seen.set(new URL(r.url()).pathname + new URL(r.url()).search, r.status());
  });
  // A page of another origin (127.0.0.1, another port: same site, so Vite's own CORS rule would let it read).
  await page.goto(`${otherUrl}/`);
  const got = await page.evaluate(async (dev) => {
    const settle = async (f: () => Promise<unknown>) => {
      try {
        await f();
        return 'read';
      } catch (e) {
        return `threw ${(e as Error)?.name}`;
      }
    };
    // An opaque-origin frame without any CSP of ours: only the dev server can refuse it.
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.srcdoc = `<script>fetch(${JSON.stringify(dev)} + '/package.json?raw&opaque')
      .then((r) => r.text()).then(() => parent.postMessage('read', '*'), (e) => parent.postMessage('threw ' + e.name, '*'));
    </script>`;
    const fromOpaque = new Promise((resolve) =>
      addEventListener('message', (e) => resolve(e.data), { once: true }),
    );
    document.body.append(frame);
    return {
      // Vite's own CORS rule lets this origin read the answer: the server's refusal.
      fetch: await fetch(`${dev}/package.json?raw`).then(
        async (r) => `HTTP ${r.status}: ${(await r.text()).slice(0, 10)}`,
        (e: Error) => `threw ${e.name}`,
      ),
      import: await settle(() => import(/* @vite-ignore */ `${dev}/vite.config.ts?raw`)),
      font: await settle(() => new FontFace('x', `url(${dev}/package.json?raw&font)`).load()),
      script: await settle(
        () =>
          new Promise((resolve, reject) => {
            const script = document.createElement('script');
            script.src = `${dev}/src/main.ts?script`;
            script.onload = resolve;
            script.onerror = () => reject(new Error('refused'));
            document.head.append(script);
          }),
      ),
      opaque: await fromOpaque,
    };
  }, baseURL!);
  expect(got).toEqual({
    fetch: 'HTTP 403: Forbidden:',
    import: 'threw TypeError',
    font: 'threw NetworkError',
    script: 'threw Error',
    opaque: 'threw TypeError',
  });
  // The server itself said no (not only the browser's CORS check). Playwright does not see the sandboxed frame's
  // requests: the last test sends the headers an opaque origin sends (Origin: null) and gets 403.
  expect(seen.get('/package.json?raw')).toBe(403);
  expect(seen.get('/vite.config.ts?raw')).toBe(403);
  expect(seen.get('/package.json?raw&font')).toBe(403);
  expect(seen.get('/src/main.ts?script')).toBe(403);

  // A link from another site to the dev server still opens it (a navigation is not refused).
  await page.evaluate((dev) => (location.href = `${dev}/`), baseURL!);
  await page.waitForURL(`${baseURL}/`);
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
});

/** A GET to the dev server with the given headers (node:http: it sends Origin and Sec-Fetch-* as given). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the dev server: 403 for Origin null and cross-site subresources; the worker script and sandbox page otherwise', async ({
  baseURL,
}) => {
  const sameOrigin = { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' };
  const worker = await get(`${baseURL}/__sandbox/node-worker.js`, sameOrigin);
  expect(worker.status).toBe(200);
  expect(worker.body.slice(0, 40)).toMatch(/^\(function\(\)/); // one classic script (an IIFE)
  const html = await get(`${baseURL}/src/worker/sandbox/sandbox.html?no-inline`, {
    'Sec-Fetch-Site': 'same-origin',
    'Sec-Fetch-Mode': 'navigate',
    'Sec-Fetch-Dest': 'iframe',
  });
  expect(html.status).toBe(200);
  expect(html.body).toMatch(/^<!doctype html>/);
  expect(html.body).not.toContain('/@vite/client');
  for (const path of ['/package.json?raw', '/__sandbox/node-worker.js', '/src/worker/sandbox/sandbox.html']) {
    expect((await get(`${baseURL}${path}`, { Origin: 'null' })).status, path).toBe(403);
    for (const dest of ['worker', 'script', 'empty', 'font'])
      expect(
        (await get(`${baseURL}${path}`, { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Dest': dest })).status,
        `${path} ${dest}`,
      ).toBe(403);
  }
  expect((await get(`${baseURL}/package.json?raw`, sameOrigin)).status).toBe(200);
});
