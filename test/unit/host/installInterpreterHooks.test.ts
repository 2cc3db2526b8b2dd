import { describe, expect, it } from 'vitest';
import { recordErrors } from './recordErrors.ts';

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
