import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytesToHex } from '@ethereumjs/util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { loadFixture } from '../../../src/core/fixture/loadFixture.ts';
import { encodeCallHex, encodeDeploy } from '../../../src/evm/node/abi.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { createCaptureIo } from '../cli/cliIo.ts';
import { type RunningNode, rpc, startGanache } from '../../helpers/nodes.ts';

// tracer capture from ganache 7.9.2: it ignores the tracer name (struct logs for prestateTracer), has no
// eth_getRawTransactionByHash, and takes no EIP-1898 block hash where state is read (`Cannot wrap a "object" as a
// json-rpc type`). The fixture of the first and the second transaction of one block is checked against ganache
// itself: its default debug_traceTransaction step for step, and its eth_getStorageAt before and after.
// replay --endpoint reads ganache's state the same way (by number, checked against the hash): its result is the
// fixture's.
// Legacy transactions: for a type-2 transaction mined after miner_stop, ganache reports maxFeePerGas below
// maxPriorityFeePerGas (the effective gas price), so no signed transaction can be rebuilt from its fields.

let ganache: RunningNode;
const dir = mkdtempSync(join(tmpdir(), 'capture-ganache-'));
const txs: Record<string, string> = {};
const fixtures: Record<string, string> = {};
const lines: Record<string, string> = {};
let blockNumber: bigint;
const hex = (n: bigint) => `0x${n.toString(16)}`;

beforeAll(async () => {
  ganache = await startGanache();
  const [alice, bob, carol] = (await rpc(ganache.url, 'eth_accounts')) as `0x${string}`[];
  const h = await rpc(ganache.url, 'eth_sendTransaction', [
    { from: alice, data: bytesToHex(encodeDeploy('DemoToken', [10n ** 24n])), gas: hex(3_000_000n) },
  ]);
  const token = ((await rpc(ganache.url, 'eth_getTransactionReceipt', [h])) as { contractAddress: string })
    .contractAddress;
  await rpc(ganache.url, 'miner_stop', []);
  const transfer = async (name: string, to: `0x${string}`, amount: bigint) => {
    txs[name] = (await rpc(ganache.url, 'eth_sendTransaction', [
      {
        from: alice,
        to: token,
        gas: hex(200_000n),
        gasPrice: hex(2_000_000_000n),
        data: encodeCallHex('DemoToken', 'transfer(address,uint256)', [to, amount]),
      },
    ])) as string;
  };
  await transfer('first', bob, 5n * 10n ** 18n);
  await transfer('second', carol, 7n);
  await rpc(ganache.url, 'evm_mine', []);
  await rpc(ganache.url, 'miner_start', []);
  const receipts = await Promise.all(
    Object.values(txs).map(
      (t) => rpc(ganache.url, 'eth_getTransactionReceipt', [t]) as Promise<Record<string, string>>,
    ),
  );
  expect(receipts.map((r) => [r.blockNumber, r.transactionIndex, r.status])).toEqual([
    [receipts[0].blockNumber, '0x0', '0x1'],
    [receipts[0].blockNumber, '0x1', '0x1'],
  ]);
  blockNumber = BigInt(receipts[0].blockNumber);
  for (const name of Object.keys(txs)) {
    const io = createCaptureIo();
    expect(await main(['capture', '--endpoint', ganache.url, '--tx', txs[name]], io), io.err()).toBe(0);
    fixtures[name] = io.out();
    lines[name] = io.err();
  }
}, 120_000);

afterAll(async () => {
  await ganache?.stop();
});

describe('tracer capture from ganache (struct logs for prestateTracer, no raw transaction, no block hashes)', () => {
  it.each(['first', 'second'])('%s: one line names the sources', (name) => {
    expect(lines[name]).toMatch(
      /^tracer capture: prestate from standard methods \(eth_getBalance, eth_getTransactionCount, eth_getCode, eth_getStorageAt\) at block \d+: 3 accounts, [1-9] slots \(.*; debug_traceTransaction with prestateTracer: it answered struct logs \(the node ignores the tracer name\)\); signed transaction from eth_getTransactionByHash, rebuilt and checked against its hash \(http:\/\/127\.0\.0\.1:\d+ does not serve eth_getRawTransactionByHash \(-32700 "The method eth_getRawTransactionByHash does not exist\/is not available"\)\) \(state asked by block number: the node takes no block hash there\)\n$/,
    );
  });

  it.each(['first', 'second'])(
    "%s: the fixture's struct logs are ganache's own debug_traceTransaction, step for step",
    async (name) => {
      type Log = {
        op: string;
        pc: number;
        gas: number | string;
        gasCost: number;
        depth: number;
        stack?: string[];
      };
      const node = await createEmbeddedNode({ fixture: loadFixture(fixtures[name]) });
      const ours = (
        (await node.request({
          jsonrpc: '2.0',
          id: 1,
          method: 'debug_traceTransaction',
          params: [txs[name]],
        })) as {
          result: { structLogs: Log[]; failed: boolean };
        }
      ).result;
      const theirs = (await rpc(ganache.url, 'debug_traceTransaction', [txs[name]])) as { structLogs: Log[] };
      const word = (x: string) => BigInt(x.startsWith('0x') ? x : `0x${x}`).toString(16);
      // ganache names KECCAK256 by its old name, SHA3.
      const norm = (s: Log) => ({
        op: s.op === 'SHA3' ? 'KECCAK256' : s.op,
        pc: s.pc,
        gas: Number(s.gas),
        gasCost: s.gasCost,
        depth: s.depth,
        stack: (s.stack ?? []).map(word),
      });
      expect(ours.failed).toBe(false);
      expect(ours.structLogs.length).toBeGreaterThan(100);
      expect(ours.structLogs.map(norm)).toEqual(theirs.structLogs.map(norm));
    },
    60_000,
  );

  it.each(['first', 'second'])(
    '%s: replay --endpoint on ganache gives what replay --fixture of the capture gives',
    async (name) => {
      const file = join(dir, `${name}-endpoint.json`);
      writeFileSync(file, fixtures[name]);
      const tracer = 'tracer-templates/call-tree.js';
      const viaFixture = createCaptureIo();
      expect(
        await main(['replay', '--fixture', file, '--tracer', tracer], viaFixture),
        viaFixture.err(),
      ).toBe(0);
      const viaEndpoint = createCaptureIo();
      const code = await main(
        ['replay', '--endpoint', ganache.url, '--tx', txs[name], '--tracer', tracer],
        viaEndpoint,
      );
      expect(code, viaEndpoint.err()).toBe(0);
      expect(JSON.parse(viaEndpoint.out())).toEqual(JSON.parse(viaFixture.out()));
    },
    60_000,
  );

  it("storage-diff.js on both fixtures chains from ganache's eth_getStorageAt before the block to after it", async () => {
    type Diff = Record<string, Record<string, { before: string; after: string }>>;
    const diffs: Diff[] = [];
    for (const name of ['first', 'second']) {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, fixtures[name]);
      const io = createCaptureIo();
      const code = await main(
        ['replay', '--fixture', file, '--tracer', 'tracer-templates/storage-diff.js'],
        io,
      );
      expect(code, io.err()).toBe(0);
      diffs.push(JSON.parse(io.out()) as Diff);
    }
    const slots = new Set(
      diffs.flatMap((d) => Object.entries(d).flatMap(([a, s]) => Object.keys(s).map((k) => `${a} ${k}`))),
    );
    // The sender's balance slot is written by both transactions; each recipient's by one.
    expect(slots.size).toBe(3);
    // ganache answers an empty slot with `0x`.
    const at = async (a: string, slot: string, n: bigint) =>
      BigInt(
        ((await rpc(ganache.url, 'eth_getStorageAt', [a, slot, hex(n)])) as string).replace(/^0x$/, '0x0'),
      );
    for (const key of slots) {
      const [a, slot] = key.split(' ');
      const chain = diffs.flatMap((d) => (d[a]?.[slot] ? [d[a][slot]] : []));
      const values = [BigInt(chain[0].before), ...chain.map((v) => BigInt(v.after))];
      for (let i = 1; i < chain.length; i++) expect(BigInt(chain[i].before)).toBe(BigInt(chain[i - 1].after));
      expect({ key, before: values[0], after: values[values.length - 1] }).toEqual({
        key,
        before: await at(a, slot, blockNumber - 1n),
        after: await at(a, slot, blockNumber),
      });
    }
  }, 60_000);
});
