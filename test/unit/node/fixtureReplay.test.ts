import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hardforkAt } from '../../../src/evm/node/createFixtureCommon.ts';
import type { FixtureChainConfig } from '../../../src/core/fixture/fixtureTypes.ts';
import { loadFixture } from '../../../src/core/fixture/loadFixture.ts';
import { replayFixture } from '../../../src/evm/node/replayFixture.ts';
import { TracerError } from '../../../src/evm/host/traceTypes.ts';

const root = join(import.meta.dirname, '../../../../shared/conformance/geth-tracetest');
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));
const gasUsedTracer =
  '{fault: function() {}, result: function(ctx) { return {gasUsed: ctx.gasUsed, error: ctx.error}; }}';

describe('loadFixture', () => {
  it('reads keys case-insensitively (IstanbulBlock) and numbers as decimal or hex', () => {
    const json = read('call_tracer/revert_reason.json');
    expect(json.genesis.config.IstanbulBlock).toBe(1561651);
    const f = loadFixture(json);
    expect(f.genesis.config.istanbulBlock).toBe(1561651n);
    expect(f.context.number).toBe(3212651n);
    expect(f.context.miner).toBe(json.context.miner.toLowerCase());
  });

  it('accepts JSON text, hex numbers and input without 0x', () => {
    const json = read('prestate_tracer/setcode_tx.json');
    const f = loadFixture(JSON.stringify(json));
    expect(f.input.startsWith('0x04')).toBe(true);
    const hexCtx = loadFixture(read('prestate_tracer/7702_delegate.json'));
    expect(hexCtx.context.number).toBe(0x15b589en);
  });

  it.each([
    ['not JSON', '{', /^fixture: not valid JSON/],
    ['an array', [], 'fixture: expected a JSON object with genesis, context and input'],
    ['no genesis', { context: {}, input: '0x' }, 'fixture: genesis is missing or not an object'],
    [
      'no chainId',
      { genesis: { config: {}, alloc: {} }, context: {}, input: '0x' },
      'fixture: genesis.config.chainId is missing',
    ],
    [
      'a bad number',
      { genesis: { config: { chainId: 1 }, alloc: {} }, context: { number: 'ten' }, input: '0x' },
      'fixture: context.number must be a non-negative decimal or 0x hex number, got "ten"',
    ],
    [
      'a bad input',
      {
        genesis: { config: { chainId: 1 }, alloc: {} },
        context: { number: '1', timestamp: '1', gasLimit: '1', miner: '0x00' },
        input: 'zz',
      },
      'fixture: input must be a 0x hex string, got "zz"',
    ],
  ])('rejects %s', (_name, json, message) => {
    if (typeof message === 'string') expect(() => loadFixture(json)).toThrow(new Error(message));
    else expect(() => loadFixture(json)).toThrow(message);
  });
});

describe('hardforkAt (geth fork rules)', () => {
  const ropsten: FixtureChainConfig = {
    chainId: 3n,
    homesteadBlock: 0n,
    eip150Block: 0n,
    eip155Block: 10n,
    eip158Block: 10n,
    byzantiumBlock: 1700000n,
    constantinopleBlock: 4230000n,
    istanbulBlock: 6485846n,
  };
  it.each([
    [ropsten, 5n, 0n, 'tangerineWhistle'],
    [ropsten, 10n, 0n, 'spuriousDragon'],
    [ropsten, 1700000n, 0n, 'byzantium'],
    // No petersburgBlock: Petersburg comes with Constantinople.
    [ropsten, 4230000n, 0n, 'petersburg'],
    [ropsten, 6485846n, 0n, 'istanbul'],
    [{ chainId: 1n, eip155Block: 3000000n, eip158Block: 0n }, 5n, 0n, 'spuriousDragon'],
    [{ chainId: 1n, londonBlock: 0n, shanghaiTime: 0n }, 5n, 10n, 'london'],
    [{ chainId: 1n, londonBlock: 0n, terminalTotalDifficulty: 0n }, 5n, 10n, 'paris'],
    [
      { chainId: 1n, londonBlock: 0n, terminalTotalDifficulty: 0n, shanghaiTime: 0n, cancunTime: 11n },
      5n,
      10n,
      'shanghai',
    ],
    [
      {
        chainId: 1n,
        londonBlock: 0n,
        terminalTotalDifficulty: 0n,
        shanghaiTime: 0n,
        cancunTime: 10n,
        pragueTime: 10n,
      },
      5n,
      10n,
      'prague',
    ],
  ])('case %# at block %s time %s → %s', (config, n, t, fork) => {
    expect(hardforkAt(config as FixtureChainConfig, n, t)).toBe(fork);
  });
});

describe('replayFixture', () => {
  // The fixtures' callTracer results carry the receipt's gasUsed at the top; a one-line tracer must agree.
  it.each([
    'call_tracer/simple.json',
    'call_tracer/create.json',
    'call_tracer/deep_calls.json',
    'call_tracer/delegatecall.json',
    'call_tracer/oog.json',
    'call_tracer/throw.json',
    'call_tracer/inner_create_oog_outer_throw.json',
    'call_tracer/inner_throw_outer_revert.json',
    'call_tracer/revert_reason.json',
    'call_tracer/selfdestruct.json',
    'call_tracer/blob_tx.json',
    'call_tracer_withLog/multilogs.json',
  ])('%s: ctx.gasUsed and ctx.error match the callTracer result', async (file) => {
    const json = read(file);
    const r = (await replayFixture(loadFixture(json), { tracer: gasUsedTracer })) as {
      gasUsed: number;
      error?: string;
    };
    expect(r.gasUsed).toBe(Number(json.result.gasUsed));
    expect(r.error).toBe(json.result.error);
  });

  // In Frontier a CREATE that cannot pay the code deposit keeps its state and gas, but geth still hands the error to
  // the tracer's exit hook (with reverted = false): a JS tracer sees ctx.error, while the native callTracer drops an
  // error that did not revert, which is why the fixture's result has none. call-tree.js copies that rule.
  it('call_tracer_withLog/frontier_create_outofstorage.json: ctx.error is set for the Frontier code-deposit OOG, gas as geth', async () => {
    const json = read('call_tracer_withLog/frontier_create_outofstorage.json');
    const r = (await replayFixture(loadFixture(json), { tracer: gasUsedTracer })) as {
      gasUsed: number;
      error?: string;
    };
    expect(r.gasUsed).toBe(Number(json.result.gasUsed));
    expect(json.result.error).toBeUndefined();
    expect(r.error).toBe('contract creation code storage out of gas');
  });

  it.each([
    'simple.json',
    'create_create.json',
    'create_existing_contract.json',
    'create_post_eip158.json',
    'disable_code.json',
    'disable_storage.json',
    'disable_code_and_storage.json',
    'enable_empty.json',
    'blob_tx.json',
    'setcode_tx.json',
    '7702_delegate.json',
  ])('prestate_tracer/%s: the built-in prestateTracer gives geth’s result', async (file) => {
    const json = read(`prestate_tracer/${file}`);
    expect(await replayFixture(loadFixture(json), { tracer: 'prestateTracer' })).toEqual(json.result);
  });

  it('uses the fixture tracerConfig unless one is given', async () => {
    const f = loadFixture(read('prestate_tracer/disable_code.json'));
    const own = (await replayFixture(f, { tracer: 'prestateTracer' })) as Record<string, { code?: string }>;
    const overridden = (await replayFixture(f, { tracer: 'prestateTracer', tracerConfig: {} })) as Record<
      string,
      { code?: string }
    >;
    expect(Object.values(own).some((a) => a.code)).toBe(false);
    expect(Object.values(overridden).some((a) => a.code)).toBe(true);
  });

  it('gives the tracer no Context (no blockHash/txHash), like geth’s harness', async () => {
    const tracer =
      '{fault: function() {}, result: function(ctx) { return [typeof ctx.blockHash, typeof ctx.txHash, ctx.block]; }}';
    expect(await replayFixture(loadFixture(read('call_tracer/simple.json')), { tracer })).toEqual([
      'undefined',
      'undefined',
      2289806,
    ]);
  });

  it('rejects with geth’s text when the tracer throws', async () => {
    const tracer = "{fault: function() {}, result: function() { throw new Error('nope'); }}";
    const run = replayFixture(loadFixture(read('call_tracer/simple.json')), { tracer });
    await expect(run).rejects.toThrow(TracerError);
    await expect(run).rejects.toThrow(
      "Error: nope at result (<eval>:1:61(0))    in server-side tracer function 'result'",
    );
  });

  it('rejects a geth built-in tracer name other than prestateTracer', async () => {
    await expect(
      replayFixture(loadFixture(read('call_tracer/simple.json')), { tracer: 'callTracer' }),
    ).rejects.toThrow(/^tracer "callTracer" is built into geth but not into the embedded node/);
  });
});
