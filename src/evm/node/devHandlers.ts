import type { Handler } from './nodeContext.ts';

/** Dev-chain controls under anvil's and hardhat's names (mine, snapshot, time, set state): the family 'dev'. */
export const devHandlers: Record<string, Handler> = {};
