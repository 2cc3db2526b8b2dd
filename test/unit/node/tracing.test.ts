import { describe, expect, it } from 'vitest';
import { bytesToHex, toChecksumAddress } from '@ethereumjs/util';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { demoAccounts } from '../../../src/evm/node/demoAccounts.ts';
import { signDemoTx } from '../../../src/evm/node/signDemoTx.ts';
import { call, defaultsOf, demoNode, ether, result, word } from './nodeHelpers.ts';

const ctxTracer = `{
  fault: function() {},
  result: function(ctx) {
    return { type: ctx.type, gasUsed: ctx.gasUsed, error: ctx.error, block: ctx.block, txIndex: ctx.txIndex,
      blockHash: ctx.blockHash === undefined ? null : toHex(ctx.blockHash),
      txHash: ctx.txHash === undefined ? null : toHex(ctx.txHash), output: toHex(ctx.output) };
  }
}`;
const callTypes = `{
  types: [],
  enter: function(frame) { this.types.push(frame.getType()); },
  exit: function() {},
  fault: function() {},
  result: function() { return this.types; }
}`;

describe('debug_traceTransaction', () => {
  it('runs a JS tracer with geth tracer Context (blockHash, txIndex, txHash) and receipt gasUsed', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    const receipt = await result(node, 'eth_getTransactionReceipt', [d.txHash]);
    const r = await result(node, 'debug_traceTransaction', [d.txHash, { tracer: ctxTracer }]);
    expect(r).toMatchObject({ type: 'CALL', block: 2, txIndex: 2, blockHash: d.blockHash, txHash: d.txHash });
    expect(r.gasUsed).toBe(Number(receipt.gasUsed));
    expect(r.error).toBeUndefined();
  });

  it('sees every call kind the CallProbe makes', async () => {
    const node = await demoNode();
    const types = await result(node, 'debug_traceTransaction', [
      defaultsOf(node).txHash,
      { tracer: callTypes },
    ]);
    expect(new Set(types)).toEqual(new Set(['DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2', 'CALL']));
  });

  it('reports the revert of a failed tx in ctx.error and the revert data in ctx.output', async () => {
    const node = await demoNode();
    const r = await result(node, 'debug_traceTransaction', [
      defaultsOf(node).revertTxHash,
      { tracer: ctxTracer },
    ]);
    expect(r.error).toBe('execution reverted');
    expect(r.output.slice(0, 10)).toBe('0x08c379a0');
  });

  it('runs on the parent state plus the earlier txs of the block (transferFrom needs the approve before it)', async () => {
    const node = await demoNode();
    const block = await result(node, 'eth_getBlockByNumber', ['0x2', false]);
    const r = await result(node, 'debug_traceTransaction', [block.transactions[4], { tracer: ctxTracer }]);
    expect(r.error).toBeUndefined();
    expect(r.output).toBe('0x' + word(1n));
  });

  it('without a tracer returns the struct logs', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    const receipt = await result(node, 'eth_getTransactionReceipt', [d.txHash]);
    const r = await result(node, 'debug_traceTransaction', [d.txHash, { disableStack: true }]);
    expect(r.gas).toBe(Number(receipt.gasUsed));
    expect(r.failed).toBe(false);
    const ops = new Set(r.structLogs.map((l: { op: string }) => l.op));
    for (const op of [
      'DELEGATECALL',
      'STATICCALL',
      'CREATE',
      'CREATE2',
      'CALL',
      'SSTORE',
      'SLOAD',
      'LOG1',
      'LOG2',
    ])
      expect(ops).toContain(op);
    const reverted = await result(node, 'debug_traceTransaction', [d.revertTxHash]);
    expect(reverted.failed).toBe(true);
  });

  it('prestateTracer lists the sender, the touched contracts with code and slots, and the coinbase', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    const pre = await result(node, 'debug_traceTransaction', [d.txHash, { tracer: 'prestateTracer' }]);
    expect(pre[d.accounts.bob]).toEqual({ balance: '0x' + (100_000n * ether + 1000n * 0n).toString(16) });
    expect(pre[d.contracts.callProbe].storage['0x' + word(0n)]).toBe('0x' + word(0n));
    expect(pre[d.contracts.probeLogic].code).toBe(
      await result(node, 'eth_getCode', [d.contracts.probeLogic, '0x1']),
    );
    expect(pre['0x' + 'c0ba5e'.padStart(40, '0')]).toBeDefined();
    // The two children are created by the tx: empty before it, so they are left out.
    expect(Object.keys(pre)).toHaveLength(4);
  });
});

describe('tracer time limit', () => {
  it.each([
    [
      'a tracer that never returns',
      '200ms',
      '{step: function() { while (true) {} }, fault: function() {}, result: function() { return 1; }}',
      // The guard that sees the deadline is the loop's or the function's: either position is on line 1.
      /^execution timeout at step \(<eval>:1:\d+\(0\)\) {4}in server-side tracer function 'step'$/,
    ],
    [
      'a timeout that is not a Go duration',
      'abc',
      '{fault: function() {}, result: function() { return 1; }}',
      'time: invalid duration "abc"',
    ],
  ])('%s → -32000', async (_name, timeout, tracer, message) => {
    const node = await demoNode();
    const r = await call(node, 'debug_traceTransaction', [defaultsOf(node).txHash, { tracer, timeout }]);
    expect(r.error).toEqual({
      code: -32000,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    });
  });
});

describe('debug_traceCall', () => {
  it('has no tracer Context, and uses the block it runs on', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    const r = await result(node, 'debug_traceCall', [d.call, '0x2', { tracer: ctxTracer }]);
    expect(r).toMatchObject({
      type: 'CALL',
      block: 2,
      blockHash: null,
      txHash: null,
      output: '0x' + word(1n),
    });
  });

  it('applies blockOverrides and stateOverrides', async () => {
    const node = await demoNode();
    const nobody = '0x' + '34'.repeat(20);
    const r = await result(node, 'debug_traceCall', [
      { from: nobody, to: nobody, value: '0x' + ether.toString(16) },
      'latest',
      {
        tracer: ctxTracer,
        stateOverrides: { [nobody]: { balance: '0x' + (2n * ether).toString(16) } },
        blockOverrides: { number: '0x64' },
      },
    ]);
    expect(r).toMatchObject({ block: 100, type: 'CALL' });
    expect(r.error).toBeUndefined();
  });

  it('with txIndex runs on the state before that tx of the block', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    const allowance = {
      to: d.contracts.token,
      data: '0xdd62ed3e' + word(d.accounts.alice) + word(d.accounts.carol),
    };
    const before = await result(node, 'debug_traceCall', [
      allowance,
      '0x2',
      { tracer: ctxTracer, txIndex: '0x1' },
    ]);
    const after = await result(node, 'debug_traceCall', [
      allowance,
      '0x2',
      { tracer: ctxTracer, txIndex: '0x2' },
    ]);
    expect(BigInt(before.output)).toBe(0n);
    expect(BigInt(after.output)).toBe(500n * ether);
  });

  it('checks the sender can pay gas × fee cap + value, like geth', async () => {
    const node = await demoNode();
    const poor = '0x' + '78'.repeat(20);
    const r = await call(node, 'debug_traceCall', [
      { from: poor, to: poor, value: '0x5', gas: '0x5208', maxFeePerGas: '0x3b9aca00' },
      'latest',
      { tracer: ctxTracer, stateOverrides: { [poor]: { balance: '0x100' } } },
    ]);
    // 21000 * 1 gwei + 5
    expect(r.error).toEqual({
      code: -32000,
      message: `tracing failed: insufficient funds for gas * price + value: address ${toChecksumAddress(poor)} have 256 want 21000000000005`,
    });
    const low = await call(node, 'debug_traceCall', [
      { from: poor, to: poor, maxFeePerGas: '0x2' },
      'latest',
      { tracer: ctxTracer },
    ]);
    expect(low.error.message).toMatch(
      new RegExp(
        `^tracing failed: max fee per gas less than block base fee: address ${toChecksumAddress(poor)}, maxFeePerGas: 2, baseFee: \\d+$`,
      ),
    );
  });

  it('reports a call that cannot start as "tracing failed: …"', async () => {
    const node = await demoNode();
    const nobody = '0x' + '56'.repeat(20);
    const r = await call(node, 'debug_traceCall', [
      { from: nobody, to: nobody, gas: '0x1' },
      'latest',
      { tracer: ctxTracer },
    ]);
    expect(r.error).toEqual({
      code: -32000,
      message: 'tracing failed: intrinsic gas too low: have 1, want 21000',
    });
  });
});

describe('debug_traceBlockByNumber / ByHash', () => {
  const throwOnRevert = `{fault: function() {}, result: function(ctx) { if (ctx.error) throw new Error('reverted!'); return ctx.gasUsed; }}`;

  it('gives one entry per tx; a tracer error is an entry, not a failed call', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    const block = await result(node, 'eth_getBlockByNumber', ['0x2', true]);
    const byNumber = await result(node, 'debug_traceBlockByNumber', ['0x2', { tracer: throwOnRevert }]);
    expect(byNumber.map((e: { txHash: string }) => e.txHash)).toEqual(
      block.transactions.map((t: { hash: string }) => t.hash),
    );
    expect(byNumber[3].error).toMatch(/^Error: reverted!/);
    expect(byNumber[3].result).toBeUndefined();
    for (const i of [0, 1, 2, 4]) {
      const receipt = await result(node, 'eth_getTransactionReceipt', [block.transactions[i].hash]);
      expect(byNumber[i]).toEqual({ txHash: block.transactions[i].hash, result: Number(receipt.gasUsed) });
    }
    expect(await result(node, 'debug_traceBlockByHash', [d.blockHash, { tracer: throwOnRevert }])).toEqual(
      byNumber,
    );
  });

  it('gives each tx its own tracer Context', async () => {
    const node = await demoNode();
    const entries = await result(node, 'debug_traceBlockByNumber', ['0x3', { tracer: ctxTracer }]);
    expect(entries.map((e: { result: { txIndex: number } }) => e.result.txIndex)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('eth_sendRawTransaction', () => {
  it('mines the tx in a new block at once; it can then be traced', async () => {
    const node = await createEmbeddedNode();
    const d = defaultsOf(node);
    const tx = signDemoTx(node.chain.common, demoAccounts.dave, 2n, {
      to: demoAccounts.bob.address,
      value: 5n,
      gasLimit: 21_000n,
    });
    const raw = bytesToHex(tx.serialize());
    const hash = await result(node, 'eth_sendRawTransaction', [raw]);
    expect(hash).toBe(bytesToHex(tx.hash()));
    expect(await result(node, 'eth_blockNumber', [])).toBe('0x4');
    expect((await result(node, 'eth_getTransactionReceipt', [hash])).status).toBe('0x1');
    expect((await result(node, 'debug_traceTransaction', [hash, { tracer: ctxTracer }])).gasUsed).toBe(21000);
    expect((await call(node, 'eth_sendRawTransaction', [raw])).error).toEqual({
      code: -32000,
      message: 'already known',
    });
    const stale = signDemoTx(node.chain.common, demoAccounts.dave, 0n, {
      to: demoAccounts.bob.address,
      gasLimit: 21_000n,
    });
    expect((await call(node, 'eth_sendRawTransaction', [bytesToHex(stale.serialize())])).error).toEqual({
      code: -32000,
      message: `nonce too low: address ${toChecksumAddress(d.accounts.dave)}, tx: 0 state: 3`,
    });
    expect(await result(node, 'eth_blockNumber', [])).toBe('0x4');
  });
});
