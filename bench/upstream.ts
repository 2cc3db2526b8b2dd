// `tracer serve --upstream` next to Foundry's `cast run` on the same mid-block transaction of the same loopback anvil
// (issue 23). anvil 1.7.1 mines five transactions in one block (test/unit/upstream/mixedBlock.ts); the traced one is
// `probe` (CallProbe.run(7): every call kind, CREATE/CREATE2, storage, logs), third of five, so both tools first run
// the two before it. A real `serve --upstream` process (2 trace processes) talks to anvil through the loopback proxy of
// the upstream tests, which counts HTTP requests and JSON-RPC calls; `cast run` (@foundry-rs/cast-linux-amd64 1.7.1,
// offline: no signature look-ups) talks to anvil directly. Two rows: call-tree.js (the flattened text `tracer payload`
// sends) and the struct logger (no tracer).
//
// Paired rounds (BENCH_UPSTREAM_ROUNDS, default 7): per round and row, a freshly started serve whose trace processes
// are warmed on a transaction of the previous block (so the chain id is already fetched, nothing of the traced block),
// then `cast run` (whole process, wall time) and serve's cold trace (the first of that block) and warm trace (the
// same again), each one HTTP request over a fresh connection; cast goes first in even rounds and last in odd ones.
// Each ratio is the median of the rounds' own ratios. Beside the wall times, the CPU time (user + system, from /proc)
// of serve and its trace processes during each trace, and of each `cast run` process, less sensitive to a busy machine.
// The proxy refuses every debug_* call and counts it (a serve that asks the upstream's prestateTracer first shows it).
// `BENCH_UPSTREAM_ROOT=DIR` runs the `serve` of another checkout. Every process started here (anvil, serve and its
// trace processes, cast) is killed by its process id at the end, also on a failure or a signal.
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { main } from '../src/cli/main.ts';
import { createCaptureIo } from '../test/unit/cli/cliIo.ts';
import { type RunningNode, rpc, startAnvil } from '../test/helpers/nodes.ts';
import { type MixedBlock, buildMixedBlock } from '../test/unit/upstream/mixedBlock.ts';
import { type UpstreamProxy, startUpstreamProxy } from '../test/unit/upstream/upstreamProxy.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Whose `serve` runs: this checkout, or `BENCH_UPSTREAM_ROOT=DIR` (another checkout, e.g. a commit's, for a before/after). */
const serveRoot = process.env.BENCH_UPSTREAM_ROOT ?? root;
/** The cast binary shipped inside the npm package @foundry-rs/cast-linux-amd64 (a devDependency), as anvil's. */
const castBin = join(root, 'node_modules/@foundry-rs/cast-linux-amd64/bin/cast');
const rounds = Number(process.env.BENCH_UPSTREAM_ROUNDS ?? 7);
const goals = { cold: 2, warm: 0.5 };

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const ms = (t: number) => `${Math.round(t)} ms`;
const pause = (t: number) => new Promise((r) => setTimeout(r, t));

/** Process ids of the live descendants of `pid` (children, grandchildren…), from /proc. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after its last ')'.
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf)
      if (parent === p) {
        out.push(child);
        walk(child);
      }
  };
  walk(pid);
  return out;
}

const alive = (pid: number) => existsSync(`/proc/${pid}`);

/** Clock ticks per second of /proc's CPU times. */
const ticks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();
/** Fields of /proc/PID/stat after the command name: [11] utime, [12] stime, [13] cutime, [14] cstime. */
const statFields = (pid: number | 'self') => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
};
/** CPU time (user + system, ms) the processes used so far; a process gone meanwhile counts nothing. */
function cpuMs(pids: number[]): number {
  let sum = 0;
  for (const pid of pids)
    try {
      const f = statFields(pid);
      sum += ((f[11] + f[12]) * 1000) / ticks;
    } catch {
      // gone
    }
  return sum;
}
/** CPU time (ms) of this process's children that have ended and been waited for (cast runs, after their exit). */
const endedChildrenCpuMs = () => {
  const f = statFields('self');
  return ((f[13] + f[14]) * 1000) / ticks;
};
const kill = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
};

/** Processes started by this part, killed by `stopAll` (with what they started). */
const started = new Set<ChildProcess>();

/** Stops a process started here and everything it started: SIGTERM, then SIGKILL after `graceMs`, each by pid. */
async function stopProcess(proc: ChildProcess, graceMs = 5000): Promise<void> {
  const pid = proc.pid;
  if (pid === undefined) return void started.delete(proc);
  const tree = descendants(pid); // serve's trace processes lead process groups of their own
  if (proc.exitCode === null && proc.signalCode === null) {
    const exited = new Promise((r) => proc.once('exit', r));
    kill(pid, 'SIGTERM');
    await Promise.race([exited, pause(graceMs)]);
    if (alive(pid)) kill(pid, 'SIGKILL');
  }
  for (const child of tree) if (alive(child)) kill(child, 'SIGKILL');
  started.delete(proc);
}

/** A POST on a connection of its own; the parsed answer and the wall time from sending to the parsed answer. */
function post(url: string, body: string): Promise<{ answer: any; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const r = request(
      url,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          try {
            const answer = JSON.parse(text);
            resolve({ answer, ms: performance.now() - t0 });
          } catch (e) {
            reject(e);
          }
        });
      },
    );
    r.on('error', reject);
    r.end(body);
  });
}

/** A real `serve --upstream` process on a free loopback port; its URL once it says what it serves. */
async function startServe(upstream: string): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['bin/tracer.mjs', 'serve', '--port', '0', '--upstream', upstream], {
    cwd: serveRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(proc);
  let out = '';
  let err = '';
  proc.stderr!.on('data', (d) => (err = (err + d).slice(-8000)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`serve did not start in 120 s: ${out}${err}`)),
        120_000,
      );
      proc.stdout!.on('data', (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m && out.includes('forwarded')) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`serve exited (${code}) before listening: ${out}${err}`));
      });
    });
    return { proc, url };
  } catch (e) {
    await stopProcess(proc);
    throw e;
  }
}

/** Runs `cast run HASH --rpc-url URL` to its end; its wall time, CPU time (user + system, all threads) and stdout. */
async function castRun(hash: string, rpcUrl: string): Promise<{ ms: number; cpu: number; out: string }> {
  const cpu0 = endedChildrenCpuMs();
  const t0 = performance.now();
  const proc = spawn(castBin, ['run', hash, '--rpc-url', rpcUrl], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Offline: no selector look-ups on the Internet; any other request goes to a closed loopback port.
    env: {
      ...process.env,
      FOUNDRY_OFFLINE: 'true',
      NO_COLOR: '1',
      HTTP_PROXY: 'http://127.0.0.1:9',
      HTTPS_PROXY: 'http://127.0.0.1:9',
      ALL_PROXY: 'http://127.0.0.1:9',
      NO_PROXY: '127.0.0.1,localhost',
    },
  });
  started.add(proc);
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (err += d));
  const timer = setTimeout(() => void stopProcess(proc, 0), 60_000);
  const code = await new Promise<number | null>((r) => proc.once('exit', (c) => r(c)));
  const wall = performance.now() - t0;
  clearTimeout(timer);
  started.delete(proc);
  if (code !== 0) throw new Error(`cast run exited with ${code}: ${out}${err}`);
  return { ms: wall, cpu: endedChildrenCpuMs() - cpu0, out };
}

/** The flattened tracer text of a file, as `tracer payload` puts it in a request. */
async function payloadTracer(file: string): Promise<string> {
  const io = createCaptureIo();
  const args = [
    'payload',
    file,
    '--method',
    'debug_traceTransaction',
    '--params',
    `["0x${'00'.repeat(32)}"]`,
  ];
  const code = await main(args, io);
  if (code !== 0) throw new Error(`tracer payload ${file}: ${io.err()}`);
  return (JSON.parse(io.out()) as { params: [string, { tracer: string }] }).params[1].tracer;
}

interface Row {
  name: string;
  config: Record<string, unknown>;
  /** Throws unless the answer is this row's trace of the probe transaction with `gasUsed`. */
  check(result: any, gasUsed: number): void;
}

interface Counts {
  requests: number;
  calls: number;
  /** debug_* calls the proxy refused (a serve that tries the upstream's prestateTracer first asks once). */
  refused: number;
}

interface Sample {
  cast: number;
  cold: number;
  warm: number;
  /** CPU time (ms): cast run's; serve's and its trace processes' during the cold and the warm trace. */
  cpu: { cast: number; cold: number; warm: number };
  coldCounts: Counts;
  warmCounts: Counts;
}

let nextId = 1;
const traceBody = (hash: string, config: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'debug_traceTransaction', params: [hash, config] });

/** One round of a row: a fresh serve, warmed elsewhere; then cast, cold and warm (cast first or last). */
async function measureRound(
  row: Row,
  ctx: { anvil: RunningNode; proxy: UpstreamProxy; probe: string; warmUpTx: string; gasUsed: number },
  castFirst: boolean,
): Promise<Sample> {
  const serve = await startServe(ctx.proxy.url);
  try {
    // Both trace processes started and warm (the first traces of a process compile the tracing code): three pairs
    // of concurrent traces of a transaction of the previous block, with this row's tracer.
    for (let i = 0; i < 3; i++) {
      const pair = await Promise.all([0, 1].map(() => post(serve.url, traceBody(ctx.warmUpTx, row.config))));
      for (const p of pair) if (p.answer.error) throw new Error(`warm-up: ${JSON.stringify(p.answer.error)}`);
    }
    const pids = [serve.proc.pid!, ...descendants(serve.proc.pid!)];
    let cast = castFirst ? await castRun(ctx.probe, ctx.anvil.url) : undefined;
    const timed = async () => {
      ctx.proxy.reset();
      const cpu0 = cpuMs(pids);
      const r = await post(serve.url, traceBody(ctx.probe, row.config));
      const cpu = cpuMs(pids) - cpu0;
      if (r.answer.error) throw new Error(`${row.name}: ${JSON.stringify(r.answer.error)}`);
      row.check(r.answer.result, ctx.gasUsed);
      return {
        ms: r.ms,
        cpu,
        counts: {
          requests: ctx.proxy.counts.requests,
          calls: ctx.proxy.counts.calls,
          refused: ctx.proxy.counts.debugRefused,
        },
      };
    };
    const cold = await timed();
    const warm = await timed();
    if (!castFirst) cast = await castRun(ctx.probe, ctx.anvil.url);
    return {
      cast: cast!.ms,
      cold: cold.ms,
      warm: warm.ms,
      cpu: { cast: cast!.cpu, cold: cold.cpu, warm: warm.cpu },
      coldCounts: cold.counts,
      warmCounts: warm.counts,
    };
  } finally {
    await stopProcess(serve.proc);
  }
}

const ratioText = (list: number[]) =>
  `${median(list).toFixed(2)}x (rounds ${Math.min(...list).toFixed(2)}–${Math.max(...list).toFixed(2)})`;
const countsText = (list: Counts[]) =>
  [
    ...new Set(
      list.map(
        (c) =>
          `${c.requests} HTTP requests (${c.calls} calls${c.refused ? `, ${c.refused} debug_* refused` : ''})`,
      ),
    ),
  ].join(' or ');

/** Runs the benchmark and returns printable lines. */
export async function runUpstreamBench(): Promise<string[]> {
  if (rounds < 5) throw new Error('BENCH_UPSTREAM_ROUNDS: at least 5 paired rounds');
  const t0 = performance.now();
  let anvil: RunningNode | undefined;
  let proxy: UpstreamProxy | undefined;
  const stopAll = async () => {
    await Promise.all([...started].map((p) => stopProcess(p)));
    await proxy?.close();
    await anvil?.stop();
  };
  const onSignal = (signal: NodeJS.Signals) => {
    void stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    anvil = await startAnvil();
    proxy = await startUpstreamProxy(anvil.url);
    const block: MixedBlock = await buildMixedBlock(anvil);
    const probe = block.txs.probe;
    const previous = (await rpc(anvil.url, 'eth_getBlockByNumber', [
      `0x${(BigInt(block.number) - 1n).toString(16)}`,
      false,
    ])) as { transactions: string[] };
    const warmUpTx = previous.transactions[0];
    const receipt = (await rpc(anvil.url, 'eth_getTransactionReceipt', [probe])) as Record<string, string>;
    const gasUsed = Number(receipt.gasUsed);
    const ctx = { anvil, proxy, probe, warmUpTx, gasUsed };

    // cast once (file cache, and what it says): it must run the probe transaction to the same gas.
    const first = await castRun(probe, anvil.url);
    const castGas = /Gas used: (\d+)/.exec(first.out)?.[1];
    if (Number(castGas) !== gasUsed) throw new Error(`cast run gave gas ${castGas}, receipt ${gasUsed}`);

    const callTree = await payloadTracer('tracer-templates/call-tree.js');
    const rows: Row[] = [
      {
        name: 'call-tree.js',
        config: { tracer: callTree },
        check(result, gas) {
          if (result?.type !== 'CALL' || Number(result.gasUsed) !== gas || !(result.calls?.length > 0))
            throw new Error(`call-tree.js: unexpected result ${JSON.stringify(result).slice(0, 300)}`);
        },
      },
      {
        name: 'struct logger',
        config: {},
        check(result, gas) {
          if (result?.failed !== false || result.gas !== gas || !(result.structLogs?.length > 100))
            throw new Error(`struct logger: unexpected result ${JSON.stringify(result).slice(0, 300)}`);
        },
      },
    ];
    const samples = rows.map(() => [] as Sample[]);
    for (let r = 0; r < rounds; r++)
      for (const [i, row] of rows.entries()) samples[i].push(await measureRound(row, ctx, r % 2 === 0));

    const lines = [
      `anvil 1.7.1, block ${Number(block.number)} of 5 transactions; traced: CallProbe.run(7), position 2 (both run the two before it), ${gasUsed} gas; ${rounds} paired rounds`,
      `cast run (whole process, offline), median of all rounds: ${ms(median(samples.flat().map((s) => s.cast)))}`,
    ];
    for (const [i, row] of rows.entries()) {
      const list = samples[i];
      const cold = list.map((s) => s.cold / s.cast);
      const warm = list.map((s) => s.warm / s.cast);
      const verdict = (ratio: number, goal: number) =>
        ratio <= goal ? `goal ≤ ${goal}x met` : `goal ≤ ${goal}x MISSED`;
      lines.push(
        `serve --upstream, ${row.name}: cold ${ms(median(list.map((s) => s.cold)))}, warm ${ms(median(list.map((s) => s.warm)))}; cast run ${ms(median(list.map((s) => s.cast)))}`,
        `  cold / cast run ${ratioText(cold)}: ${verdict(median(cold), goals.cold)}; warm / cast run ${ratioText(warm)}: ${verdict(median(warm), goals.warm)}`,
        `  upstream round trips (proxy between serve and anvil): cold ${countsText(list.map((s) => s.coldCounts))}; warm ${countsText(list.map((s) => s.warmCounts))}`,
        `  CPU time per trace (serve + its trace processes / cast run, user + system): cold ${ms(median(list.map((s) => s.cpu.cold)))}, warm ${ms(median(list.map((s) => s.cpu.warm)))}, cast run ${ms(median(list.map((s) => s.cpu.cast)))} (medians; ${1000 / ticks} ms ticks)`,
      );
    }
    lines.push(
      'cold: the first trace of that block by a serve started for the round, its 2 trace processes already started and warm (traced a transaction of the previous block, which fetched the chain id); warm: the same trace again; serve timed as one HTTP request over a fresh connection, cast run as its whole process',
      `(this part: ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    );
    return lines;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stopAll();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await runUpstreamBench()) console.log(line);
}
