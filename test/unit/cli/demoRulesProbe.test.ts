import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { demoTxHash } from '../../../src/cli/commandSpecs.ts';
import { startRpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import type { DemoTx } from '../../../src/cli/describeDemoChain.ts';
import { es5Rules } from '../../../src/core/es5/es5Rules.ts';
import { detectClientFamily } from '../../../src/core/rpc/protocol/describeTracerEcho.ts';
import { tracerRules } from '../../../src/core/tracer/tracerRules.ts';
import { createEmbeddedNode, embeddedClientVersion } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { DemoDefaults } from '../../../src/evm/node/demoDefaults.ts';
import { createCaptureIo } from './cliIo.ts';

async function cli(argv: string[]) {
  const io = createCaptureIo();
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

let node: Awaited<ReturnType<typeof createEmbeddedNode>>;
let server: { url: string; close(): Promise<void> | void };
beforeAll(async () => {
  node = await createEmbeddedNode();
  server = await startRpcServer(node, '127.0.0.1', 0);
});
afterAll(async () => {
  await server?.close();
});

describe('tracer demo', () => {
  it('lists every transaction of the chain, in chain order, from the chain itself', async () => {
    const r = await cli(['demo', '--json']);
    expect(r).toMatchObject({ code: 0, err: '' });
    const txs = JSON.parse(r.out) as DemoTx[];
    const mined = node.chain.blocks.flatMap((b) => b.txs.map((t) => [t.hash, Number(b.number), t.index]));
    expect(txs.map((t) => [t.hash, t.block, t.index])).toEqual(mined);
    expect(mined.length).toBeGreaterThan(10);
  });

  const defaults = () => node.demoDefaults as DemoDefaults;
  it.each([
    [
      'the default transaction (CallProbe.run)',
      () => defaults().txHash,
      {
        from: 'bob',
        action: 'CallProbe.run(uint256)',
        status: 'success',
        ops: ['SLOAD', 'SSTORE', 'CALL', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2', 'LOG1', 'LOG2'],
      },
    ],
    [
      'the reverting transaction',
      () => defaults().revertTxHash,
      {
        from: 'carol',
        action: 'Reverter.check(uint256)',
        status: 'reverted',
        revertReason: 'Reverter: value must be below 10',
        ops: ['REVERT'],
      },
    ],
    [
      'the ERC-20 transfer of block 2',
      () => node.chain.blockByNumber(2n)!.txs[0].hash,
      {
        from: 'alice',
        action: 'DemoToken.transfer(address,uint256)',
        status: 'success',
        ops: ['SLOAD', 'SSTORE', 'LOG3'],
      },
    ],
  ] as const)('%s: who, what, and the opcodes it runs', async (_, hash, expected) => {
    const txs = JSON.parse((await cli(['demo', '--json'])).out) as DemoTx[];
    const tx = txs.find((t) => t.hash === hash())!;
    const { ops, ...fields } = expected;
    expect(tx).toMatchObject(fields);
    for (const op of ops) expect(tx.opcodes[op], op).toBeGreaterThan(0);
  });

  it('prints one line per transaction under its block, with what it exercises', async () => {
    const r = await cli(['demo']);
    expect(r).toMatchObject({ code: 0, err: '' });
    for (const b of node.chain.blocks.filter((b) => b.txs.length)) {
      expect(r.out).toContain(`\nblock ${b.number} (0x${b.number.toString(16)})\n`);
      for (const t of b.txs)
        expect(r.out).toMatch(new RegExp(`^  ${t.hash}  #${t.index} \\w+: .+ → .+$`, 'm'));
    }
    expect(r.out).toMatch(/#0 alice: DemoToken\.transfer\(address,uint256\) → SLOAD\/SSTORE, LOG3$/m);
    expect(r.out).toMatch(/ether to dave \(1 ether, EIP-2930 tx\) → no code runs$/m);
  });

  it("the help examples' transaction is the demo chain's default one", () => {
    expect(demoTxHash).toBe(defaults().txHash);
  });
});

describe('tracer rules', () => {
  const catalogue = [
    ...tracerRules.map((r) => [r.id, r.severity, r.summary]),
    ...Object.entries(es5Rules).map(([id, r]) => [
      id,
      r.engines.length > 0 ? 'error (a note for targets that run it)' : 'error',
      r.since,
    ]),
  ];
  let text = '';
  let json: { id: string; severity: string; summary: string }[] = [];
  beforeAll(async () => {
    const r = await cli(['rules']);
    expect(r).toMatchObject({ code: 0, err: '' });
    text = r.out;
    json = JSON.parse((await cli(['rules', '--json'])).out);
  });

  it.each(catalogue)('%s (%s) is listed with its summary', (id, severity, summary) => {
    const line = text.split('\n').find((l) => l.startsWith(`${id} `));
    expect(line).toBeDefined();
    expect(line).toMatch(
      new RegExp(
        `^${id} +${severity.replace(/[()]/g, '\\$&')} +.*${summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
    );
    expect(json.find((r) => r.id === id)).toMatchObject({ severity });
  });

  it('lists each rule once and nothing else', () => {
    expect(json.map((r) => r.id)).toEqual(catalogue.map(([id]) => id));
    expect(text.trim().split('\n')).toHaveLength(catalogue.length);
  });
});

describe('tracer probe names the embedded node', () => {
  it.each([
    [embeddedClientVersion, 'tracer-playground'],
    ['TracerPlayground/v9.9.9/anything', 'tracer-playground'],
    ['Geth/v1.14.0-stable/linux-amd64/go1.22', 'geth'],
  ])('%s → %s', (version, family) => {
    expect(detectClientFamily(version)).toBe(family);
  });

  it('tracer probe of the embedded node: supported, and the client named', async () => {
    const r = await cli(['probe', '--endpoint', server.url]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      new RegExp(
        `^JS tracing: supported — behaves like geth\\nclient: ${embeddedClientVersion.replace(/[./]/g, '\\$&')} \\(tracer-playground\\)\\n`,
      ),
    );
  });
});
