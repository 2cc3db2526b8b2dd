// The waits a person meets first: the first `npm run dev` load on a fresh clone (an empty Vite cache: dependencies
// pre-bundled on the way), the first Convert to ES5 (TypeScript loaded in its worker), and a probe of a loopback
// anvil. Each on its own server or page, medians of runs.
import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { freePort } from '../test/helpers/freePort.ts';
import { descendantsCpuMs } from './descendantsCpuMs.ts';
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

/**
 * Time from navigation to the editor checked, on a page of its own, and the CPU time used by then by the dev server
 * and Chromium since they started ({@link descendantsCpuMs}; null without /proc).
 */
async function timeToChecked(browser: Browser, url: string): Promise<{ ms: number; cpuMs: number | null }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const t0 = Date.now();
    await page.goto(url, { timeout: 180_000 });
    await page.waitForFunction(() => (window as any).__playground?.isChecked(), null, { timeout: 180_000 });
    return { ms: Date.now() - t0, cpuMs: descendantsCpuMs() };
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

/** The clone's environment: its own Vite cache, and this checkout's node_modules (linked) within the files it serves. */
function cloneEnv(cacheDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PLAYGROUND_VITE_CACHE_DIR: cacheDir,
    PLAYGROUND_VITE_FS_ALLOW: join(root, 'node_modules'),
  };
}

/**
 * What `npm ci` does for the dev server in the clone (its `prepare` pre-bundling), if that commit has it: its time in
 * ms, or null. The rest of `prepare` (the command line's build) does not touch the dev server.
 */
function prebundleAsNpmCi(dir: string, cacheDir: string): number | null {
  const script = join(dir, 'scripts/prebundle-dev-deps.mjs');
  if (!existsSync(script)) return null;
  const t0 = Date.now();
  execFileSync(process.execPath, [script], { cwd: dir, stdio: 'ignore', env: cloneEnv(cacheDir) });
  return Date.now() - t0;
}

/** One dev load measure: the first and next load, and the install-time pre-bundling before them (null: none). */
export interface DevLoad {
  first: number;
  /** CPU time of the dev server (from its start) and Chromium until the first load is checked (null: no /proc) */
  firstCpu: number | null;
  next: number;
  prebundle: number | null;
}

/**
 * A `vite` dev server on a fresh clone of `commit`: the first load (from navigation to the editor checked, the
 * server's pre-bundling included when the cache is empty) and the next one. With `afterNpmCi`, the clone first gets
 * what `npm ci` gives it ({@link prebundleAsNpmCi}); without, the Vite cache stays empty, as after a dependency change.
 */
export async function measureFirstDevLoad(
  browser: Browser,
  commit = 'HEAD',
  afterNpmCi = true,
): Promise<DevLoad> {
  const { dir, cacheDir } = freshClone(commit);
  try {
    const prebundle = afterNpmCi ? prebundleAsNpmCi(dir, cacheDir) : null;
    const port = await freePort();
    const cpuBefore = descendantsCpuMs();
    const child = spawn('npx', ['vite', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
      cwd: dir,
      // PLAYGROUND_DEV_LOG=file keeps the server's output (what it pre-bundled, and when).
      stdio: process.env.PLAYGROUND_DEV_LOG
        ? ['ignore', openSync(process.env.PLAYGROUND_DEV_LOG, 'a'), 'inherit']
        : 'ignore',
      detached: true,
      env: cloneEnv(cacheDir),
    });
    try {
      const url = `http://127.0.0.1:${port}/`;
      await waitForUrl(url, child);
      const first = await timeToChecked(browser, url);
      const next = await timeToChecked(browser, url);
      const firstCpu = cpuBefore === null || first.cpuMs === null ? null : first.cpuMs - cpuBefore;
      return { first: first.ms, firstCpu, next: next.ms, prebundle };
    } finally {
      if (child.pid) process.kill(-child.pid);
    }
  } finally {
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

const range = (xs: number[]) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;

/**
 * The first `npm run dev` loads as printable lines: medians of `runs` fresh clones of `commit` after `npm ci` (its
 * install-time pre-bundling timed apart), and of as many with an empty Vite cache, taken in turns so both meet the
 * same machine load.
 */
export async function runDevLoads(browser: Browser, runs = 3, commit = 'HEAD'): Promise<string[]> {
  const afterCi: DevLoad[] = [];
  const empty: DevLoad[] = [];
  const loads = [loadavg()[0]];
  for (let i = 0; i < runs; i++) {
    afterCi.push(await measureFirstDevLoad(browser, commit, true));
    empty.push(await measureFirstDevLoad(browser, commit, false));
    loads.push(loadavg()[0]);
  }
  const first = median(afterCi.map((d) => d.first));
  const prebundles = afterCi.flatMap((d) => (d.prebundle === null ? [] : [d.prebundle]));
  const atInstall = prebundles.length
    ? `its prepare step pre-bundled the dependencies in ${seconds(median(prebundles))}`
    : 'this commit pre-bundles nothing at install';
  const next = (ds: DevLoad[]) => seconds(median(ds.map((d) => d.next)));
  // What the load cost the machine, whatever else ran on it meanwhile (the wall-clock times depend on that).
  const cpu = (ds: DevLoad[]) => {
    const xs = ds.flatMap((d) => (d.firstCpu === null ? [] : [d.firstCpu]));
    return xs.length
      ? `; CPU time of the dev server from its start and of Chromium: ${seconds(median(xs))}`
      : '';
  };
  return [
    `first \`npm run dev\` load on a fresh clone after \`npm ci\` (${atInstall}; navigation to the editor checked): ${seconds(first)}, the next load ${next(afterCi)} (target < 5 s: ${verdict(first < 5000)}; issue 25 measured 34 s${cpu(afterCi)})`,
    `first \`npm run dev\` load with an empty Vite cache (the server pre-bundles while the page waits, as after a dependency change): ${seconds(median(empty.map((d) => d.first)))}, the next load ${next(empty)} (${runs} runs${cpu(empty)})`,
    `(${runs} runs of each, one-minute load average ${range(loads)} on ${availableParallelism()} cores)`,
  ];
}

/** `npm run bench -- pageWaits`: only the first dev loads, in a Chromium of their own. */
export async function runDevLoadBench(): Promise<string[]> {
  const browser = await launchChromium();
  try {
    return await runDevLoads(browser, Number(process.env.PLAYGROUND_DEV_LOAD_RUNS ?? 3));
  } finally {
    await browser.close();
  }
}

async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
}

/** The three waits as printable lines: medians of `runs` (each first load on a fresh cache of its own). */
export async function runPageWaits(browser: Browser, previewUrl: string, runs = 3): Promise<string[]> {
  const devLines = await runDevLoads(browser, runs);
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
  return [
    ...devLines,
    `first Convert to ES5 (built app, click to notice, TypeScript's worker started): ${seconds(median(converts))} (target < 3 s: ${verdict(median(converts) < 3000)}; issue 25: 31 s under \`npm run dev\`)`,
    `probe of a loopback anvil (click to verdict, every check): ${seconds(median(probes))} (target < 2 s: ${verdict(median(probes) < 2000)}; issue 25: 44 s)`,
  ];
}

// `npx tsx bench/pageWaits.ts [previewUrl] [runs]`: the three waits against a running `vite preview` (without a URL,
// only the first dev loads, of PLAYGROUND_COMMIT or HEAD, one run of each unless `runs` follows an empty URL '').
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const browser = await launchChromium();
  try {
    const [url, runs] = process.argv.slice(2);
    const lines = url
      ? await runPageWaits(browser, url, Number(runs ?? 1))
      : await runDevLoads(browser, Number(runs ?? 1), process.env.PLAYGROUND_COMMIT);
    for (const line of lines) console.log(line);
  } finally {
    await browser.close();
  }
}
