// Embedded EVM: steps/s of a ~1,000,000-step loop transaction untraced, under the struct logger (everything
// off), with @ethereumjs's own `step` event (the library's copy-per-step baseline), and traced by a call.js-like
// JS tracer through the host. Interleaved rounds (BENCH_EVM_ROUNDS, default 11); each ratio is the median of the
// rounds' own ratios, with the lowest and highest round beside it. Compare ratios, not absolute numbers. An inspected
// run (the page's Debug panel: steps, `this` diffs, console) of the same tracer in QuickJS is timed against the plain
// QuickJS run of its round.
import { createBlock } from '@ethereumjs/block';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createLegacyTx } from '@ethereumjs/tx';
import { Address, bytesToHex, hexToBytes, privateToAddress } from '@ethereumjs/util';
import { createVM, runTx } from '@ethereumjs/vm';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createQuickJsRealmFactory } from '../src/evm/host/realm/createQuickJsRealm.ts';
import { createVmRealm } from '../src/evm/host/realm/createVmRealm.ts';
import type { RealmFactory } from '../src/evm/host/realm/tracerRealm.ts';
import { traceWithJsTracer, traceWithStructLogger } from '../src/evm/host/traceTransaction.ts';
import type { TraceRun } from '../src/evm/host/traceTypes.ts';
import type { TraceDebugOptions } from '../src/evm/host/traceDebug.ts';
import { defaultInspectLimits } from '../src/evm/host/inspectTypes.ts';
import { createSyncStateManager } from '../src/evm/state/createSyncStateManager.ts';
import { callJs, loopCodeHex, loopSteps } from './loop.ts';

const code = hexToBytes(loopCodeHex);
const steps = loopSteps;

async function buildRun(): Promise<TraceRun> {
  const key = hexToBytes(`0x${'22'.repeat(32)}`);
  const from = bytesToHex(privateToAddress(key));
  const to = `0x${'c0'.repeat(20)}` as const;
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Cancun });
  const alloc = { [from]: { balance: '0xffffffffffffffffffff' }, [to]: { code: bytesToHex(code) } };
  const vm = await createVM({ common, stateManager: createSyncStateManager({ common, alloc }) });
  const tx = createLegacyTx(
    { gasLimit: 10_000_000n, gasPrice: 10n, to: new Address(hexToBytes(to)) },
    { common },
  ).sign(key);
  const block = createBlock({ header: { number: 1n, gasLimit: 30_000_000n, baseFeePerGas: 0n } }, { common });
  return { vm, tx, block };
}

type Body = (run: TraceRun) => Promise<unknown>;

/** A mode's median rate and its time ratio to the untraced run, median and spread over the rounds. */
interface Measured {
  rate: number;
  ratio: { median: number; low: number; high: number };
  /** Each round's time (ms). */
  times: number[];
}

const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];

// Rounds interleave the modes so that load changes on a shared machine hit every mode alike, and each mode's ratio is
// taken within its round (to the untraced run just before it), so a slow minute moves both sides of one ratio: the
// median of those paired ratios repeats where a ratio of two medians moved 2× between runs. The spread printed next
// to it is the lowest and highest round.
async function measureAll(rounds: number, bodies: Body[]): Promise<Measured[]> {
  const times: number[][] = bodies.map(() => []);
  for (const body of bodies) await body(await buildRun()); // warm-up (JIT), not counted
  for (let r = 0; r < rounds; r++) {
    for (let b = 0; b < bodies.length; b++) {
      const run = await buildRun();
      // A collection of what earlier rounds left, before the clock starts rather than inside a measurement.
      (globalThis as { gc?: () => void }).gc?.();
      const t0 = performance.now();
      await bodies[b](run);
      times[b].push(performance.now() - t0);
    }
  }
  return times.map((list) => {
    const ratios = list.map((t, r) => t / times[0][r]);
    return {
      rate: steps / (median(list) / 1000),
      ratio: { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) },
      times: list,
    };
  });
}

/** `m`'s time ratio to `base`, round by round (median and spread). */
function pairedRatio(m: Measured, base: Measured): Measured['ratio'] {
  const ratios = m.times.map((t, r) => t / base.times[r]);
  return { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
}

const ratioText = (m: Pick<Measured, 'ratio'>) =>
  `${m.ratio.median.toFixed(2)}x (rounds ${m.ratio.low.toFixed(2)}–${m.ratio.high.toFixed(2)})`;

const fmt = (r: number) => `${(r / 1e6).toFixed(2)} M steps/s`;

const quickJs = createQuickJsRealmFactory(
  readFileSync(createRequire(import.meta.url).resolve('big-integer/BigInteger.min.js'), 'utf8'),
);

// The cost of a fresh realm (create, load the bigInt library and the prelude, dispose), median of 21.
async function realmCost(factory: RealmFactory): Promise<number> {
  const host = () => 'x';
  const times: number[] = [];
  for (let i = 0; i < 22; i++) {
    const t0 = performance.now();
    const realm = await factory(host, { deadline: Infinity, memoryBytes: 64 << 20 });
    realm.dispose();
    if (i > 0) times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[10];
}

// The page's inspected run: steps recorded up to the default bound, `this` diffed after each hook call, a console.
const inspectDebug: TraceDebugOptions = { console: true, inspect: {}, report: () => undefined };

/** Runs the benchmark and returns printable lines (`rounds`: interleaved rounds, default 11). */
export async function runEvmBench(rounds = Number(process.env.BENCH_EVM_ROUNDS ?? 11)): Promise<string[]> {
  for (const createRealm of [createVmRealm, quickJs]) {
    const check = (await traceWithJsTracer(await buildRun(), {
      tracer: '{n:0,step:function(){this.n++},fault:function(){},result:function(){return this.n}}',
      timeout: '60s',
      createRealm,
    })) as number;
    if (check !== steps) throw new Error(`loop ran ${check} steps, expected ${steps}`);
  }
  const [untraced, stepEvent, logger, traced, tracedQuickJs, inspected] = await measureAll(rounds, [
    (r) => runTx(r.vm, { tx: r.tx, block: r.block }),
    (r) => {
      r.vm.evm.events!.on('step', (e: { stack: bigint[] }) => void e.stack.length);
      return runTx(r.vm, { tx: r.tx, block: r.block });
    },
    (r) => traceWithStructLogger(r, { disableStack: true, disableStorage: true, limit: 1 }),
    (r) => traceWithJsTracer(r, { tracer: callJs, timeout: '60s', createRealm: createVmRealm }),
    (r) => traceWithJsTracer(r, { tracer: callJs, timeout: '60s', createRealm: quickJs }),
    (r) =>
      traceWithJsTracer(r, { tracer: callJs, timeout: '60s', createRealm: quickJs, debug: inspectDebug }),
  ]);
  const [vmRealm, quickJsRealm] = [await realmCost(createVmRealm), await realmCost(quickJs)];
  return [
    `loop transaction: ${steps.toLocaleString('en-US')} steps, ${rounds} interleaved rounds; time ratios to the untraced run of the same round`,
    `untraced (runTx):                       ${fmt(untraced.rate)}`,
    `@ethereumjs step event (copy per step): ${fmt(stepEvent.rate)}  (${ratioText(stepEvent)} slower)`,
    `struct logger, all off, limit 1:        ${fmt(logger.rate)}  (${ratioText(logger)} slower)`,
    `call.js, V8-context realm (Node CLI):   ${fmt(traced.rate)}  (traced/untraced ${ratioText(traced)})`,
    `call.js, QuickJS realm (browser's):     ${fmt(tracedQuickJs.rate)}  (traced/untraced ${ratioText(tracedQuickJs)})`,
    `call.js, QuickJS, inspected (default bound ${defaultInspectLimits.maxSteps.toLocaleString('en-US')} steps) + console: ${fmt(inspected.rate)}  (inspected/plain QuickJS ${ratioText({ ratio: pairedRatio(inspected, tracedQuickJs) })})`,
    `fresh realm per trace: V8 context ${vmRealm.toFixed(2)} ms, QuickJS ${quickJsRealm.toFixed(2)} ms`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await runEvmBench()) console.log(line);
}
