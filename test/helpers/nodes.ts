import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './freePort.ts';

/** A dev node started by a test on 127.0.0.1. */
export interface RunningNode {
  port: number;
  url: string;
  wsUrl: string;
  /** Output so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Resolves once `url` answers eth_blockNumber, or rejects after `timeoutMs` with the node's output. */
async function waitForRpc(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`node exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}',
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`node did not answer on ${url} within ${timeoutMs} ms:\n${log()}`);
}

/** Spawns a node in its own process group (so stop() kills it and its children) and waits until it answers. */
async function startNode(
  command: string,
  args: string[],
  port: number,
  cleanup: () => void = () => {},
): Promise<RunningNode> {
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', NO_COLOR: '1' },
  });
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-20_000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const killer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
    cleanup();
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForRpc(url, child, () => output, 60_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { port, url, wsUrl: `ws://127.0.0.1:${port}`, log: () => output, stop };
}

/** Starts ganache 7.9.2 (offline, quiet) on a free loopback port. */
export async function startGanache(): Promise<RunningNode> {
  const port = await freePort();
  const bin = join(root, 'node_modules/.bin/ganache');
  return startNode(
    bin,
    ['--host', '127.0.0.1', '--port', String(port), '--logging.quiet', '--wallet.deterministic'],
    port,
  );
}

/**
 * Starts a hardhat 2.x node on a free loopback port. The config (`module.exports = {}`) lives in a temp dir and is
 * passed with --config while the working directory stays the project, so hardhat finds its local installation.
 */
export async function startHardhat(): Promise<RunningNode> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hardhat-test-'));
  writeFileSync(join(dir, 'hardhat.config.cjs'), 'module.exports = {};\n');
  const bin = join(root, 'node_modules/.bin/hardhat');
  const args = [
    '--config',
    join(dir, 'hardhat.config.cjs'),
    'node',
    '--hostname',
    '127.0.0.1',
    '--port',
    String(port),
  ];
  return startNode(bin, args, port, () => rmSync(dir, { recursive: true, force: true }));
}

/** The anvil binary shipped inside the npm package @foundry-rs/anvil-linux-amd64 (a devDependency). */
export const anvilBin = join(root, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');

/**
 * Starts Foundry's anvil 1.7.1 (a real node that runs JS tracers, with the Boa engine) on a free loopback port.
 * HTTP and WebSocket share the port. `args` are appended (e.g. `--hardfork prague`, `--steps-tracing`); its banner
 * and logs are silenced so log() holds only what went wrong.
 */
export async function startAnvil(args: string[] = []): Promise<RunningNode> {
  const port = await freePort();
  return startNode(anvilBin, ['--host', '127.0.0.1', '--port', String(port), '--quiet', ...args], port);
}

/** Sends one JSON-RPC call to a node and returns its result (throws on an error answer); for test set-up. */
export async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/**
 * The receipt of `hash` once the node has it: anvil answers eth_sendTransaction before its automined block is
 * stored, so a receipt asked for at once can be null on a busy machine.
 */
export async function minedReceipt(url: string, hash: string): Promise<Record<string, string>> {
  for (let i = 0; i < 400; i++) {
    const r = (await rpc(url, 'eth_getTransactionReceipt', [hash])) as Record<string, string> | null;
    if (r) return r;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error(`${url} did not mine ${hash} within 10 s`);
}

/** Sends 1 wei between the first two unlocked accounts and returns the transaction hash once its receipt is there. */
export async function sendTestTransaction(url: string): Promise<string> {
  const accounts = (await rpc(url, 'eth_accounts')) as string[];
  const hash = (await rpc(url, 'eth_sendTransaction', [
    { from: accounts[0], to: accounts[1], value: '0x1' },
  ])) as string;
  await minedReceipt(url, hash);
  return hash;
}
