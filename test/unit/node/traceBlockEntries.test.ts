import { describe, expect, it } from 'vitest';
import { paramsBlock } from '@ethereumjs/block';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createLegacyTx } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import { createChain } from '../../../src/evm/node/createChain.ts';
import { traceBlockEntries } from '../../../src/evm/node/runTrace.ts';
import { createSyncStateManager } from '../../../src/evm/state/createSyncStateManager.ts';
import { asm } from '../host/assemble.ts';
import { senderHex, senderKey, target } from '../host/evmHarness.ts';

describe('traceBlockEntries', () => {
  it('traces each tx on the state left by the previous ones, a failing tracer gives {txHash, error}', async () => {
    // The contract counts its calls in slot 0 and returns the new count.
    const code = asm('PUSH1 0 SLOAD PUSH1 1 ADD DUP1 PUSH1 0 SSTORE PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN');
    const common = new Common({ chain: Mainnet, hardfork: Hardfork.Cancun, params: paramsBlock });
    const alloc = {
      [senderHex]: { balance: '0x' + (10n ** 20n).toString(16) },
      [target]: { code: bytesToHex(code) },
    };
    const chain = await createChain({
      common,
      state: createSyncStateManager({ common, alloc }),
      header: { number: 0n, gasLimit: 30_000_000n, timestamp: 1n, baseFeePerGas: 7n },
      blockTime: 12n,
    });
    const txs = [0n, 1n, 2n].map((nonce) =>
      createLegacyTx({ nonce, gasLimit: 100_000n, gasPrice: 100_000n, to: target }, { common }).sign(
        senderKey,
      ),
    );
    const entry = await chain.mine(txs);
    const tracer = `{fault: function() {}, result: function(ctx, db) {
      if (ctx.txIndex === 1) throw new Error('tx ' + ctx.txIndex);
      return [ctx.txIndex, toHex(ctx.txHash) === toHex(ctx.txHash) && ctx.txHash.length, toHex(ctx.output).slice(-2), db.getNonce(ctx.from)];
    }}`;
    const out = await traceBlockEntries(chain, entry, { tracer, logger: {} });
    expect(out).toEqual([
      { txHash: bytesToHex(txs[0].hash()), result: [0, 32, '01', 1] },
      {
        txHash: bytesToHex(txs[1].hash()),
        error: "Error: tx 1 at result (<eval>:2:45(0))    in server-side tracer function 'result'",
      },
      { txHash: bytesToHex(txs[2].hash()), result: [2, 32, '03', 3] },
    ]);
    // The block's own state is untouched: tracing runs on copies.
    expect(chain.stateAfter(entry.number).getNonceSync(txs[0].getSenderAddress())).toBe(3n);
    expect(chain.stateAfter(0n).getNonceSync(txs[0].getSenderAddress())).toBe(0n);
  });
});
