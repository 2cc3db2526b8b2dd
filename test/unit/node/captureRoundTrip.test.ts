import { describe, expect, it } from 'vitest';
import { captureFixture, captureFixtureJson } from '../../../src/core/fixture/captureFixture.ts';
import type { RpcSend } from '../../../src/core/fixture/captureFixture.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { replayFixture } from '../../../src/evm/node/replayFixture.ts';
import { defaultsOf, demoNode, result } from './nodeHelpers.ts';

/** A tracer whose result depends on steps, frames, output and post-state (no Context fields). */
const probeTracer = `{
  steps: 0, frames: [],
  step: function(log) { this.steps++; },
  enter: function(f) { this.frames.push(f.getType() + ':' + toHex(f.getTo())); },
  exit: function(r) { this.frames.push('exit:' + r.getGasUsed()); },
  fault: function() {},
  result: function(ctx, db) {
    return { steps: this.steps, frames: this.frames, type: ctx.type, gasUsed: ctx.gasUsed, error: ctx.error,
      output: toHex(ctx.output), fromBalance: db.getBalance(ctx.from).toString(), block: ctx.block };
  }
}`;

function sender(node: EmbeddedNode): RpcSend {
  return async (method, params) => {
    const r = (await node.request({ jsonrpc: '2.0', id: 1, method, params })) as {
      result?: unknown;
      error?: { message: string };
    };
    if (r.error) throw new Error(r.error.message);
    return r.result;
  };
}

describe('captureFixture → replayFixture', () => {
  it.each([
    ['the CallProbe run', (n: EmbeddedNode) => defaultsOf(n).txHash],
    ['the reverting check(42)', (n: EmbeddedNode) => defaultsOf(n).revertTxHash],
    [
      'transferFrom (needs the approve earlier in its block)',
      (n: EmbeddedNode) => n.chain.blocks[2].txs[4].hash,
    ],
    ['SELFDESTRUCT', (n: EmbeddedNode) => n.chain.blocks[3].txs[1].hash],
    ['the caught inner revert', (n: EmbeddedNode) => n.chain.blocks[3].txs[0].hash],
  ])('%s replays to what debug_traceTransaction gives', async (_name, pick) => {
    const node = await demoNode();
    const hash = pick(node);
    const fixture = await captureFixture(sender(node), hash);
    const replayed = await replayFixture(fixture, { tracer: probeTracer });
    const traced = await result(node, 'debug_traceTransaction', [hash, { tracer: probeTracer }]);
    expect(replayed).toEqual(traced);
    expect((replayed as { steps: number }).steps).toBeGreaterThan(0);
  });

  it('writes geth’s fixture format (decimal strings, nonce as string, chain config by header shape)', async () => {
    const node = await demoNode();
    const json = (await captureFixtureJson(sender(node), defaultsOf(node).txHash)) as any;
    expect(json.genesis.config).toMatchObject({
      chainId: 1337,
      londonBlock: 0,
      terminalTotalDifficulty: 0,
      shanghaiTime: 0,
      cancunTime: 0,
      pragueTime: 0,
    });
    expect(json.context).toMatchObject({
      number: '2',
      timestamp: '1767225624',
      miner: '0x' + 'c0ba5e'.padStart(40, '0'),
    });
    expect(json.genesis.alloc[defaultsOf(node).accounts.bob].nonce).toBe('0');
    expect(json.input).toBe(await result(node, 'eth_getRawTransactionByHash', [defaultsOf(node).txHash]));
  });

  it('rejects an unknown transaction', async () => {
    await expect(captureFixture(sender(await demoNode()), '0x' + '0'.repeat(64))).rejects.toThrow(
      `captureFixture: transaction 0x${'0'.repeat(64)} not found`,
    );
  });

  it('a node serving the captured fixture traces the tx the same way again', async () => {
    const node = await demoNode();
    const hash = defaultsOf(node).txHash;
    const fixtureNode = await createEmbeddedNode({ fixture: await captureFixture(sender(node), hash) });
    expect((fixtureNode.demoDefaults as { txHash: string }).txHash).toBe(hash);
    const again = await result(fixtureNode, 'debug_traceTransaction', [hash, { tracer: probeTracer }]);
    expect(again).toEqual(await result(node, 'debug_traceTransaction', [hash, { tracer: probeTracer }]));
    expect(await result(fixtureNode, 'eth_blockNumber', [])).toBe('0x2');
  });
});
