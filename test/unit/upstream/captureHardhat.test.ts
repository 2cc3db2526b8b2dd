import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytesToHex } from '@ethereumjs/util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { encodeCallHex, encodeDeploy } from '../../../src/evm/node/abi.ts';
import { createCaptureIo } from '../cli/cliIo.ts';
import { type RunningNode, rpc, startHardhat } from '../../helpers/nodes.ts';

// tracer capture from hardhat, which has no prestateTracer and no eth_getRawTransactionByHash: the pre-state from
// standard methods, the signed transaction rebuilt; the fixture replays to what replay --endpoint gives from hardhat,
// for the first and the second transaction of one block (automine off, then evm_mine).

let hardhat: RunningNode;
const dir = mkdtempSync(join(tmpdir(), 'capture-hardhat-'));
const txs: Record<string, string> = {};
const hex = (n: bigint) => `0x${n.toString(16)}`;

beforeAll(async () => {
  hardhat = await startHardhat();
  const [alice, bob] = (await rpc(hardhat.url, 'eth_accounts')) as string[];
  const deploy = async (data: Uint8Array) => {
    const h = await rpc(hardhat.url, 'eth_sendTransaction', [
      { from: alice, data: bytesToHex(data), gas: hex(3_000_000n) },
    ]);
    return ((await rpc(hardhat.url, 'eth_getTransactionReceipt', [h])) as { contractAddress: `0x${string}` })
      .contractAddress;
  };
  const token = await deploy(encodeDeploy('DemoToken', [10n ** 24n]));
  const probe = await deploy(encodeDeploy('CallProbe', [await deploy(encodeDeploy('ProbeLogic'))]));
  await rpc(hardhat.url, 'evm_setAutomine', [false]);
  const send = async (name: string, tx: Record<string, string>) => {
    txs[name] = (await rpc(hardhat.url, 'eth_sendTransaction', [
      { from: alice, gas: hex(3_000_000n), ...tx },
    ])) as string;
  };
  await send('probe', {
    to: probe,
    data: encodeCallHex('CallProbe', 'run(uint256)', [7n]),
    value: hex(10n ** 15n),
  });
  await send('transfer', {
    to: token,
    data: encodeCallHex('DemoToken', 'transfer(address,uint256)', [bob as `0x${string}`, 5n]),
  });
  await rpc(hardhat.url, 'evm_mine', []);
  const receipts = await Promise.all(
    Object.values(txs).map(
      (h) => rpc(hardhat.url, 'eth_getTransactionReceipt', [h]) as Promise<Record<string, string>>,
    ),
  );
  expect(receipts.map((r) => [r.blockNumber, r.transactionIndex, r.status])).toEqual([
    [receipts[0].blockNumber, '0x0', '0x1'],
    [receipts[0].blockNumber, '0x1', '0x1'],
  ]);
}, 120_000);

afterAll(async () => {
  await hardhat?.stop();
});

async function cli(args: string[]) {
  const io = createCaptureIo();
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('tracer capture from hardhat (no prestateTracer, no eth_getRawTransactionByHash)', () => {
  it.each([
    ['probe', 'tracer-templates/call-tree.js'],
    ['transfer', 'tracer-templates/storage-diff.js'],
  ])(
    '%s (%s): the fixture replays to what replay --endpoint gives',
    async (name, tracer) => {
      const cap = await cli(['capture', '--endpoint', hardhat.url, '--tx', txs[name]]);
      expect(cap.code, cap.err).toBe(0);
      expect(cap.err).toMatch(
        /^tracer capture: prestate from standard methods \(eth_getBalance, eth_getTransactionCount, eth_getCode, eth_getStorageAt\) at block \d+: \d+ accounts, [1-9]\d* slots \(.*; debug_traceTransaction with prestateTracer: debug_traceTransaction: -32602 "Hardhat currently only supports the default tracer, so no tracer parameter should be passed\. at line 1 column \d+"\); signed transaction from eth_getTransactionByHash, rebuilt and checked against its hash \(http:\/\/127\.0\.0\.1:\d+ does not serve eth_getRawTransactionByHash \(-32004 "Method eth_getRawTransactionByHash is not supported"\)\)\n$/,
      );
      const file = join(dir, `${name}.json`);
      writeFileSync(file, cap.out);
      const fromFixture = await cli(['replay', '--fixture', file, '--tracer', tracer]);
      expect(fromFixture.code, fromFixture.err).toBe(0);
      const fromEndpoint = await cli([
        'replay',
        '--endpoint',
        hardhat.url,
        '--tx',
        txs[name],
        '--tracer',
        tracer,
      ]);
      expect(fromEndpoint.code, fromEndpoint.err).toBe(0);
      expect(JSON.parse(fromFixture.out)).toEqual(JSON.parse(fromEndpoint.out));
      expect(fromFixture.out.length).toBeGreaterThan(100);
    },
    60_000,
  );

  it("the rebuilt transaction is hardhat's: its hash is the one captured", async () => {
    const cap = await cli(['capture', '--endpoint', hardhat.url, '--tx', txs.transfer]);
    const { keccak256 } = await import('ethereum-cryptography/keccak.js');
    const { hexToBytes } = await import('@ethereumjs/util');
    expect(bytesToHex(keccak256(hexToBytes(JSON.parse(cap.out).input)))).toBe(txs.transfer);
  }, 60_000);
});
