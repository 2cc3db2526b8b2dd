import { Address, setLengthLeft } from '@ethereumjs/util';
import { decodeDevBytes, decodeDevQuantity, decodeDevWord } from './devParams.ts';
import { devStateOf, revertToSnapshot, takeSnapshot } from './devSnapshots.ts';
import { toQuantity } from './hex.ts';
import type { Handler, NodeContext } from './nodeContext.ts';
import { checkArity, decodeAddress, decodeBool } from './params.ts';
import { invalidParams } from './rpcError.ts';
import type { SyncStateManager } from '../state/createSyncStateManager.ts';

/** anvil's refusal of a timestamp before the head's. */
function checkTimestamp(ctx: NodeContext, timestamp: bigint): void {
  const head = ctx.chain.head().block.header.timestamp;
  if (timestamp < head)
    throw invalidParams(`Timestamp error: ${timestamp} is lower than previous block's timestamp`);
}

/**
 * Mines `count` empty blocks. With an `interval` (anvil_mine's second argument) each is that many seconds after the one
 * before (the first after the head, unless a timestamp was set for it); without, each takes the usual next time.
 */
async function mineEmpty(ctx: NodeContext, count: bigint, interval?: bigint): Promise<void> {
  for (let i = 0n; i < count; i++) {
    const chain = ctx.chain;
    const timestamp =
      interval === undefined || chain.nextTime.timestamp !== undefined
        ? undefined
        : chain.head().block.header.timestamp + interval + chain.nextTime.shift;
    await chain.mine([], timestamp === undefined ? {} : { header: { timestamp } });
  }
}

/** anvil_mine / hardhat_mine `[count = 1, interval]`: null. */
const mineBlocks: Handler = async (ctx, params) => {
  const p = checkArity(params, 0, 2);
  const count = p[0] == null ? 1n : decodeDevQuantity(p[0], 0);
  const interval = p[1] == null ? undefined : decodeDevQuantity(p[1], 1);
  await ctx.lock(() => mineEmpty(ctx, count, interval));
  return null;
};

/** evm_mine `[timestamp]` or `[{timestamp, blocks}]`: anvil answers "0x0". */
const evmMine: Handler = async (ctx, params) => {
  const p = checkArity(params, 0, 1);
  let timestamp: bigint | undefined;
  let count = 1n;
  if (p[0] !== null && typeof p[0] === 'object' && !Array.isArray(p[0])) {
    const o = p[0] as { timestamp?: unknown; blocks?: unknown };
    // anvil's MineOptions take the object only with its `timestamp` member (null allowed).
    if (!('timestamp' in o))
      throw invalidParams('data did not match any variant of untagged enum MineOptions');
    if (o.timestamp != null) timestamp = decodeDevQuantity(o.timestamp, 0);
    if (o.blocks != null) count = decodeDevQuantity(o.blocks, 0);
  } else if (p[0] != null) timestamp = decodeDevQuantity(p[0], 0);
  await ctx.lock(async () => {
    if (timestamp !== undefined) {
      checkTimestamp(ctx, timestamp);
      ctx.chain.nextTime.timestamp = timestamp;
    }
    await mineEmpty(ctx, count);
  });
  return '0x0';
};

/** Applies `change` to a copy of the head's state and makes that the head's state (the head block stays). */
function editHead(ctx: NodeContext, change: (state: SyncStateManager) => Promise<void>): Promise<void> {
  return ctx.lock(async () => {
    const head = ctx.chain.head();
    const state = head.stateAfter.copy();
    await change(state);
    ctx.chain.resetHead({ ...head, stateAfter: state });
  });
}

/** A handler that sets one thing of an account: `[address, value]`; answers null. */
function setter(
  decode: (value: unknown, index: number) => bigint | Uint8Array,
  apply: (state: SyncStateManager, address: Address, value: never) => Promise<void>,
): Handler {
  return async (ctx, params) => {
    const p = checkArity(params, 2, 2);
    const address = new Address(decodeDevBytes(decodeAddress(p[0], 0), 0));
    const value = decode(p[1], 1);
    await editHead(ctx, (state) => apply(state, address, value as never));
    return null;
  };
}

const setBalance = setter(decodeDevQuantity, (state, address, balance: bigint) =>
  state.modifyAccountFields(address, { balance }),
);
const setNonce = setter(decodeDevQuantity, (state, address, nonce: bigint) =>
  state.modifyAccountFields(address, { nonce }),
);
const setCode = setter(decodeDevBytes, async (state, address, code: Uint8Array) => {
  // putCode needs the account to exist (an empty one has none yet).
  if (!state.existsSync(address)) await state.modifyAccountFields(address, {});
  await state.putCode(address, code);
});

/** anvil_setStorageAt `[address, slot, value (32 bytes)]`: true. */
const setStorageAt: Handler = async (ctx, params) => {
  const p = checkArity(params, 3, 3);
  const address = new Address(decodeDevBytes(decodeAddress(p[0], 0), 0));
  const slot = setLengthLeft(decodeDevWord(toQuantityWord(p[1], 1), 1), 32);
  const value = decodeDevWord(p[2], 2);
  await editHead(ctx, async (state) => {
    if (!state.existsSync(address)) await state.modifyAccountFields(address, {});
    await state.putStorage(address, slot, value);
  });
  return true;
};

/** A slot given as a quantity (anvil takes U256 for it) as its 32-byte word. */
function toQuantityWord(value: unknown, index: number): string {
  return '0x' + decodeDevQuantity(value, index).toString(16).padStart(64, '0');
}

/**
 * Dev-chain controls under anvil's and hardhat's names (mine, snapshot, time, set state): the family 'dev'. Answers and
 * refusals follow anvil 1.x (`evm_mine` "0x0", `anvil_mine` null, `evm_snapshot` a hex id counting from 0x0,
 * `evm_revert` true or false, `anvil_setStorageAt` true, the other setters null). Every control runs under the node's
 * lock, like mining, and is deterministic, so that `serve` can journal it for its trace processes.
 */
export const devHandlers: Record<string, Handler> = {
  evm_mine: evmMine,
  anvil_mine: mineBlocks,
  hardhat_mine: mineBlocks,
  evm_snapshot: async (ctx, params) => {
    checkArity(params, 0, 0);
    return toQuantity(await ctx.lock(async () => takeSnapshot(ctx.chain)));
  },
  evm_revert: async (ctx, params) => {
    const id = decodeDevQuantity(checkArity(params, 1, 1)[0], 0);
    return ctx.lock(async () => revertToSnapshot(ctx.chain, id));
  },
  evm_setNextBlockTimestamp: async (ctx, params) => {
    const timestamp = decodeDevQuantity(checkArity(params, 1, 1)[0], 0);
    await ctx.lock(async () => {
      checkTimestamp(ctx, timestamp);
      ctx.chain.nextTime.timestamp = timestamp;
    });
    return null;
  },
  evm_increaseTime: async (ctx, params) => {
    const seconds = decodeDevQuantity(checkArity(params, 1, 1)[0], 0);
    return ctx.lock(async () => {
      const dev = devStateOf(ctx.chain);
      ctx.chain.nextTime.shift += seconds;
      dev.timeOffset += seconds;
      // anvil answers the total offset as a JSON number.
      return Number(dev.timeOffset);
    });
  },
  evm_setAutomine: async (_ctx, params) => {
    if (!decodeBool(checkArity(params, 1, 1)[0], 0))
      throw invalidParams('automine off is not supported: every transaction is mined in a block of its own');
    return null;
  },
  anvil_setBalance: setBalance,
  hardhat_setBalance: setBalance,
  anvil_setCode: setCode,
  hardhat_setCode: setCode,
  anvil_setStorageAt: setStorageAt,
  hardhat_setStorageAt: setStorageAt,
  anvil_setNonce: setNonce,
  hardhat_setNonce: setNonce,
};
