import { describe, expect, it } from 'vitest';
import { Common, Mainnet } from '@ethereumjs/common';
import { createLegacyTx } from '@ethereumjs/tx';
import { createVM } from '@ethereumjs/vm';
import { createBlock } from '@ethereumjs/block';
import { bytesToHex, createAccount, generateAddress } from '@ethereumjs/util';
import { runGethTrace, type GethTraceHooks } from '../../../src/evm/host/runGethTrace.ts';
import { opcodeNames } from '../../../src/core/tracer/opcodes.ts';
import { TracerError } from '../../../src/evm/host/traceTypes.ts';
import { asm } from './assemble.ts';
import { addr, makeRun, sender, senderKey } from './evmHarness.ts';

// runGethTrace driven through its hook interface (what the realm tracer and the struct logger implement): the values
// only the hooks see (depth, `reverted`) and the contract of shouldStop(): once it said true, no hook runs again.
const hex4 = (b: Uint8Array) => bytesToHex(b).slice(-4);

/**
 * Hooks that record every call as a line. A tracer fails in its `failAt`-th hook call (the realm then answers
 * shouldStop() with true); with `stopAt`, shouldStop() turns true by itself from that poll on (a deadline).
 */
function recordingHooks({ failAt = Infinity, stopAt = Infinity } = {}) {
  const ev: string[] = [];
  let polls = 0;
  const rec = (line: string) => {
    ev.push(line);
    if (ev.length === failAt) ev.push('FAILED');
  };
  const hooks: GethTraceHooks = {
    onTxStart: () => rec('txStart'),
    onOpcode: (s) => rec(`op ${opcodeNames.get(s.op)}`),
    onFault: (s) => rec(`fault ${s.error}`),
    onEnter: (d, type, from, to) => rec(`enter ${d} ${type} ${hex4(from)}>${hex4(to)}`),
    onExit: (d, _out, used, error, reverted) => rec(`exit ${d} used=${used} ${error} reverted=${reverted}`),
    onTxEnd: () => rec('txEnd'),
    shouldStop: () => {
      if (++polls === stopAt) ev.push('FAILED');
      return polls >= stopAt || ev.length > failAt;
    },
  };
  return { ev, hooks, polls: () => polls };
}

const A = addr(0xaaaa);
const B = addr(0xbbbb);
const args4 = 'PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0';
// Every kind of frame end the driver reports: a precompile failing (identity with 1 gas of the 15 it needs), a call
// failing on the balance, a SELFDESTRUCT frame, a fault (REVERT in A), a normal exit.
const code = asm(`
  ${args4} PUSH1 0 PUSH1 4 PUSH1 1 CALL POP
  ${args4} PUSH1 1 PUSH20 ${A} PUSH2 5000 CALL POP
  ${args4} PUSH1 0 PUSH20 ${B} PUSH2 40000 CALL POP
  ${args4} PUSH1 0 PUSH20 ${A} PUSH2 5000 CALL POP
  STOP`);
const alloc = {
  [A]: { code: bytesToHex(asm('PUSH1 0 PUSH1 0 REVERT')) },
  [B]: { code: bytesToHex(asm(`PUSH20 ${A} SELFDESTRUCT`)), balance: '5' },
};

describe('the frames only the hooks see', () => {
  it('depth and reverted of each exit (geth: captureEnd reverts on an error; SELFDESTRUCT exits with false)', async () => {
    const { ev, hooks } = recordingHooks();
    await runGethTrace(await makeRun({ code, alloc, gasLimit: 200_000n }), hooks);
    expect(ev.filter((e) => /^(enter|exit|fault)/.test(e))).toEqual([
      'enter 0 CALL ' + hex4(sender.bytes) + '>c0de',
      'enter 1 CALL c0de>0004',
      'exit 1 used=1 out of gas reverted=true',
      'enter 1 CALL c0de>aaaa',
      'exit 1 used=0 insufficient balance for transfer reverted=true',
      'enter 1 CALL c0de>bbbb',
      'enter 2 SELFDESTRUCT bbbb>aaaa',
      'exit 2 used=0 undefined reverted=false',
      // PUSH20 + SELFDESTRUCT to A, warm since the failed CALL touched it and not empty (it has code): 3 + 5000.
      'exit 1 used=5003 undefined reverted=false',
      'enter 1 CALL c0de>aaaa',
      'fault execution reverted',
      'exit 1 used=6 execution reverted reverted=true',
      // Per line: pushes 21 + POP 2, and CALL cost minus returned gas: 100 + 1 (identity burns its 1),
      // 2600 + 9000 + 5000 − 7300, 2600 + 40000 − (40000 − 5003), 100 + 5000 − (5000 − 6): 17202.
      'exit 0 used=17202 undefined reverted=false',
    ]);
  });

  // Every hook call and every poll of one run is a place where the tracer may fail: none may be followed by a hook.
  it.each(['failAt', 'stopAt'] as const)('after the %s-th hook call or poll, no hook runs', async (kind) => {
    const full = recordingHooks();
    await runGethTrace(await makeRun({ code, alloc, gasLimit: 200_000n }), full.hooks);
    const bad: string[] = [];
    const count = kind === 'failAt' ? full.ev.length : full.polls();
    for (let n = 1; n <= count; n++) {
      const { ev, hooks } = recordingHooks({ [kind]: n });
      await runGethTrace(await makeRun({ code, alloc, gasLimit: 200_000n }), hooks);
      const after = ev.slice(ev.indexOf('FAILED') + 1);
      if (after.length > 0) bad.push(`${kind} ${n}: ${after.join(', ')}`);
    }
    expect(count).toBeGreaterThan(50);
    expect(bad).toEqual([]);
  });

  it('a run the tracer stopped resolves undefined (no onTxEnd)', async () => {
    const { ev, hooks } = recordingHooks({ stopAt: 10 });
    expect(await runGethTrace(await makeRun({ code, alloc, gasLimit: 200_000n }), hooks)).toBeUndefined();
    expect(ev).not.toContain('txEnd');
  });
});

describe('errors after the transaction started', () => {
  it('a hook that throws rejects with its own message, not as a pre-execution failure', async () => {
    const { hooks } = recordingHooks();
    hooks.onOpcode = () => {
      throw new Error('hook failed');
    };
    await expect(runGethTrace(await makeRun({ code: asm('STOP') }), hooks)).rejects.toEqual(
      new TracerError('hook failed'),
    );
  });
});

// A VM whose state manager has no getNonceSync: the top CREATE's address comes from the tx nonce, a nested CREATE's
// from its creator's nonce in the interpreter (EIP-161: a new contract starts at nonce 1, its first CREATE uses 1).
describe('CREATE addresses without a synchronous state manager', () => {
  it('tx nonce 5, then a CREATE from the new contract', async () => {
    const common = new Common({ chain: Mainnet, hardfork: 'cancun' });
    const vm = await createVM({ common });
    await vm.stateManager.putAccount(sender, createAccount({ nonce: 5n, balance: 10n ** 18n }));
    const data = asm('PUSH1 0 PUSH1 0 PUSH1 0 CREATE STOP');
    const tx = createLegacyTx({ nonce: 5n, gasLimit: 200_000n, gasPrice: 10n, data }, { common }).sign(
      senderKey,
    );
    const block = createBlock(
      { header: { number: 1n, gasLimit: 30_000_000n, baseFeePerGas: 0n } },
      { common },
    );
    const { ev, hooks } = recordingHooks();
    await runGethTrace({ vm, tx, block }, hooks);
    const outer = generateAddress(sender.bytes, Uint8Array.from([5]));
    const inner = generateAddress(outer, Uint8Array.from([1]));
    expect(ev.filter((e) => e.startsWith('enter'))).toEqual([
      `enter 0 CREATE ${hex4(sender.bytes)}>${hex4(outer)}`,
      `enter 1 CREATE ${hex4(outer)}>${hex4(inner)}`,
    ]);
  });
});

// geth's captureEnd: reverted = err != nil, except ErrCodeStoreOutOfGas before Homestead (the frame is not reverted).
// The init code returns 10 bytes (2000 gas to deposit) and runs on 18 gas; 118 gas leave too little for the deposit.
describe('reverted of a code-storage out of gas', () => {
  it.each([
    ['chainstart', 21_000n, false],
    ['homestead', 53_000n, true],
  ])('%s: reverted=%s', async (hardfork, intrinsic, reverted) => {
    const data = asm('PUSH1 0xaa PUSH1 0 MSTORE8 PUSH1 10 PUSH1 0 RETURN');
    // 68 per non-zero byte of data before Istanbul, 4 per zero byte.
    const dataGas =
      68n * BigInt(data.filter((b) => b !== 0).length) + 4n * BigInt(data.filter((b) => b === 0).length);
    const run = await makeRun({ hardfork, to: null, data, gasLimit: intrinsic + dataGas + 118n });
    const { ev, hooks } = recordingHooks();
    await runGethTrace(run, hooks);
    expect(ev.filter((e) => e.startsWith('exit'))).toEqual([
      `exit 0 used=${hardfork === 'chainstart' ? 18 : 118} contract creation code storage out of gas reverted=${reverted}`,
    ]);
  });
});
