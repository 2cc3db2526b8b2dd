// The waits a person meets first: the first `npm run dev` load on a fresh clone (an empty Vite cache: dependencies
// pre-bundled on the way), the first Convert to ES5 (TypeScript loaded in its worker), and a probe of a loopback
// anvil. Each on its own server or page, medians of runs.
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { freePort } from '../test/helpers/freePort.ts';
import { startAnvil } from '../test/helpers/nodes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

async function waitForUrl(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the dev server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

/** Time from navigation to the editor checked, on a page of its own. */
async function timeToChecked(browser: Browser, url: string): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const t0 = Date.now();
    await page.goto(url, { timeout: 180_000 });
    await page.waitForFunction(() => (window as any).__playground?.isChecked(), null, { timeout: 180_000 });
    return Date.now() - t0;
  } finally {
    await page.close();
  }
}

/**
 * A fresh clone: the files of `commit` in a temporary folder, with this checkout's node_modules (linked) and an
 * empty Vite cache of its own. Edits in the working tree meanwhile do not reach it (they would reload the page).
 */
function freshClone(commit: string): { dir: string; cacheDir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'playground-clone-'));
  execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`, { cwd: root, stdio: 'ignore' });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return { dir, cacheDir: join(dir, '.vite-cache') };
}

/**
 * A `vite` dev server on a fresh clone of `commit` (an empty dependency cache): the first load (from navigation to
 * the editor checked, the server's pre-bundling included) and the next one.
 */
export async function measureFirstDevLoad(
  browser: Browser,
  commit = 'HEAD',
): Promise<{ first: number; next: number }> {
  const { dir, cacheDir } = freshClone(commit);
  const port = await freePort();
  const child = spawn('npx', ['vite', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: dir,
    // PLAYGROUND_DEV_LOG=file keeps the server's output (what it pre-bundled, and when).
    stdio: process.env.PLAYGROUND_DEV_LOG
      ? ['ignore', openSync(process.env.PLAYGROUND_DEV_LOG, 'w'), 'inherit']
      : 'ignore',
    detached: true,
    env: { ...process.env, PLAYGROUND_VITE_CACHE_DIR: cacheDir },
  });
  try {
    const url = `http://127.0.0.1:${port}/`;
    await waitForUrl(url, child);
    const first = await timeToChecked(browser, url);
    const next = await timeToChecked(browser, url);
    return { first, next };
  } finally {
    if (child.pid) process.kill(-child.pid);
    rmSync(dir, { recursive: true, force: true });
  }
}

const es2015Tracer = `{
  seen: [],
  step(log) { const op = log.op.toString(); if (op === 'SSTORE') this.seen.push(\`\${op} at \${log.getPC()}\`); },
  fault() {},
  result() { return this.seen; },
}`;

/** The first Convert to ES5 of a page: from the click to its notice (TypeScript's worker started on the way). */
export async function measureFirstConvert(page: Page): Promise<number> {
  await page.evaluate((src) => (window as any).__playground.editor.setValue(src), es2015Tracer);
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
  const t0 = Date.now();
  await page.getByTestId('convert-es5').click();
  await page
    .getByTestId('notice')
    .filter({ hasText: /Convert to ES5: (converted|the tracer)/ })
    .waitFor({ timeout: 120_000 });
  return Date.now() - t0;
}

/** A probe of a loopback anvil from the Endpoints panel: from the click to the verdict. */
export async function measureProbe(page: Page, anvilUrl: string): Promise<number> {
  await page.getByRole('tab', { name: 'Endpoints', exact: true }).click();
  await page.evaluate((url) => {
    const p = (window as any).__playground;
    p.store.update((s: any) => ({
      endpoints: [
        ...s.endpoints,
        {
          id: 'bench-anvil',
          name: 'Anvil',
          kind: 'http',
          url,
          wsUrl: '',
          user: '',
          password: '',
          remember: false,
          family: 'evm',
        },
      ],
    }));
  }, anvilUrl);
  const row = page.locator('[data-endpoint]', { hasText: 'Anvil' });
  const t0 = Date.now();
  await row.getByTestId('probe').click();
  await page.getByTestId('probe-verdict').locator('.verdict').waitFor({ timeout: 120_000 });
  return Date.now() - t0;
}

/** A loopback anvil for the probe measurement. */
export { startAnvil };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = (x: number) => `${(x / 1000).toFixed(1)} s`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/** The three waits as printable lines: medians of `runs` (each first load on a fresh cache of its own). */
export async function runPageWaits(browser: Browser, previewUrl: string, runs = 3): Promise<string[]> {
  const dev: { first: number; next: number }[] = [];
  for (let i = 0; i < runs; i++) dev.push(await measureFirstDevLoad(browser));
  const converts: number[] = [];
  const probes: number[] = [];
  const anvil = await startAnvil();
  try {
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await page.goto(previewUrl);
        await page.waitForFunction(() => (window as any).__playground?.isChecked());
        converts.push(await measureFirstConvert(page));
        probes.push(await measureProbe(page, anvil.url));
      } finally {
        await page.close();
      }
    }
  } finally {
    await anvil.stop();
  }
  const first = median(dev.map((d) => d.first));
  return [
    `first \`npm run dev\` load on a fresh clone (empty Vite cache, navigation to the editor checked): ${seconds(first)}, the next load ${seconds(median(dev.map((d) => d.next)))} (target < 5 s: ${verdict(first < 5000)}; issue 25 measured 34 s)`,
    `first Convert to ES5 (built app, click to notice, TypeScript's worker started): ${seconds(median(converts))} (target < 3 s: ${verdict(median(converts) < 3000)}; issue 25: 31 s under \`npm run dev\`)`,
    `probe of a loopback anvil (click to verdict, every check): ${seconds(median(probes))} (target < 2 s: ${verdict(median(probes) < 2000)}; issue 25: 44 s)`,
  ];
}

// `npx tsx bench/pageWaits.ts [previewUrl] [runs]`: the three waits against a running `vite preview` (without a URL,
// only the first dev load, of PLAYGROUND_COMMIT or HEAD).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const [url, runs] = process.argv.slice(2);
    if (url) for (const line of await runPageWaits(browser, url, Number(runs ?? 1))) console.log(line);
    else console.log(JSON.stringify(await measureFirstDevLoad(browser, process.env.PLAYGROUND_COMMIT)));
  } finally {
    await browser.close();
  }
}
