import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { upstreamCommon } from '../../../src/evm/upstream/upstreamCommon.ts';
import { createCaptureIo } from '../cli/cliIo.ts';
import { waitForReceipt } from './captureDialectProxy.ts';
import { type RunningNode, rpc, startAnvil } from '../../helpers/nodes.ts';

// Osaka rules on a post-Osaka mainnet block: the rules by chain id and header (a table), then anvil as mainnet
// (`--chain-id 1 --hardfork osaka`, genesis at block 24,000,000 after mainnet's Osaka time) running a contract that
// uses CLZ (0x1e, EIP-7939) and the P-256 precompile (0x100, EIP-7951), traced with replay --endpoint and captured.
// anvil as mainnet from block 0 (small numbers, today's timestamps) gets mainnet's rules by timestamp alone; one
// whose header does not fit any mainnet fork at its timestamp gets a clear message, not other rules.

const osakaTime = 1764798551n;
const full = {
  difficulty: '0x0',
  baseFeePerGas: '0x1',
  withdrawalsRoot: `0x${'56'.repeat(32)}`,
  excessBlobGas: '0x0',
  blobGasUsed: '0x0',
  requestsHash: `0x${'e3'.repeat(32)}`,
};
const header = (number: bigint, timestamp: bigint, fields: Record<string, unknown> = full) => ({
  number: `0x${number.toString(16)}`,
  timestamp: `0x${timestamp.toString(16)}`,
  ...fields,
});
const { requestsHash: _r, ...cancunShaped } = full;

describe('upstreamCommon: the rules of a block', () => {
  it.each<[string, bigint, Record<string, unknown>, string | undefined, string, string, boolean]>([
    [
      'mainnet at Osaka',
      1n,
      header(23_935_694n, osakaTime),
      undefined,
      'osaka',
      'chain id 1 (mainnet)',
      true,
    ],
    [
      'mainnet a second before Osaka',
      1n,
      header(23_935_693n, osakaTime - 1n),
      undefined,
      'prague',
      'chain id 1 (mainnet)',
      false,
    ],
    [
      'mainnet after BPO2',
      1n,
      header(24_200_000n, 1767747671n),
      undefined,
      'bpo2',
      'chain id 1 (mainnet)',
      true,
    ],
    [
      'Sepolia at Osaka',
      11155111n,
      header(9_300_000n, 1760427360n),
      undefined,
      'osaka',
      'chain id 11155111 (sepolia)',
      true,
    ],
    [
      'Hoodi at Osaka',
      560048n,
      header(1_500_000n, 1761677592n),
      undefined,
      'osaka',
      'chain id 560048 (hoodi)',
      true,
    ],
    [
      'mainnet with --hardfork prague',
      1n,
      header(23_935_694n, osakaTime),
      'prague',
      'prague',
      '--hardfork',
      false,
    ],
    [
      'mainnet-like chain from block 0 (anvil --chain-id 1), after Osaka',
      1n,
      header(2n, osakaTime + 100n),
      undefined,
      'osaka',
      "chain id 1 (mainnet) by timestamp alone (block 2 is not mainnet's: block 2 and timestamp 1764798651 are not both on mainnet's schedule; --hardfork overrides)",
      true,
    ],
    [
      'another chain, Prague-shaped',
      31337n,
      header(5n, osakaTime),
      undefined,
      'prague',
      "the header's shape, which cannot tell Osaka from Prague",
      false,
    ],
    [
      'another chain with --hardfork osaka',
      31337n,
      header(5n, osakaTime),
      'osaka',
      'osaka',
      '--hardfork',
      true,
    ],
  ])('%s', (_what, chainId, h, hardfork, fork, source, clz) => {
    const rules = upstreamCommon(chainId, h, hardfork);
    expect({
      fork: rules.hardfork,
      source: rules.source,
      clz: rules.common.isActivatedEIP(7939),
      p256: rules.common.isActivatedEIP(7951),
    }).toEqual({ fork, source, clz, p256: clz });
  });

  it.each([
    [
      'a Cancun-shaped header at an Osaka-time mainnet block',
      header(2n, osakaTime + 100n, cancunShaped),
      "block 2 (timestamp 1764798651) of chain id 1 (mainnet) does not follow mainnet's fork schedule: block 2 and timestamp 1764798651 are not both on mainnet's schedule; its rules are unknown here: give --hardfork NAME",
    ],
    [
      'a Cancun-shaped header at a real post-Osaka mainnet block number',
      header(23_935_694n, osakaTime, cancunShaped),
      "block 23935694 (timestamp 1764798551) of chain id 1 (mainnet) does not follow mainnet's fork schedule: its header has no requestsHash, which osaka blocks have (since prague); its rules are unknown here: give --hardfork NAME",
    ],
    [
      'a London header (difficulty 0x1) at a merged mainnet time',
      header(23_935_694n, osakaTime, { baseFeePerGas: '0x1', difficulty: '0x1' }),
      "block 23935694 (timestamp 1764798551) of chain id 1 (mainnet) does not follow mainnet's fork schedule: its difficulty is 0x1 (not merged), but osaka comes after the merge; its rules are unknown here: give --hardfork NAME",
    ],
  ])('never other rules silently: %s', (_what, h, message) => {
    expect(() => upstreamCommon(1n, h)).toThrow(message);
  });
});

// CLZ(0x10) → slot 0; P-256 verify of the 160 bytes of call data (hash, r, s, x, y) → slot 1 (its output word) and
// slot 2 (the call's success).
const runtime =
  '60101e600055' + '60a06000600037' + '6020600060a060006101005afa' + '600255' + '60005160015500';
const init = `0x6024600c60003960246000f3${runtime}`;

function p256Input(): string {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const message = Buffer.from('osaka');
  const signature = sign('sha256', message, { key: privateKey, dsaEncoding: 'ieee-p1363' });
  const jwk = publicKey.export({ format: 'jwk' });
  const b64 = (s?: string) => Buffer.from(s!, 'base64url').toString('hex');
  return `0x${createHash('sha256').update(message).digest('hex')}${signature.toString('hex')}${b64(jwk.x)}${b64(jwk.y)}`;
}

const dir = mkdtempSync(join(tmpdir(), 'osaka-'));
const nodes: RunningNode[] = [];
const hex = (n: bigint) => `0x${n.toString(16)}`;

async function cli(args: string[]) {
  const io = createCaptureIo();
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** Deploys the CLZ/P-256 contract and calls it, each in a block at the given timestamps (or anvil's clock). */
async function clzAndP256(node: RunningNode, at?: [bigint, bigint]) {
  const [alice] = (await rpc(node.url, 'eth_accounts')) as string[];
  const mined = async (tx: Record<string, string>, time?: bigint) => {
    if (time !== undefined) await rpc(node.url, 'evm_setNextBlockTimestamp', [hex(time)]);
    const h = (await rpc(node.url, 'eth_sendTransaction', [
      { from: alice, gas: hex(200_000n), ...tx },
    ])) as string;
    return { hash: h, receipt: await waitForReceipt(node.url, h) };
  };
  const contract = (await mined({ data: init }, at?.[0])).receipt.contractAddress;
  const call = await mined({ to: contract, data: p256Input() }, at?.[1]);
  expect(call.receipt.status).toBe('0x1');
  const slot = async (n: number) =>
    BigInt((await rpc(node.url, 'eth_getStorageAt', [contract, hex(BigInt(n)), 'latest'])) as string);
  // anvil ran Osaka: CLZ(0x10) = 251, P-256 verified (1), the call succeeded (1).
  expect([await slot(0), await slot(1), await slot(2)]).toEqual([251n, 1n, 1n]);
  return call.hash;
}

type StructLog = { op: string; error?: string; stack?: string[] };
type StructTrace = { failed: boolean; gas: number; structLogs: StructLog[] };

describe('anvil as post-Osaka mainnet (--chain-id 1, genesis at block 24,000,000)', () => {
  let anvil: RunningNode;
  let tx: string;
  beforeAll(async () => {
    const genesis = join(dir, 'genesis.json');
    writeFileSync(
      genesis,
      JSON.stringify({
        config: { chainId: 1 },
        number: hex(24_000_000n),
        timestamp: hex(osakaTime + 10n),
        gasLimit: hex(60_000_000n),
        difficulty: '0x0',
        baseFeePerGas: hex(10n ** 9n),
        alloc: { f39fd6e51aad88f6f4ce6ab8827279cfffb92266: { balance: hex(10n ** 21n) } },
      }),
    );
    anvil = await startAnvil(['--chain-id', '1', '--hardfork', 'osaka', '--init', genesis]);
    nodes.push(anvil);
    tx = await clzAndP256(anvil, [osakaTime + 20n, osakaTime + 30n]);
  }, 60_000);

  it('replay --endpoint runs Osaka by chain id: CLZ executes and leaves 251 (struct logger)', async () => {
    const r = await cli(['replay', '--endpoint', anvil.url, '--tx', tx, '--stats']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(
      /^block 24000002 transaction #0, osaka \(from chain id 1 \(mainnet\)\)(, state from [^:]+)?: /,
    );
    const trace = JSON.parse(r.out) as StructTrace;
    const clz = trace.structLogs.findIndex((s) => s.op === 'CLZ');
    expect({
      failed: trace.failed,
      clzError: trace.structLogs[clz]?.error,
      after: trace.structLogs[clz + 1]?.stack,
    }).toEqual({
      failed: false,
      clzError: undefined,
      after: ['0xfb'],
    });
    // The P-256 precompile answered: the STATICCALL left 1 (success) on the stack.
    const call = trace.structLogs.findIndex((s) => s.op === 'STATICCALL');
    expect(trace.structLogs[call + 1]?.stack?.slice(-1)).toEqual(['0x1']);
  }, 60_000);

  it('a JS tracer sees CLZ and the precompile call; storage-diff.js has what anvil stored', async () => {
    const withTracer = (file: string) =>
      cli(['replay', '--endpoint', anvil.url, '--tx', tx, '--tracer', file]);
    const [histogram, diff] = await Promise.all([
      withTracer('tracer-templates/opcode-histogram.js'),
      withTracer('tracer-templates/storage-diff.js'),
    ]);
    expect(histogram.code, histogram.err).toBe(0);
    expect(JSON.parse(histogram.out)).toMatchObject({ CLZ: 1, STATICCALL: 1 });
    expect(diff.code, diff.err).toBe(0);
    const slots = Object.values(JSON.parse(diff.out) as Record<string, Record<string, { after: string }>>)[0];
    expect(Object.values(slots).map((v) => BigInt(v.after))).toEqual([251n, 1n, 1n]);
  }, 60_000);

  it('--hardfork prague: CLZ is an invalid opcode there (the rules matter)', async () => {
    const r = await cli(['replay', '--endpoint', anvil.url, '--tx', tx, '--hardfork', 'prague']);
    expect(r.code, r.err).toBe(0);
    const trace = JSON.parse(r.out) as StructTrace;
    const last = trace.structLogs[trace.structLogs.length - 1] as StructLog & { pc: number };
    // The transaction stops at 0x1e and burns all its gas, as an invalid opcode does.
    expect({ failed: trace.failed, steps: trace.structLogs.length, pc: last.pc, gas: trace.gas }).toEqual({
      failed: true,
      steps: 2,
      pc: 2,
      gas: 200_000,
    });
  }, 60_000);

  it('capture writes an Osaka fixture that replays as replay --endpoint does', async () => {
    const cap = await cli(['capture', '--endpoint', anvil.url, '--tx', tx]);
    expect(cap.code, cap.err).toBe(0);
    const fixture = JSON.parse(cap.out);
    expect(fixture.genesis.config).toMatchObject({ chainId: 1, pragueTime: 0, osakaTime: 0 });
    const file = join(dir, 'osaka-fixture.json');
    writeFileSync(file, cap.out);
    const args = ['--tracer', 'tracer-templates/opcode-histogram.js'];
    const [fromFixture, fromEndpoint] = await Promise.all([
      cli(['replay', '--fixture', file, ...args]),
      cli(['replay', '--endpoint', anvil.url, '--tx', tx, ...args]),
    ]);
    expect(fromFixture.code, fromFixture.err).toBe(0);
    expect(JSON.parse(fromFixture.out)).toEqual(JSON.parse(fromEndpoint.out));
  }, 60_000);
});

describe('anvil as mainnet from block 0 (--chain-id 1): small block numbers, post-Osaka timestamps', () => {
  it('Osaka-shaped: mainnet rules by timestamp alone, said in --stats; CLZ runs', async () => {
    const anvil = await startAnvil(['--chain-id', '1', '--hardfork', 'osaka']);
    nodes.push(anvil);
    const tx = await clzAndP256(anvil);
    const r = await cli(['replay', '--endpoint', anvil.url, '--tx', tx, '--stats']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(
      /^block 2 transaction #0, (osaka|bpo\d) \(from chain id 1 \(mainnet\) by timestamp alone \(block 2 is not mainnet's: block 2 and timestamp \d+ are not both on mainnet's schedule; --hardfork overrides\)\)(, state from [^:]+)?: /,
    );
    const trace = JSON.parse(r.out) as StructTrace;
    expect(trace.failed).toBe(false);
    expect(trace.structLogs.filter((s) => s.op === 'CLZ')).toHaveLength(1);
  }, 60_000);

  it("anvil's own chain id (31337, no known schedule): Osaka from the node's eth_config, not the header's Prague; Prague when it runs Prague", async () => {
    const osaka = await startAnvil(['--hardfork', 'osaka']);
    nodes.push(osaka);
    const tx = await clzAndP256(osaka);
    const r = await cli(['replay', '--endpoint', osaka.url, '--tx', tx, '--stats']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(
      /^block 2 transaction #0, osaka \(from the node's eth_config \(its fork since that block has Osaka's P-256 precompile\)\)/,
    );
    expect((JSON.parse(r.out) as StructTrace).structLogs.filter((s) => s.op === 'CLZ')).toHaveLength(1);
    const prague = await startAnvil(['--hardfork', 'prague']);
    nodes.push(prague);
    const [alice, bob] = (await rpc(prague.url, 'eth_accounts')) as string[];
    const plain = (await rpc(prague.url, 'eth_sendTransaction', [
      { from: alice, to: bob, value: '0x1' },
    ])) as string;
    await waitForReceipt(prague.url, plain);
    const p = await cli(['replay', '--endpoint', prague.url, '--tx', plain, '--stats']);
    expect(p.code, p.err).toBe(0);
    expect(p.err).toMatch(
      /^block 1 transaction #0, prague \(from the header's shape, which cannot tell Osaka from Prague\)/,
    );
  }, 90_000);

  it('Cancun-shaped (anvil --hardfork cancun): one line saying the rules are unknown, exit 1', async () => {
    const anvil = await startAnvil(['--chain-id', '1', '--hardfork', 'cancun']);
    nodes.push(anvil);
    const [alice, bob] = (await rpc(anvil.url, 'eth_accounts')) as string[];
    const tx = (await rpc(anvil.url, 'eth_sendTransaction', [
      { from: alice, to: bob, value: '0x1' },
    ])) as string;
    await waitForReceipt(anvil.url, tx);
    const r = await cli(['replay', '--endpoint', anvil.url, '--tx', tx]);
    expect({ code: r.code, out: r.out }).toEqual({ code: 1, out: '' });
    expect(r.err).toMatch(
      /^tracer replay: block 1 \(timestamp \d+\) of chain id 1 \(mainnet\) does not follow mainnet's fork schedule: block 1 and timestamp \d+ are not both on mainnet's schedule; its rules are unknown here: give --hardfork NAME\n$/,
    );
    const cap = await cli(['capture', '--endpoint', anvil.url, '--tx', tx]);
    expect({ code: cap.code, out: cap.out }).toEqual({ code: 1, out: '' });
    expect(cap.err).toMatch(
      /^tracer capture: block 1 \(timestamp \d+\) of chain id 1 \(mainnet\) does not follow mainnet's fork schedule: .*; its rules are unknown here: capture cannot choose the forks of its fixture; trace it with tracer replay --endpoint URL --tx HASH --hardfork NAME\n$/,
    );
    const forced = await cli(['replay', '--endpoint', anvil.url, '--tx', tx, '--hardfork', 'cancun']);
    expect(forced.code, forced.err).toBe(0);
  }, 60_000);
});

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
});
