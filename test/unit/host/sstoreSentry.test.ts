import { describe, expect, it } from 'vitest';
import { recordErrors } from './recordErrors.ts';

// Geth texts and hook placement for the cases the conformance fixtures caught (reference §1.3–§1.4, §5).
const record = recordErrors;

describe('SSTORE reentrancy sentry (EIP-2200): a dynamic-gas failure, so step with error and no fault', () => {
  const sstore = 'PUSH1 1 PUSH1 0 SSTORE STOP';
  const sentry = 'out of gas: not enough gas for reentrancy sentry';
  it.each([
    ['istanbul', 2300n, `step SSTORE gas=2300 cost=0 err=${sentry}`, sentry],
    ['cancun', 2300n, `step SSTORE gas=2300 cost=0 err=${sentry}`, sentry],
    ['cancun', 100n, `step SSTORE gas=100 cost=0 err=${sentry}`, sentry],
    // One more than the sentry: the sentry passes, the 22100 charge fails as a plain out of gas.
    ['cancun', 2301n, 'step SSTORE gas=2301 cost=22100 err=out of gas', 'out of gas'],
    // Before Istanbul there is no sentry.
    ['petersburg', 2300n, 'step SSTORE gas=2300 cost=20000 err=out of gas', 'out of gas'],
  ])('%s with %i gas left', async (hardfork, left, step, error) => {
    expect(await record(sstore, { hardfork, gasLimit: 21_006n + left })).toEqual([
      step,
      `ctx error=${error} output=0x`,
    ]);
  });
});

describe('SSTORE in a static context', () => {
  // The callee SSTOREs with the gas the STATICCALL gives it. geth's SSTORE gas function (makeGasSStoreFunc,
  // core/vm/operations_acl.go) checks the write protection before the sentry, so both are the pre-log
  // `out of gas: write protection` (step with error, no fault).
  const W = '0x' + 'ab'.repeat(20);
  const callW = (gas: number) => `PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH20 ${W} PUSH2 ${gas} STATICCALL STOP`;
  it.each([
    [2306, 'step SSTORE gas=2300 cost=0 err=out of gas: write protection'],
    [2307, 'step SSTORE gas=2301 cost=0 err=out of gas: write protection'],
  ])('callee gets %i gas', async (gas, event) => {
    const res = await record(callW(gas), {
      alloc: { [W]: { code: '0x6001600055' + '00' } },
    });
    expect(res.filter((e) => /^(step|fault)/.test(e))).toEqual([event]);
  });
});
