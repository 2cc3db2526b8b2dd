import { Hardfork, Mainnet, createCustomCommon } from '@ethereumjs/common';
import type { Common } from '@ethereumjs/common';
import { paramsBlock } from '@ethereumjs/block';
import { demoChainId } from './demoAccounts.ts';

/** The fork the demo chain runs (all earlier forks active from genesis). */
export const demoHardfork = Hardfork.Prague;

/** Common of the demo chain: chain id 1337, Prague rules from block 0. */
export function createDemoCommon(): Common {
  return createCustomCommon({ chainId: Number(demoChainId), name: 'tracer-playground-demo' }, Mainnet, {
    hardfork: demoHardfork,
    params: paramsBlock,
  });
}
