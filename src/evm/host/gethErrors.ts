import { opcodeName } from '../../core/tracer/opcodes.ts';
import { gethErrorTexts } from './gethErrorTexts.ts';

// @ethereumjs texts → geth's: the rows are in gethErrorTexts.ts (reference §1.4). Texts not listed pass through.

/** The geth error string for an @ethereumjs EVM error of an op `op` (used for `invalid opcode: <NAME>`). */
export function gethErrorText(error: { error?: string }, op?: number): string {
  // Some @ethereumjs texts carry a location suffix (`invalid JUMP at <codehash>/<address>:<pc>`).
  const text = (error.error ?? String(error)).replace(/ at 0x[0-9a-f]+\/0x[0-9a-f]+:\d+$/, '');
  if (text === 'invalid opcode') return `invalid opcode: ${opcodeName(op ?? 0xfe)}`;
  return gethErrorTexts.evmError(text, 'trace');
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
  // @ethereumjs says `value out of range` for both blake2f input checks, and only there (its precompiles/09); blake2f
  // fails otherwise only with `out of gas`, which is geth's text too, whichever branch it takes.
  // Stryker disable next-line ConditionalExpression,LogicalOperator: see above, no other precompile has this text
  if (address === 0x09 && text === 'value out of range') {
    if (input.length !== 213) return 'invalid input length';
    // geth's blake2F.RequiredGas: the round count (1 gas a round), checked before the input.
    const rounds = BigInt(new DataView(input.buffer, input.byteOffset).getUint32(0));
    return gas < rounds ? 'out of gas' : 'invalid final flag';
  }
  if (address === 0x08 && text === 'invalid input length') {
    const pairs = BigInt(Math.floor(input.length / 192));
    const required = param('bn254PairingGas') + pairs * param('bn254PairingWordGas');
    return gas < required ? 'out of gas' : 'bad elliptic curve pairing size';
  }
  return text;
}

/**
 * Pre-execution failures of @ethereumjs runTx → geth's texts (core/state_transition.go), best effort; the
 * ethereumjs suffix ` (vm … -> block … -> tx …)` is dropped. Unknown messages pass through.
 */
export function gethPrecheckText(message: string, sender: string): string {
  const m = message.replace(/ \([^()]*->[^()]*\)$/, '');
  // Stryker disable next-line StringLiteral: no pre-check row is `only: 'trace'`, so '' serves the same rows as 'trace'
  return gethErrorTexts.precheckError(m, sender, 'trace') ?? m;
}
