import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { createCaptureIo } from '../cli/cliIo.ts';
import { type RunningNode, startAnvil } from '../../helpers/nodes.ts';
import { buildMixedBlock } from './mixedBlock.ts';
import { type UpstreamProxy, startUpstreamProxy } from './upstreamProxy.ts';

// tracer capture from a node without any debug_* method (anvil behind a proxy that refuses them all): the pre-state
// comes from standard methods, and the fixture replays to what replay --endpoint gives for the same transaction,
// for the first and later transactions of one block (automine off, then evm_mine). Straight from anvil, capture
// takes its prestateTracer instead, and the fixture replays the same.

let anvil: RunningNode;
let proxy: UpstreamProxy;
const dir = mkdtempSync(join(tmpdir(), 'capture-any-'));
/** The block's transactions by name, in block order. */
let txs: Record<string, string> = {};

beforeAll(async () => {
  anvil = await startAnvil();
  proxy = await startUpstreamProxy(anvil.url);
  ({ txs } = await buildMixedBlock(anvil));
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await anvil?.stop();
});

async function cli(args: string[]) {
  const io = createCaptureIo();
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** capture from `endpoint`: the fixture's file and capture's stderr line. */
async function capture(endpoint: string, hash: string) {
  const cap = await cli(['capture', '--endpoint', endpoint, '--tx', hash]);
  expect(cap.code, cap.err).toBe(0);
  const file = join(dir, `${hash}-${endpoint.split(':').pop()}.json`);
  writeFileSync(file, cap.out);
  return { file, line: cap.err };
}

/** replay --fixture and replay --endpoint (the proxy) of the same transaction, side by side. */
async function replayBoth(file: string, hash: string, tracer: string) {
  const [fixture, endpoint] = await Promise.all([
    cli(['replay', '--fixture', file, '--tracer', tracer]),
    cli(['replay', '--endpoint', proxy.url, '--tx', hash, '--tracer', tracer]),
  ]);
  expect(fixture.code, fixture.err).toBe(0);
  expect(endpoint.code, endpoint.err).toBe(0);
  return { fixture: JSON.parse(fixture.out) as unknown, endpoint: JSON.parse(endpoint.out) as unknown };
}

const costs: string[] = [];

describe('tracer capture from a node without debug_* (anvil behind a proxy that refuses them)', () => {
  it.each([
    ['transfer', 'tracer-templates/prestate.js'],
    ['create', 'tracer-templates/call-tree.js'],
    ['probe', 'tracer-templates/opcode-histogram.js'],
    ['transferBack', 'tracer-templates/storage-diff.js'],
  ])(
    '%s with %s: the fixture replays to what replay --endpoint gives',
    async (name, tracer) => {
      proxy.reset();
      const captured = await capture(proxy.url, txs[name]);
      const counts = { requests: proxy.counts.requests, calls: proxy.counts.calls };
      expect(proxy.counts.debugRefused).toBe(1);
      expect(captured.line).toMatch(
        /^tracer capture: prestate from standard methods \(eth_getBalance, eth_getTransactionCount, eth_getCode(, eth_getStorageAt)?\) at block \d+: \d+ accounts, \d+ slots \(\d+ accounts and \d+ slots fetched in \d+ round trips, \d+ runs; debug_traceTransaction with prestateTracer: http:\/\/127\.0\.0\.1:\d+ does not serve debug_traceTransaction \(-32601 "the method debug_traceTransaction does not exist\/is not available"\)\); signed transaction from eth_getRawTransactionByHash\n$/,
      );
      const replayed = await replayBoth(captured.file, txs[name], tracer);
      expect(replayed.fixture).toEqual(replayed.endpoint);
      costs.push(`${name}: ${counts.requests} HTTP requests, ${counts.calls} calls; ${captured.line.trim()}`);
    },
    60_000,
  );

  // anvil's prestateTracer also lists accounts that were empty before the transaction (an address CREATE fills);
  // geth's, and so the embedded node's, leaves them out unless includeEmpty is set. Both replay the same.
  const isEmpty = (a: { balance: string; nonce: string; code: string; storage: Record<string, string> }) =>
    BigInt(a.balance) === 0n &&
    a.nonce === '0' &&
    a.code === '0x' &&
    Object.values(a.storage).every((v) => BigInt(v) === 0n);

  it.each(['transfer', 'probe', 'transferBack'])(
    '%s: straight from anvil capture takes its prestateTracer; the computed pre-state has every non-empty account and slot of it, with its values',
    async (name) => {
      const fromAnvil = await cli(['capture', '--endpoint', anvil.url, '--tx', txs[name]]);
      expect(fromAnvil.err).toMatch(
        /^tracer capture: prestate from the node's prestateTracer: \d+ accounts, \d+ slots; signed transaction from eth_getRawTransactionByHash\n$/,
      );
      const computed = JSON.parse((await cli(['capture', '--endpoint', proxy.url, '--tx', txs[name]])).out);
      const alloc = JSON.parse(fromAnvil.out).genesis.alloc as Record<string, Parameters<typeof isEmpty>[0]>;
      const nonEmpty = Object.entries(alloc).filter(([, a]) => !isEmpty(a));
      expect(nonEmpty.length).toBeGreaterThan(1);
      for (const [address, account] of nonEmpty)
        expect({ address, account: computed.genesis.alloc[address] }).toEqual({ address, account });
      expect(Object.keys(computed.genesis.alloc).sort()).toEqual(nonEmpty.map(([a]) => a).sort());
      expect({ ...computed, genesis: { ...computed.genesis, alloc: {} } }).toEqual({
        ...JSON.parse(fromAnvil.out),
        genesis: { ...JSON.parse(fromAnvil.out).genesis, alloc: {} },
      });
    },
    60_000,
  );

  it('reports what each capture cost', () => {
    console.log(
      `capture through the proxy (no debug_*), per position in the block:\n  ${costs.join('\n  ')}`,
    );
    expect(costs.length).toBeGreaterThan(0);
  });
});
