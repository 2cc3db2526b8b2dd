import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { makeRun } from './evmHarness.ts';
import { errorRecorder, recordErrors } from './recordErrors.ts';

// Geth texts and hook placement for the cases the conformance fixtures caught (reference §1.3–§1.4, §5).
const record = recordErrors;

describe('precompile errors: geth texts where known, otherwise @ethereumjs text (never a wrong geth text)', () => {
  // CALL <precompile> with `len` bytes of memory as input, after `setup`.
  const callPrecompile = (to: number, len: number, setup = '') =>
    `${setup} PUSH1 0 PUSH1 0 PUSH2 ${len} PUSH1 0 PUSH1 0 PUSH2 ${to} GAS CALL STOP`;
  it.each([
    ['blake2f, empty input', callPrecompile(9, 0), 'invalid input length'],
    ['blake2f, 212 bytes', callPrecompile(9, 212), 'invalid input length'],
    ['blake2f, final flag 2', callPrecompile(9, 213, 'PUSH1 2 PUSH1 212 MSTORE8'), 'invalid final flag'],
    ['bn256 pairing, 100 bytes', callPrecompile(8, 100), 'bad elliptic curve pairing size'],
    // (1, 3) is not on the curve: geth's text depends on its curve backend, so @ethereumjs's text stays.
    [
      'bn256 add, bad point',
      callPrecompile(6, 64, 'PUSH1 1 PUSH1 0 MSTORE PUSH1 3 PUSH1 32 MSTORE'),
      'revert',
    ],
    ['sha256 with 10 gas', callPrecompile(2, 0).replace('GAS', 'PUSH1 10'), 'out of gas'],
    // geth checks the required gas before the input: 1 gas per blake2f round, 45000 + 34000 per pair for pairing.
    [
      'blake2f, final flag 2, 0x0100 rounds with 255 gas',
      callPrecompile(9, 213, 'PUSH1 2 PUSH1 212 MSTORE8 PUSH1 1 PUSH1 2 MSTORE8').replace('GAS', 'PUSH1 255'),
      'out of gas',
    ],
    [
      'blake2f, final flag 2, 0x0100 rounds with 256 gas',
      callPrecompile(9, 213, 'PUSH1 2 PUSH1 212 MSTORE8 PUSH1 1 PUSH1 2 MSTORE8').replace('GAS', 'PUSH2 256'),
      'invalid final flag',
    ],
    [
      'bn256 pairing, 200 bytes with 78999 gas',
      callPrecompile(8, 200).replace('GAS', 'PUSH3 78999'),
      'out of gas',
    ],
    [
      'bn256 pairing, 200 bytes with 79000 gas',
      callPrecompile(8, 200).replace('GAS', 'PUSH3 79000'),
      'bad elliptic curve pairing size',
    ],
  ])('%s', async (_name, code, error) => {
    const res = await record(code, { gasLimit: 200_000n });
    expect(res.filter((e) => e.startsWith('exit') || e.startsWith('fault'))).toEqual([
      expect.stringMatching(new RegExp(`^exit ${error} output=0x used=\\d+$`)),
    ]);
    expect(res.at(-1)).toBe('ctx error=undefined output=0x');
  });

  it('a tx straight to blake2f: ctx.error', async () => {
    const run = await makeRun({ to: '0x0000000000000000000000000000000000000009', data: new Uint8Array(5) });
    expect(await traceWithJsTracer(run, { tracer: errorRecorder })).toEqual([
      'ctx error=invalid input length output=0x',
    ]);
  });
});
