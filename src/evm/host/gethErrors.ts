import { opcodeName } from '../../core/tracer/opcodes.ts';

// @ethereumjs EVMError texts → geth's core/vm error strings (reference §1.4). Texts not listed pass through.
const byEthereumjs: Record<string, string> = {
  'out of gas': 'out of gas',
  'code store out of gas': 'contract creation code storage out of gas',
  'code size to deposit exceeds maximum code size': 'max code size exceeded',
  'invalid JUMP': 'invalid jump destination',
  'value out of range': 'return data out of bounds',
  revert: 'execution reverted',
  'static state change': 'write protection',
  'create collision': 'contract address collision',
  'insufficient balance': 'insufficient balance for transfer',
  'invalid bytecode deployed': 'invalid code: must not begin with 0xef',
  'initcode exceeds max initcode size': 'max initcode size exceeded',
};

/** The geth error string for an @ethereumjs EVM error of an op `op` (used for `invalid opcode: <NAME>`). */
export function gethErrorText(error: { error?: string } | undefined, op?: number): string {
  // Some @ethereumjs texts carry a location suffix (`invalid JUMP at <codehash>/<address>:<pc>`).
  const text = (error?.error ?? String(error)).replace(/ at 0x[0-9a-f]+\/0x[0-9a-f]+:\d+$/, '');
  if (text === 'invalid opcode') return `invalid opcode: ${opcodeName(op ?? 0xfe)}`;
  return byEthereumjs[text] ?? text;
}

/** A precompile call as {@link gethPrecompileErrorText} needs it. */
export interface PrecompileCall {
  /** The precompile's address as a number (0x09 = blake2f). */
  address: number;
  input: Uint8Array;
  /** Gas given to the precompile. */
  gas: bigint;
  /** The fork's gas parameters (@ethereumjs `common.param`). */
  param(name: string): bigint;
}

/**
 * The geth error string for a failed precompile. Only texts known to be geth's are mapped (core/vm/contracts.go):
 * out of gas, blake2f's length and final-flag errors, bn256 pairing's size error. geth checks the gas before the
 * input, @ethereumjs partly after it, so an input error with too little gas is geth's `out of gas`. Other failures
 * keep @ethereumjs's text: the geth text of e.g. a bad bn256 point depends on geth's curve backend, and the generic
 * mapping (`value out of range` → `return data out of bounds`, `revert` → `execution reverted`) would claim an
 * error geth never gives for a precompile.
 */
export function gethPrecompileErrorText(call: PrecompileCall, error: { error?: string }): string {
  const text = error.error ?? String(error);
  const { address, input, gas, param } = call;
  if (text === 'out of gas') return text;
  // @ethereumjs says `value out of range` for both blake2f input checks.
  if (address === 0x09 && text === 'value out of range') {
    if (input.length !== 213) return 'invalid input length';
    const rounds = BigInt(new DataView(input.buffer, input.byteOffset).getUint32(0));
    return gas < rounds * param('blake2RoundGas') ? 'out of gas' : 'invalid final flag';
  }
  if (address === 0x08 && text === 'invalid input length') {
    const pairs = BigInt(Math.floor(input.length / 192));
    const required = param('bn254PairingGas') + pairs * param('bn254PairingWordGas');
    return gas < required ? 'out of gas' : 'bad elliptic curve pairing size';
  }
  return text;
}

/** True for the ethereumjs text of REVERT. */
export function isRevert(error: { error?: string } | undefined): boolean {
  return error?.error === 'revert';
}

/**
 * Pre-execution failures of @ethereumjs runTx → geth's texts (core/state_transition.go), best effort; the
 * ethereumjs suffix ` (vm … -> block … -> tx …)` is dropped. Unknown messages pass through.
 */
export function gethPrecheckText(message: string, sender: string): string {
  const m = message.replace(/ \([^()]*->[^()]*\)$/, '');
  let r = /account has nonce of: (\d+) tx has nonce of: (\d+)/.exec(m);
  if (r) {
    const [state, tx] = [BigInt(r[1]), BigInt(r[2])];
    return `nonce too ${tx < state ? 'low' : 'high'}: address ${sender}, tx: ${tx} state: ${state}`;
  }
  r = /(?:upfront|max) cost is: (\d+) and the sender's account \(\S+\) only has: (\d+)/.exec(m);
  if (r) return `insufficient funds for gas * price + value: address ${sender} have ${r[2]} want ${r[1]}`;
  r = /tx gas limit (\d+) is lower than the minimum gas limit of (\d+)/.exec(m);
  if (r) return `intrinsic gas too low: have ${r[1]}, want ${r[2]}`;
  r = /(?:maxFeePerGas|gasPrice) \((\d+)\) is less than the block's baseFeePerGas \((\d+)\)/.exec(m);
  if (r)
    return `max fee per gas less than block base fee: address ${sender}, maxFeePerGas: ${r[1]}, baseFee: ${r[2]}`;
  if (/not EOA/.test(m)) return `sender not an eoa: address ${sender}`;
  return m;
}
