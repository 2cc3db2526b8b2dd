import { toChecksumAddress } from '@ethereumjs/util';

/**
 * Turns an @ethereumjs runTx pre-check failure into geth's wording (core/error.go), e.g.
 * `nonce too high: address 0x…, tx: 5 state: 1`, `insufficient funds for gas * price + value: address 0x… have X want Y`,
 * `intrinsic gas too low: have X, want Y`. Unknown failures keep their first line.
 */
export function describeRunTxError(error: unknown, sender: string): string {
  // geth prints the sender with common.Address.Hex(), i.e. EIP-55 checksummed.
  const from = toChecksumAddress(sender);
  const message = String((error as Error)?.message ?? error).split('\n')[0];
  let m = /account has nonce of: (\d+) tx has nonce of: (\d+)/.exec(message);
  if (m) {
    const [state, tx] = [BigInt(m[1]), BigInt(m[2])];
    return `nonce too ${tx > state ? 'high' : 'low'}: address ${from}, tx: ${tx} state: ${state}`;
  }
  m = /(?:upfront|max) cost is: (\d+) and the sender's account \(\S+\) only has: (\d+)/.exec(message);
  if (m) return `insufficient funds for gas * price + value: address ${from} have ${m[2]} want ${m[1]}`;
  m = /tx gas limit (\d+) is lower than the minimum gas limit of (\d+)/.exec(message);
  if (m) return `intrinsic gas too low: have ${m[1]}, want ${m[2]}`;
  m = /(?:maxFeePerGas|gasPrice) \((\d+)\) is less than the block's baseFeePerGas \((\d+)\)/.exec(message);
  if (m)
    return `max fee per gas less than block base fee: address ${from}, maxFeePerGas: ${m[1]}, baseFee: ${m[2]}`;
  if (message.includes('address is not EOA')) return `sender not an eoa: address ${from}`;
  if (message.includes('higher gas limit than the block')) return 'gas limit reached';
  return message.replace(/ -> .*$/, '');
}
