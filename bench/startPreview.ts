import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/helpers/freePort.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds the app into a folder of its own and serves it with `vite preview` on loopback; `stop` kills it by group. */
export async function startPreview(): Promise<{ url: string; outDir: string; stop(): void }> {
  // Its own build folder: dist/ may hold an older build, or be rebuilt by someone else meanwhile.
  const outDir = mkdtempSync(join(tmpdir(), 'playground-bench-'));
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: 'ignore' });
  const port = await freePort();
  const child: ChildProcess = spawn(
    'npx',
    ['vite', 'preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: root, stdio: 'ignore', detached: true },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    outDir,
    stop: () => {
      if (child.pid) process.kill(-child.pid);
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
