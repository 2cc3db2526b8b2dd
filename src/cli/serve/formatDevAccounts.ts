import { bytesToHex, toChecksumAddress } from '@ethereumjs/util';
import type { Chain } from '../../evm/node/chainTypes.ts';
import { demoAccounts } from '../../evm/node/demoAccounts.ts';

/** Wei as ether with up to 4 decimals (`99999.9987`). */
function ether(wei: bigint): string {
  const whole = wei / 10n ** 18n;
  const fraction = ((wei % 10n ** 18n) / 10n ** 14n).toString().padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/**
 * What `serve` prints for the demo chain, as anvil prints its own: the chain id and the unlocked, funded accounts
 * with their balance at the head and their private keys, said to be public and test-only.
 */
export function formatDevAccounts(chain: Chain): string {
  const state = chain.head().stateAfter;
  const id = chain.common.chainId();
  const lines = [
    `chain id ${id} (0x${id.toString(16)})`,
    'accounts (unlocked for eth_sendTransaction; their keys are public, for tests only: never send real funds to them)',
  ];
  Object.values(demoAccounts).forEach((a, i) => {
    lines.push(
      `  (${i}) ${toChecksumAddress(a.address.toString())}  ${ether(state.getBalanceSync(a.address))} ETH  ${a.name}`,
      `      private key ${bytesToHex(a.privateKey)}`,
    );
  });
  return lines.join('\n') + '\n';
}
