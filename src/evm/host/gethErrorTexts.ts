/**
 * Which of the two places that word @ethereumjs failures a row serves: the tracer host (`trace`: tracer hooks,
 * `ctx.error`, `tracing failed: …` of debug_trace*) or the node's call and send path (`node`: eth_call,
 * eth_estimateGas, eth_sendRawTransaction, the prestate tracer). A row without `only` serves both.
 */
export type GethErrorPath = 'trace' | 'node';

/** An @ethereumjs EVMError text and geth's core/vm/errors.go string for it. */
export interface GethEvmErrorRow {
  ethereumjs: string;
  geth: string;
  only?: GethErrorPath;
}

/** An @ethereumjs runTx pre-check failure (matched in its message) and geth's core/error.go wording of it. */
export interface GethPrecheckRow {
  pattern: RegExp;
  /** geth's text; `sender` is the address as the caller prints it. */
  geth(match: RegExpExecArray, sender: string): string;
  only?: GethErrorPath;
}

const evmRows: readonly GethEvmErrorRow[] = [
  { ethereumjs: 'out of gas', geth: 'out of gas' },
  { ethereumjs: 'code store out of gas', geth: 'contract creation code storage out of gas' },
  { ethereumjs: 'code size to deposit exceeds maximum code size', geth: 'max code size exceeded' },
  { ethereumjs: 'invalid JUMP', geth: 'invalid jump destination' },
  { ethereumjs: 'invalid opcode', geth: 'invalid opcode' },
  { ethereumjs: 'stack underflow', geth: 'stack underflow' },
  { ethereumjs: 'revert', geth: 'execution reverted' },
  { ethereumjs: 'static state change', geth: 'write protection' },
  { ethereumjs: 'invalid input length', geth: 'invalid input length' },
  { ethereumjs: 'create collision', geth: 'contract address collision' },
  { ethereumjs: 'insufficient balance', geth: 'insufficient balance for transfer' },
  { ethereumjs: 'invalid bytecode deployed', geth: 'invalid code: must not begin with 0xef' },
  { ethereumjs: 'initcode exceeds max initcode size', geth: 'max initcode size exceeded' },
  { ethereumjs: 'value out of range', geth: 'return data out of bounds', only: 'trace' },
  { ethereumjs: 'stack overflow', geth: 'stack limit reached', only: 'node' },
  {
    ethereumjs: 'attempting to access memory outside of bounds',
    geth: 'return data out of bounds',
    only: 'node',
  },
  { ethereumjs: 'value overflow', geth: 'gas uint64 overflow', only: 'node' },
];

const precheckRows: readonly GethPrecheckRow[] = [
  {
    pattern: /account has nonce of: (\d+) tx has nonce of: (\d+)/,
    geth: (m, sender) => {
      const [state, tx] = [BigInt(m[1]), BigInt(m[2])];
      // Stryker disable next-line EqualityOperator: @ethereumjs runTx raises this only when the nonces differ
      return `nonce too ${tx < state ? 'low' : 'high'}: address ${sender}, tx: ${tx} state: ${state}`;
    },
  },
  {
    pattern: /(?:upfront|max) cost is: (\d+) and the sender's account \(\S+\) only has: (\d+)/,
    geth: (m, sender) =>
      `insufficient funds for gas * price + value: address ${sender} have ${m[2]} want ${m[1]}`,
  },
  {
    pattern: /tx gas limit (\d+) is lower than the minimum gas limit of (\d+)/,
    geth: (m) => `intrinsic gas too low: have ${m[1]}, want ${m[2]}`,
  },
  {
    pattern: /(?:maxFeePerGas|gasPrice) \((\d+)\) is less than the block's baseFeePerGas \((\d+)\)/,
    geth: (m, sender) =>
      `max fee per gas less than block base fee: address ${sender}, maxFeePerGas: ${m[1]}, baseFee: ${m[2]}`,
  },
  { pattern: /address is not EOA/, geth: (_, sender) => `sender not an eoa: address ${sender}` },
  { pattern: /higher gas limit than the block/, geth: () => 'gas limit reached', only: 'node' },
];

const serves = (row: { only?: GethErrorPath }, path: GethErrorPath) =>
  row.only === undefined || row.only === path;

/**
 * The one table of geth's texts for @ethereumjs failures (reference §1.4, geth core/vm/errors.go and
 * core/error.go), read by the tracer host (`gethErrors.ts`) and the node (`describeVmError.ts`,
 * `describeRunTxError.ts`). Texts no row serves pass through (`evmError`) or are left to the caller (`precheckError`).
 */
export const gethErrorTexts = {
  evmRows,
  precheckRows,
  /** geth's text for an @ethereumjs EVMError text on `path`; a text no row serves is returned as it is. */
  evmError(text: string, path: GethErrorPath): string {
    return evmRows.find((row) => row.ethereumjs === text && serves(row, path))?.geth ?? text;
  },
  /** geth's text for a runTx pre-check failure on `path`, or undefined when no row serves it. */
  precheckError(message: string, sender: string, path: GethErrorPath): string | undefined {
    for (const row of precheckRows) {
      if (!serves(row, path)) continue;
      const m = row.pattern.exec(message);
      if (m) return row.geth(m, sender);
    }
    return undefined;
  },
};
