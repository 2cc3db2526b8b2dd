import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureFixture, captureFixtureJson } from '../../../src/core/fixture/captureFixture.ts';
import type { Fixture } from '../../../src/core/fixture/fixtureTypes.ts';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import type { DialectDifferenceId } from '../../../src/core/rpc/probe/dialect.ts';
import { probeNode } from '../../../src/core/rpc/probe/probe.ts';
import { parseTemplateHeader } from '../../../src/core/templates/parseTemplateHeader.ts';
import { createVmRealm } from '../../../src/evm/host/realm/createVmRealm.ts';
import { type EmbeddedNode, createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { replayFixture } from '../../../src/evm/node/replayFixture.ts';
import { createHttpTransport } from '../../../src/io/transport/createHttpTransport.ts';
import { createProbeSender } from '../../../src/io/transport/createProbeSender.ts';
import { type RunningNode, rpc, startAnvil } from '../../helpers/nodes.ts';
import { type AnvilTransactions, type RawAnswer, rawRpc, runDemoTransactions } from './anvilChain.ts';

/*
 * anvil 1.7.1 as a real peer: the demo chain's transactions are run on anvil (Prague, like the embedded node),
 * captured from it (prestateTracer) and replayed on the embedded node; then every template is sent to both with the
 * same request. Where the answers differ, the table below names the dialect difference (src/core/rpc/probe/dialect.ts) and
 * a model of it turns the embedded node's (geth's) answer into anvil's exactly: a difference is asserted, not hidden.
 * docs/dialects.md has the same table in words.
 */

const root = join(import.meta.dirname, '../../..');
const templateDir = join(root, 'tracer-templates');
const templateIds = readdirSync(templateDir)
  .filter((f) => f.endsWith('.js'))
  .map((f) => f.slice(0, -3))
  .sort();

type TxName = keyof AnvilTransactions;
const txNames: TxName[] = ['transfer', 'probe', 'revert', 'tryCheck', 'selfdestruct'];

/** template → the differences behind its answers on anvil: for every transaction (`all`) and per transaction. */
const anvilTable: Record<
  string,
  { all?: DialectDifferenceId[] } & Partial<Record<TxName, DialectDifferenceId[]>>
> = {
  call: {},
  'call-tree': { probe: ['frame-value-zero'], selfdestruct: ['selfdestruct-as-call'] },
  'erc20-transfers': {},
  'event-logs': {},
  'flat-calls': {
    all: ['ctx-no-tx-fields'],
    probe: ['frame-value-zero'],
    selfdestruct: ['selfdestruct-as-call'],
  },
  'gas-per-step': { all: ['getcost-late'] },
  'opcode-histogram': {},
  prestate: { all: ['no-bigint'] },
  'revert-finder': {},
  'selector-counter': { selfdestruct: ['selfdestruct-as-call'] },
  'sload-sstore': {},
  'storage-diff': { transfer: ['result-db-pre-state'], probe: ['result-db-pre-state'] },
};

const expectedIds = (template: string, tx: TxName) => [
  ...(anvilTable[template].all ?? []),
  ...(anvilTable[template][tx] ?? []),
];

/** What a model sees: the transaction's input (for frames anvil copies from it) and anvil's own answer. */
interface ModelContext {
  txInput: string;
  anvil: any;
}

type Frame = {
  type: string;
  from: string;
  to: string;
  input: string;
  value?: string;
  gas: string;
  calls?: Frame[];
};
type FlatEntry = {
  type: string;
  traceAddress: number[];
  action: Record<string, string>;
  [k: string]: unknown;
};

/** call-tree: walks the frames with their parent and anvil's frame at the same place. */
function mapFrames(
  frame: Frame,
  anvilFrame: Frame,
  f: (fr: Frame, parent: Frame, anvil: Frame) => Frame,
): Frame {
  if (!frame.calls) return frame;
  return {
    ...frame,
    calls: frame.calls.map((c, i) => mapFrames(f(c, frame, anvilFrame.calls![i]), anvilFrame.calls![i], f)),
  };
}

/**
 * How each difference shows in each template's answer: the model turns geth's answer into the dialect's. Fields no
 * model can know (the gas left where anvil copies a frame) are taken from anvil's answer, and said so.
 */
const models: Record<string, Partial<Record<DialectDifferenceId, (geth: any, c: ModelContext) => any>>> = {
  'call-tree': {
    'frame-value-zero': (geth, c) =>
      mapFrames(geth, c.anvil, (fr) =>
        fr.type === 'DELEGATECALL' || fr.type === 'STATICCALL' ? { ...fr, value: '0x0' } : fr,
      ),
    // A copy of the frame that ran SELFDESTRUCT, with the gas left at that point (from anvil's answer).
    'selfdestruct-as-call': (geth, c) =>
      mapFrames(geth, c.anvil, (fr, parent, anvil) =>
        fr.type === 'SELFDESTRUCT'
          ? {
              from: parent.from,
              gas: anvil.gas,
              gasUsed: '0x0',
              to: parent.to,
              input: parent.input,
              value: parent.value,
              type: 'CALL',
            }
          : fr,
      ),
  },
  'flat-calls': {
    'ctx-no-tx-fields': (geth: FlatEntry[]) =>
      geth.map((e) => ({ ...e, blockHash: null, transactionHash: null })),
    'frame-value-zero': (geth: FlatEntry[]) =>
      geth.map((e) =>
        e.action.callType === 'delegatecall' ? { ...e, action: { ...e.action, value: '0x0' } } : e,
      ),
    'selfdestruct-as-call': (geth: FlatEntry[], c) =>
      geth.map((e, i) => {
        if (e.type !== 'suicide') return e;
        const parent = geth.find((p) => p.traceAddress.join() === e.traceAddress.slice(0, -1).join())!;
        const { from, input, to, value } = parent.action;
        return {
          ...e,
          action: { callType: 'call', from, gas: c.anvil[i].action.gas, input, to, value },
          result: { gasUsed: '0x0', output: '0x' },
          type: 'call',
        };
      }),
  },
  'gas-per-step': {
    // Each step gets the cost of the previous step of its own frame, 0 at a frame's first step. At the step after an
    // inner call returns anvil reports a number unrelated to the call's cost (taken from anvil's answer).
    'getcost-late': (geth: { steps: { cost: number; depth: number }[] }, c) => ({
      ...geth,
      steps: geth.steps.map((s, i) => {
        const before = geth.steps[i - 1];
        if (!before || before.depth < s.depth) return { ...s, cost: 0 };
        if (before.depth > s.depth) return { ...s, cost: c.anvil.steps[i].cost };
        return { ...s, cost: before.cost };
      }),
    }),
  },
  prestate: {
    // Balances need arbitrary precision: prestate.js does its arithmetic with bigInt methods.
    'no-bigint': () => ({
      error: {
        code: -32603,
        message: expect.stringMatching(
          /^(ReferenceError: bigInt is not defined|TypeError: not a callable function)\n\s+at (rebuildCoinbase|paidPrice) /,
        ),
      },
    }),
  },
  'selector-counter': {
    // The copied frame carries the transaction's input: its selector is counted once more.
    'selfdestruct-as-call': (geth: Record<string, number>, c) => {
      const key = `${c.txInput.slice(0, 10)}-${(c.txInput.length - 10) / 2}`;
      return { ...geth, [key]: (geth[key] ?? 0) + 1 };
    },
  },
  // result() compares each written slot with db: reading the state before the transaction, nothing changed.
  'storage-diff': { 'result-db-pre-state': () => ({}) },
};

function readTemplate(id: string) {
  const source = readFileSync(join(templateDir, `${id}.js`), 'utf8');
  const header = parseTemplateHeader(source, id);
  if (!header.ok) throw new Error(header.error.message);
  const flat = flattenTracer(source);
  if (!flat.ok) throw new Error(`${id} does not flatten`);
  const options: Record<string, unknown> = { tracer: flat.code };
  if (header.template.tracerConfig !== undefined) options.tracerConfig = header.template.tracerConfig;
  return { header: header.template, options };
}

async function embeddedAnswer(node: EmbeddedNode, method: string, params: unknown[]): Promise<RawAnswer> {
  const r = (await node.request({ jsonrpc: '2.0', id: 1, method, params })) as RawAnswer;
  return r.error ? { error: r.error } : { result: r.result };
}

let anvil: RunningNode;
let txs: AnvilTransactions;
const fixtures = new Map<TxName, Fixture>();
const nodes = new Map<TxName, EmbeddedNode>();
const inputs = new Map<TxName, string>();
let probedIds: DialectDifferenceId[] = [];
const send = (method: string, params: unknown[]) => rpc(anvil.url, method, params);

beforeAll(async () => {
  anvil = await startAnvil(['--hardfork', 'prague', '--steps-tracing']);
  txs = await runDemoTransactions(anvil.url);
  for (const name of txNames) {
    const fixture = await captureFixture(send, txs[name]);
    fixtures.set(name, fixture);
    nodes.set(name, await createEmbeddedNode({ fixture, createRealm: createVmRealm }));
    inputs.set(name, ((await send('eth_getTransactionByHash', [txs[name]])) as { input: string }).input);
  }
  const report = await probeNode(
    createProbeSender(createHttpTransport({ url: anvil.url, timeoutMs: 20_000 })),
  );
  probedIds = report.dialect?.differences.map((d) => d.id) ?? [];
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

describe('capture from anvil, replay on the embedded node', () => {
  it('anvil runs prestateTracer, so every transaction captures as a fixture', () => {
    for (const name of txNames) {
      const f = fixtures.get(name)!;
      expect(f.context.number).toBeGreaterThan(0n);
      expect(Object.keys(f.genesis.alloc).length).toBeGreaterThan(1);
    }
  });

  it('`tracer capture` writes the same fixture as captureFixtureJson', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(root, 'bin/tracer.mjs'), 'capture', '--endpoint', anvil.url, '--tx', txs.probe],
      { cwd: root },
    );
    expect(JSON.parse(stdout)).toEqual(await captureFixtureJson(send, txs.probe));
  });

  it.each(txNames)(
    '%s: the struct logs agree step for step (with anvil’s known logger differences)',
    async (name) => {
      const params = [txs[name], { enableMemory: true }];
      const a = (await rawRpc(anvil.url, 'debug_traceTransaction', params)).result as any;
      const e = (await embeddedAnswer(nodes.get(name)!, 'debug_traceTransaction', params)).result as any;
      expect([a.gas, a.failed, a.returnValue]).toEqual([e.gas, e.failed, e.returnValue]);
      expect(a.structLogs.length).toBe(e.structLogs.length);
      expect(a.structLogs.length).toBeGreaterThan(50);
      a.structLogs.forEach((s: any, i: number) => {
        const g = e.structLogs[i];
        // anvil always writes refund (geth leaves out 0), writes `memory: []` while memory is empty (geth's
        // StructLog.toLegacyJSON leaves it out), and prefixes memory words and storage keys and values with 0x (geth
        // does not).
        const unprefix = (w: string) => w.slice(2);
        const norm = {
          ...s,
          refund: s.refund || undefined,
          memory: s.memory?.length ? s.memory.map(unprefix) : undefined,
          storage:
            s.storage &&
            Object.fromEntries(
              Object.entries(s.storage as Record<string, string>).map(([k, v]) => [unprefix(k), unprefix(v)]),
            ),
        };
        // anvil's CREATE/CREATE2 gasCost includes the gas handed to the new frame (all but 1/64 of what is left).
        if (s.op === 'CREATE' || s.op === 'CREATE2') {
          const left = g.gas - g.gasCost;
          norm.gasCost = s.gasCost - (left - Math.floor(left / 64));
        }
        expect(JSON.parse(JSON.stringify(norm)), `step ${i}`).toEqual(g);
      });
    },
  );

  it.each(txNames)('%s: a JS step tracer sees the same steps on anvil and in replayFixture', async (name) => {
    const tracer =
      "{s:[],step:function(l){this.s.push([l.getPC(),l.op.toString(),l.getGas(),l.getDepth(),l.stack.length()].join(' '))},fault:function(){},result:function(){return this.s}}";
    const onAnvil = (await rawRpc(anvil.url, 'debug_traceTransaction', [txs[name], { tracer }])).result;
    const replayed = await replayFixture(fixtures.get(name)!, { tracer, createRealm: createVmRealm });
    expect(onAnvil).toEqual(replayed);
  });
});

describe('every template on anvil and on the embedded node, the same request', () => {
  it('covers every template in tracer-templates/', () => {
    expect(Object.keys(anvilTable).sort()).toEqual(templateIds);
  });

  it('names only differences the probe reports for anvil (ctx-no-tx-fields needs a mined transaction)', () => {
    const used = new Set(Object.values(anvilTable).flatMap((row) => Object.values(row).flat()));
    for (const id of used) if (id !== 'ctx-no-tx-fields') expect(probedIds).toContain(id);
  });

  it.each(templateIds)('%s: same on anvil, or differs exactly as the table says', async (id) => {
    const { options } = readTemplate(id);
    for (const name of txNames) {
      const params = [txs[name], options];
      const onAnvil = await rawRpc(anvil.url, 'debug_traceTransaction', params);
      const onEmbedded = await embeddedAnswer(nodes.get(name)!, 'debug_traceTransaction', params);
      expect(onEmbedded.error, `${id} on the embedded node, ${name}`).toBeUndefined();
      const ids = expectedIds(id, name);
      if (ids.length === 0) {
        expect(onAnvil, `${id}, ${name}: same`).toEqual(onEmbedded);
        continue;
      }
      expect(onAnvil, `${id}, ${name}: differs`).not.toEqual(onEmbedded);
      let expected: any = onEmbedded.result;
      for (const diff of ids) {
        const model = models[id]?.[diff];
        if (!model) throw new Error(`no model of ${diff} for ${id}`);
        expected = model(expected, { txInput: inputs.get(name)!, anvil: onAnvil.result });
      }
      const modelled =
        expected && typeof expected === 'object' && 'error' in expected ? expected : { result: expected };
      expect(onAnvil, `${id}, ${name}: differs because ${ids.join(', ')}`).toEqual(modelled);
    }
  });

  it('each template header says anvil exactly when every transaction gives the same answer there', () => {
    for (const id of templateIds) {
      const same = txNames.every((name) => expectedIds(id, name).length === 0);
      expect(readTemplate(id).header.tested?.includes('anvil') ?? false, id).toBe(same);
    }
  });
});
