import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { freePort } from '../../helpers/freePort.ts';
import { createCaptureIo } from './cliIo.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs `tracer serve …` as a real process (bin/tracer.mjs), collecting its output. */
function startServe(args: string[]) {
  const proc = spawn(process.execPath, ['bin/tracer.mjs', 'serve', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  proc.stdout!.on('data', (d) => (out.stdout += d));
  proc.stderr!.on('data', (d) => (out.stderr += d));
  const exited = new Promise<number | null>((resolve) => proc.on('close', (code) => resolve(code)));
  return { proc, out, exited };
}

/** Process ids of the trace processes whose parent is `pid` (from /proc). */
function traceChildrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === pid && /traceChild(Main\.ts|\.js)\0/.test(cmd)) found.push(Number(entry));
    } catch {
      // The process ended while listing.
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string, ms = 20_000) {
  for (let t = 0; t < ms; t += 50) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function rpc(port: number, body: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

describe('tracer serve as a process', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'serves with one warm trace process (more on demand) and stops them all on %s',
    async (signal) => {
      const port = await freePort();
      const serve = startServe(['--port', String(port)]);
      let children: number[] = [];
      try {
        await until(() => serve.out.stdout.includes('listening'), 'the server');
        await until(
          () => (children = traceChildrenOf(serve.proc.pid!)).length === 1,
          'the warm trace process',
        );
        expect((await rpc(port, { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })).result).toBe('0x3');
        const tracer = '{fault: function() {}, result: function(ctx) { return ctx.type; }}';
        const call = [{ to: '0x0000000000000000000000000000000000000001' }, 'latest', { tracer }];
        expect(await rpc(port, { jsonrpc: '2.0', id: 2, method: 'debug_traceCall', params: call })).toEqual({
          jsonrpc: '2.0',
          id: 2,
          result: 'CALL',
        });
        serve.proc.kill(signal);
        expect(await serve.exited).toBe(0);
        expect(serve.out.stdout).toContain('embedded node stopped');
        for (const pid of children) await until(() => !alive(pid), `trace process ${pid} to end`, 5000);
      } finally {
        serve.proc.kill('SIGKILL');
        for (const pid of children) if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
    },
    60_000,
  );

  it('with --fixture, the trace processes serve the fixture chain too', async () => {
    const fixture = join(root, '../shared/conformance/geth-tracetest/call_tracer/simple.json');
    const expected = Number(JSON.parse(readFileSync(fixture, 'utf8')).result.gasUsed);
    const port = await freePort();
    const serve = startServe(['--port', String(port), '--fixture', fixture, '--workers', '1']);
    try {
      await until(() => serve.out.stdout.includes('serving fixture'), 'the server');
      const { txHash } = JSON.parse(serve.out.stdout.split('\n')[1].replace(/^serving fixture [^:]*: /, ''));
      const tracer = '{fault: function() {}, result: function(ctx) { return ctx.gasUsed; }}';
      const answer = await rpc(port, {
        jsonrpc: '2.0',
        id: 1,
        method: 'debug_traceTransaction',
        params: [txHash, { tracer }],
      });
      expect(answer).toEqual({ jsonrpc: '2.0', id: 1, result: expected });
    } finally {
      serve.proc.kill('SIGTERM');
      await serve.exited;
    }
  }, 60_000);

  it('on a port in use: one line on stderr, exit code 2, no stack trace', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const serve = startServe(['--port', String(port)]);
      expect(await serve.exited).toBe(2);
      expect(serve.out.stderr).toBe(
        `tracer serve: port ${port} on 127.0.0.1 is already in use; pick another with --port\n`,
      );
      expect(serve.out.stdout).toBe('');
    } finally {
      blocker.close();
    }
  }, 60_000);
});

describe('serve options', () => {
  it.each([
    [['--workers', '0'], 'tracer serve: --workers must be 1–64, not "0"\n'],
    [['--workers', 'two'], 'tracer serve: --workers must be 1–64, not "two"\n'],
    [['--memory-limit', '16'], 'tracer serve: --memory-limit must be 64–65536, not "16"\n'],
    [['--max-timeout', '5'], 'tracer serve: --max-timeout: time: missing unit in duration "5"\n'],
    [['--max-timeout', '0s'], 'tracer serve: --max-timeout must be above 0, not "0s"\n'],
    [['--port', '70000'], 'tracer serve: --port must be 0–65535, not "70000"\n'],
    [['--allow-origin', 'example.com'], /^tracer serve: --allow-origin wants an origin such as https:/],
    // The hardfork names are loaded for this check only: an empty or unknown one is still refused, a known one not.
    [
      ['--upstream', 'http://127.0.0.1:1', '--hardfork', ''],
      /^tracer serve: --hardfork must be one of chainstart, .*prague, osaka.*, not ""\n$/,
    ],
    [
      ['--upstream', 'http://127.0.0.1:1', '--hardfork', 'pragu'],
      /^tracer serve: --hardfork must be one of chainstart, .*, not "pragu"\n$/,
    ],
    [['--hardfork', 'prague'], 'tracer serve: --hardfork needs --upstream\n'],
    [
      ['--upstream', 'http://127.0.0.1:1', '--hardfork', 'prague', '--port', '70000'],
      'tracer serve: --port must be 0–65535, not "70000"\n',
    ],
  ])('%j → usage error (exit 2)', async (args, message) => {
    const io = createCaptureIo();
    expect(await main(['serve', ...args], io)).toBe(2);
    if (typeof message === 'string') expect(io.err()).toBe(message);
    else expect(io.err()).toMatch(message);
  });
});
