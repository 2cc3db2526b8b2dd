import type { EVM } from '@ethereumjs/evm';
import { describe, expect, it } from 'vitest';
import {
  attachObserver,
  ensureInterpreterPatched,
  type EvmObserver,
} from '../../../src/evm/host/installInterpreterHooks.ts';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';
import { errorRecorder, recordErrors } from './recordErrors.ts';

// classifyPreLog (src/evm/host/installInterpreterHooks.ts) beyond what gethDynamicGas predicts.

describe('a plain out of gas in the dynamic part: geth logs constant + dynamic cost', () => {
  // (*EVM).Run charges the constant gas, then the dynamic gas; the deferred OnOpcode logs `cost` as far as it got.
  // With the constant paid (gas left ≥ constant) the cost shown includes the memory expansion; only when the constant
  // itself cannot be paid is it the constant alone. MSTORE at offset 0 on empty memory: 3 constant + 3 memory gas.
  it.each([
    [6n, ['ctx error=undefined output=0x']],
    [3n, ['step MSTORE gas=3 cost=6 err=out of gas', 'ctx error=out of gas output=0x']],
    [2n, ['step MSTORE gas=2 cost=3 err=out of gas', 'ctx error=out of gas output=0x']],
  ])('MSTORE with %i gas left', async (left, lines) => {
    // 21000 intrinsic + two PUSH1 (3 each) + `left` for MSTORE (STOP is free).
    const gasLimit = 21_006n + left;
    expect(await recordErrors('PUSH1 1 PUSH1 0 MSTORE STOP', { hardfork: 'cancun', gasLimit })).toEqual(
      lines,
    );
  });
});

describe('no geth prediction (EIP-7928, Amsterdam): @ethereumjs gas-handler failures keep their own words', () => {
  // gethDynamicGas predicts nothing once EIP-7928 is active (its gas rules are not modelled), so a failure raised in
  // @ethereumjs's gas handler is worded the way geth wraps a gas function's error: a plain `out of gas` stays plain,
  // any other text becomes `out of gas: <text>` with the constant cost, both before the op runs (no fault). Gas
  // figures are Amsterdam's (other EIPs), not what these rows are about: only the words are compared.
  const words = (lines: string[]) => lines.map((l) => l.replace(/ gas=\d+ cost=\d+/, ''));
  it.each([
    [
      'SSTORE with 2300 gas left (the sentry)',
      'PUSH1 1 PUSH1 0 SSTORE STOP',
      // At most 2300 left for SSTORE (Amsterdam's intrinsic gas is lower than 21000: this limit leaves 2300).
      15_006n + 2300n,
      ['step SSTORE err=out of gas', 'ctx error=out of gas output=0x'],
    ],
    [
      'CREATE with 0xfffff bytes of init code',
      'PUSH3 0x0fffff PUSH1 0 PUSH1 0 CREATE STOP',
      1_000_000n,
      [
        'step CREATE err=out of gas: initcode exceeds max initcode size',
        'ctx error=out of gas: initcode exceeds max initcode size output=0x',
      ],
    ],
  ])('%s', async (_, code, gasLimit, lines) => {
    expect(words(await recordErrors(code, { hardfork: 'amsterdam', gasLimit }))).toEqual(lines);
  });
});

describe('attachObserver', () => {
  const code = asm('PUSH1 1 PUSH1 0 MSTORE STOP');
  const observed = () => {
    const calls: string[] = [];
    // Every observer method records its name; the hooks call them synchronously.
    const observer = new Proxy({} as EvmObserver, {
      get: (_, name) => () => void calls.push(String(name)),
    });
    return { calls, observer };
  };
  const opcodeMap = (evm: EVM) => (evm as unknown as { _opcodeMap: unknown[] })._opcodeMap;

  it('observes while attached; detaching restores the opcode table and leaves no step listener', async () => {
    await ensureInterpreterPatched();
    const { vm } = await makeRun();
    const evm = vm.evm as EVM;
    const table = opcodeMap(evm);
    const { calls, observer } = observed();
    const detach = attachObserver(evm, observer);
    expect(evm.events!.listenerCount('step')).toBe(1);
    await evm.runCode({ code, gasLimit: 100_000n });
    expect(calls).toContain('onStep');
    calls.length = 0;
    detach();
    expect(opcodeMap(evm)).toBe(table);
    // Without a listener the interpreter skips its step hook for every op of an untraced run.
    expect(evm.events!.listenerCount('step')).toBe(0);
    await evm.runCode({ code, gasLimit: 100_000n });
    expect(calls).toEqual([]);
  });

  it('an EVM built without an init-code limit (allowUnlimitedInitCodeSize) gets no EIP-3860 verdict', async () => {
    // gethGasRules reads the EVM's flag: a CREATE of 49153 bytes then runs (the init code is zeros: STOP).
    const run = await makeRun({ code: asm('PUSH3 49153 PUSH1 0 PUSH1 0 CREATE STOP'), gasLimit: 1_000_000n });
    (run.vm.evm as unknown as { allowUnlimitedInitCodeSize: boolean }).allowUnlimitedInitCodeSize = true;
    const lines = (await traceWithJsTracer(run, { tracer: errorRecorder })) as string[];
    // The child frame (its address aside) runs its first op, STOP, and uses no gas.
    expect(lines.filter((l) => !l.startsWith('enter CREATE '))).toEqual([
      'exit undefined output=0x used=0',
      'ctx error=undefined output=0x',
    ]);
  });
});
