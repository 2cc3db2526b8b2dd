import { toChecksumAddress } from '@ethereumjs/util';
import { gethErrorTexts } from '../host/gethErrorTexts.ts';

/**
 * Turns an @ethereumjs runTx pre-check failure into geth's wording (core/error.go), e.g.
 * `nonce too high: address 0x…, tx: 5 state: 1`, `insufficient funds for gas * price + value: address 0x… have X want Y`,
 * `intrinsic gas too low: have X, want Y` (the rows are in ../host/gethErrorTexts.ts). Unknown failures keep their
 * first line.
 */
export function describeRunTxError(error: unknown, sender: string): string {
  // geth prints the sender with common.Address.Hex(), i.e. EIP-55 checksummed.
  const from = toChecksumAddress(sender);
  const message = String((error as Error)?.message ?? error).split('\n')[0];
  return gethErrorTexts.precheckError(message, from, 'node') ?? message.replace(/ -> .*$/, '');
}
