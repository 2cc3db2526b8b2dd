import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../helpers/freePort.ts';

/** A ganache node on loopback, started for one test file. */
export interface GanacheNode {
  url: string;
  rpc(method: string, params?: unknown[]): Promise<unknown>;
  stop(): Promise<void>;
}

/** Starts `ganache --host 127.0.0.1 --port P` and waits until it answers. */
export async function startGanache(): Promise<GanacheNode> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    'node_modules/.bin/ganache',
    ['--host', '127.0.0.1', '--port', String(port), '--logging.quiet'],
    {
      stdio: 'ignore',
    },
  );
  const rpc = async (method: string, params: unknown[] = []) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const reply = (await res.json()) as { result?: unknown; error?: { message: string } };
    if (reply.error) throw new Error(reply.error.message);
    return reply.result;
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await rpc('eth_blockNumber');
      break;
    } catch (e) {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill();
        throw new Error(`ganache did not start on ${url}: ${(e as Error).message}`, { cause: e });
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    rpc,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
