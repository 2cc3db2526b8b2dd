import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServe, startServe } from '../../helpers/startServe.ts';

// The README's "Use it as your dev node" examples (examples/dev-node), run as written against `tracer serve` on
// 127.0.0.1 with each tool's defaults (no gas or fees set): viem 2, ethers 6, Foundry's cast and Hardhat 2.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const examples = join(root, 'examples/dev-node');
const castBin = join(root, 'node_modules/@foundry-rs/cast-linux-amd64/bin');
const run = promisify(execFile);
const word42 = `0x${'2a'.padStart(64, '0')}`;
const runtime = '0x60003560005500';

let served: RunningServe;
beforeAll(async () => {
  served = await startServe([]);
}, 90_000);
afterAll(() => {
  served?.stop();
  rmSync(join(examples, 'hardhat/cache'), { recursive: true, force: true });
});

async function example(command: string, args: string[], cwd = examples): Promise<string> {
  const env = { ...process.env, RPC_URL: served.url, PATH: `${castBin}:${process.env.PATH}` };
  const { stdout } = await run(command, args, {
    cwd,
    env: { ...env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
  });
  return stdout;
}

/** The node's own callTracer answer for `hash`, asked without any client library. */
async function nodeCallTrace(hash: string) {
  const r = await served.call('debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
  expect(r.error).toBeUndefined();
  return r.result;
}

/** The hash of the transaction that deployed `address` (searched in the latest blocks). */
async function deployHashOf(address: string): Promise<unknown> {
  const head = Number((await served.call('eth_blockNumber', [])).result);
  for (let n = head; n > 0; n--) {
    const receipts = (await served.call('eth_getBlockReceipts', [`0x${n.toString(16)}`])).result as any[];
    const found = receipts.find((r) => r.contractAddress === address.toLowerCase());
    if (found) return found.transactionHash;
  }
  return undefined;
}

/** geth's callFrame of a successful call that returns nothing, in geth's member order. */
function expectGethCall(frame: any, from: string, to: string, input: string, value: string) {
  expect(Object.keys(frame)).toEqual(['from', 'gas', 'gasUsed', 'to', 'input', 'value', 'type']);
  expect(frame).toMatchObject({ from: from.toLowerCase(), to: to.toLowerCase(), input, value, type: 'CALL' });
  expect(frame.gas).toMatch(/^0x[1-9a-f][0-9a-f]*$/);
  expect(BigInt(frame.gasUsed)).toBeGreaterThan(21_000n);
}

const opts = { timeout: 120_000 };

describe('the dev-node examples, run as the README shows them', () => {
  it('viem: node account, deploy, send, callTracer and a JS tracer, snapshot and revert', opts, async () => {
    const out = JSON.parse(await example(process.execPath, ['viem.mjs']));
    expectGethCall(out.callTrace, out.account, out.contractAddress, word42, '0x0');
    expect(out.jsTrace).toEqual(['2a']);
    expect(out.reverted).toBe(true);
    // Reverted past the call, the deploy before the snapshot still traces, as the node traces it.
    expect(out.deployTrace).toMatchObject({
      type: 'CREATE',
      output: runtime,
      to: out.contractAddress.toLowerCase(),
    });
    expect(out.deployTrace).toEqual(await nodeCallTrace((await deployHashOf(out.contractAddress)) as string));
    expect((await served.call('eth_getTransactionReceipt', [out.hash])).result).toBeNull();
  });

  it('ethers: getSigner(), ContractFactory, sendTransaction, traces, snapshot and revert', opts, async () => {
    const out = JSON.parse(await example(process.execPath, ['ethers.mjs']));
    expectGethCall(out.callTrace, out.account, out.contractAddress, word42, '0x0');
    expect(out.jsTrace).toEqual(['2a']);
    expect(out.reverted).toBe(true);
    expect(out.receiptAfterRevert).toBeNull();
  });

  it(
    'cast: send --unlocked and --private-key, cast rpc traces, evm_revert undoes the store',
    opts,
    async () => {
      const lines = (await example('sh', ['cast.sh'])).trim().split('\n');
      expect(lines).toHaveLength(4);
      const callTrace = JSON.parse(lines[0]);
      const alice = '0xea656c7adb7dd4483cc1e9faeb592e493125f198';
      expectGethCall(callTrace, alice, callTrace.to, word42, '0x0');
      expect(JSON.parse(lines[1])).toEqual(['2a']);
      expect(lines[2]).toBe('true');
      expect(lines[3]).toBe(`0x${'0'.repeat(64)}`);
      const code = await served.call('eth_getCode', [callTrace.to, 'latest']);
      expect(code.result).toBe(runtime);
    },
  );

  it('Hardhat: networks.local.url, eth_sendTransaction from a node account, callTracer', opts, async () => {
    const stdout = await example(
      process.execPath,
      [
        join(root, 'node_modules/hardhat/internal/cli/bootstrap.js'),
        'run',
        '--network',
        'local',
        'trace.mjs',
      ],
      join(examples, 'hardhat'),
    );
    const out = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(Object.keys(out.callTrace)).toEqual(['from', 'gas', 'gasUsed', 'to', 'input', 'value', 'type']);
    expect(out.callTrace).toEqual({
      from: out.from,
      gas: '0x5208',
      gasUsed: '0x5208',
      to: out.from,
      input: '0x',
      value: '0x1',
      type: 'CALL',
    });
    expect(out.reverted).toBe(true);
  });

  it.each(['viem.mjs', 'ethers.mjs', 'cast.sh', 'hardhat/hardhat.config.cjs', 'hardhat/trace.mjs'])(
    'README quotes %s verbatim',
    (file) => {
      const readme = readFileSync(join(root, 'README.md'), 'utf8');
      expect(readme).toContain(readFileSync(join(examples, file), 'utf8').trim());
    },
  );
});
