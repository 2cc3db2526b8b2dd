import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { killProcessTree } from '../../src/cli/serve/killProcessTree.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A running `tracer serve` process. */
export interface RunningServe {
  url: string;
  /** What it printed on stdout up to its start. */
  stdout: string;
  /** One JSON-RPC call; the whole response object. */
  call(method: string, params: unknown[]): Promise<{ result?: unknown; error?: { message: string } }>;
  /** Kills it, trace processes included. */
  stop(): void;
}

let nextId = 1;

/** A running `tracer serve --upstream`. */
export type ServeUpstream = RunningServe;

/** Starts `node bin/tracer.mjs serve --port 0 --upstream <upstream> …extra` and waits until it says it forwards. */
export function startServeUpstream(upstream: string, ...extra: string[]): Promise<ServeUpstream> {
  return startServe(['--upstream', upstream, ...extra], (out) => out.includes('forwarded'));
}

/**
 * Starts `node bin/tracer.mjs serve --port 0 …args` and waits until it prints its URL (and `ready(stdout)` holds);
 * killed with its trace processes when the start fails.
 */
export async function startServe(
  args: string[],
  ready: (stdout: string) => boolean = () => true,
): Promise<RunningServe> {
  const proc = spawn(process.execPath, ['bin/tracer.mjs', 'serve', '--port', '0', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += d));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 60_000);
      proc.on('close', () => reject(new Error(`serve ended: ${stderr}`)));
      proc.stdout!.on('data', (d) => {
        stdout += d;
        const m = /listening on (http:\/\/\S+) \(HTTP\)/.exec(stdout);
        if (m && ready(stdout)) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    return {
      url,
      stdout,
      async call(method, params) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
        });
        return (await res.json()) as { result?: unknown; error?: { message: string } };
      },
      stop: () => killProcessTree(proc),
    };
  } catch (e) {
    killProcessTree(proc);
    throw e;
  }
}
