import { bytesToHex } from '@ethereumjs/util';
import type { Chain } from './chainTypes.ts';
import { createChain } from './createChain.ts';
import { toQuantity } from './hex.ts';
import { createSyncStateManager } from '../state/createSyncStateManager.ts';
import { createFixtureCommon } from './createFixtureCommon.ts';
import { decodeFixtureTx, fixtureBlockHeader, fixtureGenesisHeader } from './buildFixtureRun.ts';
import type { Fixture, FixtureDefaults } from '../../core/fixture/fixtureTypes.ts';

/** A two-block chain serving a fixture: its pre-state as the parent block, its transaction mined in `context`. */
export async function buildFixtureChain(f: Fixture): Promise<{ chain: Chain; defaults: FixtureDefaults }> {
  const common = createFixtureCommon(f.genesis.config, f.context.number, f.context.timestamp);
  const chain = await createChain({
    common,
    state: createSyncStateManager({ common, alloc: f.genesis.alloc }),
    header: fixtureGenesisHeader(f, common),
    blockTime: 12n,
  });
  const tx = decodeFixtureTx(f, common);
  let mined;
  try {
    mined = await chain.mine([tx], { header: fixtureBlockHeader(f, common) });
  } catch (e) {
    throw new Error(`fixture: its transaction cannot be included: ${(e as Error).message.split('\n')[0]}`, {
      cause: e,
    });
  }
  return {
    chain,
    defaults: {
      txHash: bytesToHex(tx.hash()),
      blockNumber: toQuantity(mined.number),
      blockHash: mined.hash,
      call: {
        from: tx.getSenderAddress().toString(),
        ...(tx.to ? { to: tx.to.toString() } : {}),
        data: bytesToHex(tx.data),
        value: toQuantity(tx.value),
        gas: toQuantity(tx.gasLimit),
      },
      callBlock: toQuantity(mined.number - 1n),
    },
  };
}
