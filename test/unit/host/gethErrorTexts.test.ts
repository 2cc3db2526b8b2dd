import { describe, expect, it } from 'vitest';
import { toChecksumAddress } from '@ethereumjs/util';
import { gethErrorText, gethPrecheckText } from '../../../src/evm/host/gethErrors.ts';
import { gethErrorTexts } from '../../../src/evm/host/gethErrorTexts.ts';
import { describeRunTxError } from '../../../src/evm/node/describeRunTxError.ts';
import { describeVmError } from '../../../src/evm/node/describeVmError.ts';

// The table's rows: an @ethereumjs text → geth's text on the tracer host (gethErrorText) and on the node's call path
// (describeVmError). A text a path does not map passes through unchanged.
const evmRows: Array<[ethereumjs: string, trace: string, node: string]> = [
  ['out of gas', 'out of gas', 'out of gas'],
  [
    'code store out of gas',
    'contract creation code storage out of gas',
    'contract creation code storage out of gas',
  ],
  ['code size to deposit exceeds maximum code size', 'max code size exceeded', 'max code size exceeded'],
  ['invalid JUMP', 'invalid jump destination', 'invalid jump destination'],
  ['invalid opcode', 'invalid opcode: INVALID', 'invalid opcode'],
  ['stack underflow', 'stack underflow', 'stack underflow'],
  ['revert', 'execution reverted', 'execution reverted'],
  ['static state change', 'write protection', 'write protection'],
  ['invalid input length', 'invalid input length', 'invalid input length'],
  ['create collision', 'contract address collision', 'contract address collision'],
  ['insufficient balance', 'insufficient balance for transfer', 'insufficient balance for transfer'],
  [
    'invalid bytecode deployed',
    'invalid code: must not begin with 0xef',
    'invalid code: must not begin with 0xef',
  ],
  ['initcode exceeds max initcode size', 'max initcode size exceeded', 'max initcode size exceeded'],
  ['value out of range', 'return data out of bounds', 'value out of range'],
  ['stack overflow', 'stack overflow', 'stack limit reached'],
  [
    'attempting to access memory outside of bounds',
    'attempting to access memory outside of bounds',
    'return data out of bounds',
  ],
  ['value overflow', 'value overflow', 'gas uint64 overflow'],
  ['something else', 'something else', 'something else'],
];

const sender = '0x' + 'ab'.repeat(20);
const checksummed = toChecksumAddress(sender);
const suffix = ' (vm hf=cancun -> block number=1 hash=0x… -> tx type=0 hash=0x…)';

// runTx pre-check messages → geth's text on the tracer host (gethPrecheckText, the sender as given, ethereumjs's
// `(vm … -> …)` suffix dropped) and on the node (describeRunTxError: the sender checksummed, first line only,
// unknown messages cut at ` -> `).
const precheckRows: Array<[message: string, trace: string, node: string]> = [
  [
    'account has nonce of: 3 tx has nonce of: 5',
    `nonce too high: address ${sender}, tx: 5 state: 3`,
    `nonce too high: address ${checksummed}, tx: 5 state: 3`,
  ],
  [
    'account has nonce of: 3 tx has nonce of: 0',
    `nonce too low: address ${sender}, tx: 0 state: 3`,
    `nonce too low: address ${checksummed}, tx: 0 state: 3`,
  ],
  [
    "sender doesn't have enough funds to send tx. The upfront cost is: 21000 and the sender's account (0xab) only has: 7",
    `insufficient funds for gas * price + value: address ${sender} have 7 want 21000`,
    `insufficient funds for gas * price + value: address ${checksummed} have 7 want 21000`,
  ],
  [
    "sender doesn't have enough funds to send tx. The max cost is: 9 and the sender's account (0xab) only has: 1",
    `insufficient funds for gas * price + value: address ${sender} have 1 want 9`,
    `insufficient funds for gas * price + value: address ${checksummed} have 1 want 9`,
  ],
  [
    'tx gas limit 1 is lower than the minimum gas limit of 21000',
    'intrinsic gas too low: have 1, want 21000',
    'intrinsic gas too low: have 1, want 21000',
  ],
  [
    "maxFeePerGas (2) is less than the block's baseFeePerGas (7)",
    `max fee per gas less than block base fee: address ${sender}, maxFeePerGas: 2, baseFee: 7`,
    `max fee per gas less than block base fee: address ${checksummed}, maxFeePerGas: 2, baseFee: 7`,
  ],
  [
    "gasPrice (2) is less than the block's baseFeePerGas (7)",
    `max fee per gas less than block base fee: address ${sender}, maxFeePerGas: 2, baseFee: 7`,
    `max fee per gas less than block base fee: address ${checksummed}, maxFeePerGas: 2, baseFee: 7`,
  ],
  [
    'invalid sender address, address is not EOA (EIP-3607)',
    `sender not an eoa: address ${sender}`,
    `sender not an eoa: address ${checksummed}`,
  ],
  [
    'tx has a higher gas limit than the block',
    'tx has a higher gas limit than the block',
    'gas limit reached',
  ],
  ['something else', 'something else', 'something else'],
];

describe('gethErrorTexts: EVM errors', () => {
  it.each(evmRows)('%s → host %j, node %j', (ethereumjs, trace, node) => {
    expect(gethErrorText({ error: ethereumjs }, 0xfe)).toBe(trace);
    expect(describeVmError(ethereumjs)).toBe(node);
  });

  it('the host drops the location suffix of an @ethereumjs text', () => {
    expect(gethErrorText({ error: 'invalid JUMP at 0x12/0xab:7' })).toBe('invalid jump destination');
  });

  it('the table holds exactly the rows above', () => {
    const listed = evmRows.map(([ethereumjs]) => ethereumjs).filter((t) => t !== 'something else');
    expect(gethErrorTexts.evmRows.map((row) => row.ethereumjs)).toEqual(listed);
  });
});

describe('gethErrorTexts: runTx pre-check failures', () => {
  it.each(precheckRows)('%s → host %j, node %j', (message, trace, node) => {
    expect(gethPrecheckText(message + suffix, sender)).toBe(trace);
    expect(describeRunTxError(new Error(message + suffix + '\nstack'), sender)).toBe(
      node === message ? (message + suffix).replace(/ -> .*$/, '') : node,
    );
  });

  it('the node keeps an unknown message up to its first ` -> `', () => {
    expect(describeRunTxError(new Error('odd failure (vm a -> b)'), sender)).toBe('odd failure (vm a');
  });

  it('the table holds one row per kind of failure above', () => {
    expect(gethErrorTexts.precheckRows).toHaveLength(6);
  });
});
