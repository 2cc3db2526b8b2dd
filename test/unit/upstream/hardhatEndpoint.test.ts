import { bytesToHex } from '@ethereumjs/util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { encodeCallHex, encodeDeploy } from '../../../src/evm/node/abi.ts';
import { createCaptureIo } from '../cli/cliIo.ts';
import { type RunningNode, rpc, startHardhat } from '../../helpers/nodes.ts';
import { type ServeUpstream, startServeUpstream } from '../../helpers/startServe.ts';

// Hardhat runs no JS tracer and no prestateTracer: replay --endpoint traces its transactions from standard methods,
// and its own default debug_traceTransaction (struct logs) is the reference step for step.

let hardhat: RunningNode;
let probeTx: string;
let probeBlock: bigint;
let serve: ServeUpstream | undefined;

const hex = (n: bigint) => `0x${n.toString(16)}`;

beforeAll(async () => {
  hardhat = await startHardhat();
  const [alice] = (await rpc(hardhat.url, 'eth_accounts')) as string[];
  const send = async (tx: Record<string, string>) => {
    const h = (await rpc(hardhat.url, 'eth_sendTransaction', [
      { from: alice, gas: hex(3_000_000n), ...tx },
    ])) as string;
    return (await rpc(hardhat.url, 'eth_getTransactionReceipt', [h])) as Record<string, string>;
  };
  const logic = (await send({ data: bytesToHex(encodeDeploy('ProbeLogic')) })).contractAddress;
  const probe = (await send({ data: bytesToHex(encodeDeploy('CallProbe', [logic as `0x${string}`])) }))
    .contractAddress;
  const r = await send({
    to: probe,
    data: encodeCallHex('CallProbe', 'run(uint256)', [7n]),
    value: hex(10n ** 15n),
  });
  expect(r.status).toBe('0x1');
  probeTx = r.transactionHash;
  probeBlock = BigInt(r.blockNumber);
}, 120_000);

afterAll(async () => {
  serve?.stop();
  await hardhat?.stop();
});

async function replay(...extra: string[]) {
  const io = createCaptureIo();
  const code = await main(['replay', '--endpoint', hardhat.url, '--tx', probeTx, ...extra], io);
  expect(code, io.err()).toBe(0);
  return JSON.parse(io.out()) as Record<string, unknown>;
}

describe('replay --endpoint against hardhat (no JS tracer, no prestateTracer)', () => {
  it('debug_traceTransaction with a JS tracer is not served by hardhat', async () => {
    await expect(
      rpc(hardhat.url, 'debug_traceTransaction', [probeTx, { tracer: '{result: function() { return 1; }}' }]),
    ).rejects.toThrow();
  });

  it("storage-diff.js: every slot's before and after are hardhat's eth_getStorageAt at the parent and the block", async () => {
    const diff = (await replay('--tracer', 'tracer-templates/storage-diff.js')) as Record<
      string,
      Record<string, { before: string; after: string }>
    >;
    const written = Object.entries(diff).flatMap(([a, slots]) =>
      Object.entries(slots).map(([s, v]) => [a, s, v]),
    );
    expect(written.length).toBeGreaterThan(0);
    for (const [address, slot, v] of written as [string, string, { before: string; after: string }][]) {
      const at = async (n: bigint) =>
        BigInt((await rpc(hardhat.url, 'eth_getStorageAt', [address, slot, hex(n)])) as string);
      expect({ address, slot, before: BigInt(v.before), after: BigInt(v.after) }).toEqual({
        address,
        slot,
        before: await at(probeBlock - 1n),
        after: await at(probeBlock),
      });
    }
  }, 60_000);

  it("call-tree.js: the gas used is hardhat's receipt's, every kind of call is there", async () => {
    type Frame = { type?: string; gasUsed: string; to: string; calls?: Frame[] };
    const tree = (await replay('--tracer', 'tracer-templates/call-tree.js')) as Frame;
    const receipt = (await rpc(hardhat.url, 'eth_getTransactionReceipt', [probeTx])) as Record<
      string,
      string
    >;
    const types = (f: Frame): string[] => (f.calls ?? []).flatMap((c) => [c.type ?? '?', ...types(c)]);
    expect({ gasUsed: BigInt(tree.gasUsed), to: tree.to, kinds: [...new Set(types(tree))].sort() }).toEqual({
      gasUsed: BigInt(receipt.gasUsed),
      to: receipt.to,
      kinds: ['CALL', 'CREATE', 'CREATE2', 'DELEGATECALL', 'STATICCALL'],
    });
  }, 60_000);

  // Where hardhat (EDR) reports differently from geth, and so from us:
  // - stack words as 64 hex digits without 0x (geth: 0x-prefixed minimal quantities): compared as numbers;
  // - memory and storage on every step by default (geth: memory off unless enableMemory, storage only at
  //   SLOAD/SSTORE): not compared;
  // - CREATE and CREATE2's gasCost includes the gas handed to the new contract (all but one 64th of what is left
  //   after the base cost, EIP-150), as both report for CALL; geth's is the base cost alone (the opcode's constant
  //   and dynamic gas: 32000, init code words, memory, hashing for CREATE2), because geth deducts the forwarded gas
  //   inside the instruction, after the step is logged. Checked exactly below.
  type Log = { op: string; pc: number; gas: number; gasCost: number; depth: number; stack?: string[] };
  type Trace = { structLogs: Log[]; gas: number; failed: boolean; returnValue: string };
  /** Our struct logs of the probe transaction: `replay --endpoint`, or `serve --upstream` in front of hardhat. */
  const runs: [string, () => Promise<Trace>][] = [
    ['replay --endpoint', async () => (await replay()) as unknown as Trace],
    [
      'serve --upstream',
      async () => {
        serve ??= await startServeUpstream(hardhat.url);
        const r = await serve.call('debug_traceTransaction', [probeTx]);
        expect(r.error).toBeUndefined();
        return r.result as Trace;
      },
    ],
  ];
  it.each(runs)(
    "%s: the struct logger agrees with hardhat's default debug_traceTransaction step for step",
    async (_via, run) => {
      const ours = await run();
      const theirs = (await rpc(hardhat.url, 'debug_traceTransaction', [probeTx])) as Trace;
      const word = (x: string) => BigInt(x.startsWith('0x') ? x : `0x${x}`).toString(16);
      const norm = (s: Log) => ({
        op: s.op,
        pc: s.pc,
        gas: s.gas,
        gasCost: s.gasCost,
        depth: s.depth,
        stack: (s.stack ?? []).map(word),
      });
      const creates: string[] = [];
      const theirsAsGeth = theirs.structLogs.map((s, i) => {
        if (s.op !== 'CREATE' && s.op !== 'CREATE2') return norm(s);
        // Ours is geth's base cost; hardhat's adds what was forwarded: base + (gas - base) - floor((gas - base) / 64).
        const base = ours.structLogs[i]?.gasCost ?? 0;
        const left = s.gas - base;
        creates.push(s.op);
        expect(s.gasCost).toBe(base + left - Math.floor(left / 64));
        return { ...norm(s), gasCost: base };
      });
      expect(creates).toEqual(['CREATE', 'CREATE2']);
      expect(ours.structLogs.length).toBeGreaterThan(500);
      expect(ours.structLogs.map(norm)).toEqual(theirsAsGeth);
      expect({ gas: ours.gas, failed: ours.failed, returnValue: word(ours.returnValue || '0') }).toEqual({
        gas: theirs.gas,
        failed: theirs.failed,
        returnValue: word(theirs.returnValue || '0'),
      });
    },
    60_000,
  );
});
