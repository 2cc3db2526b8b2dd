import { createAddressFromString, bytesToHex, hexToBytes, setLengthLeft } from '@ethereumjs/util';
import { createTxFromRLP } from '@ethereumjs/tx';
import type { Handler, NodeContext } from './nodeContext.ts';
import { findBlock, requireBlock } from './nodeContext.ts';
import { formatBlock, formatReceipt, formatTx } from './formatRpc.ts';
import { toQuantity } from './hex.ts';
import {
  checkArity,
  decodeAddress,
  decodeBlockNumber,
  decodeBlockNumberOrHash,
  decodeBool,
  decodeBytes,
  decodeHash,
  decodeQuantity,
} from './params.ts';
import { serverError, invalidArgument } from './rpcError.ts';
import { describeRunTxError } from './describeRunTxError.ts';
import { keccak256 } from 'ethereum-cryptography/keccak.js';
import { demoAccounts } from './demoAccounts.ts';
import { feeHistory } from './feeHistory.ts';
import { getLogs } from './getLogs.ts';
import { getProof } from './getProof.ts';
import { sendTransaction } from './sendTransaction.ts';
import { suggestedTip } from './suggestedTip.ts';

async function stateAt(ctx: NodeContext, params: unknown[]) {
  const address = createAddressFromString(decodeAddress(params[0], 0));
  const block = requireBlock(
    ctx.chain,
    decodeBlockNumberOrHash(params[params.length - 1], params.length - 1),
  );
  return { address, state: ctx.chain.stateAfter(block.number) };
}

/** eth_*, net_* and web3_* methods that read the chain (plus eth_sendRawTransaction). */
export const ethHandlers: Record<string, Handler> = {
  web3_clientVersion: async (ctx, p) => (checkArity(p, 0, 0), ctx.clientVersion),
  rpc_modules: async (_ctx, p) => (
    checkArity(p, 0, 0),
    { debug: '1.0', eth: '1.0', net: '1.0', rpc: '1.0', web3: '1.0' }
  ),
  net_version: async (ctx, p) => (checkArity(p, 0, 0), ctx.chain.common.chainId().toString()),
  eth_chainId: async (ctx, p) => (checkArity(p, 0, 0), toQuantity(ctx.chain.common.chainId())),
  eth_blockNumber: async (ctx, p) => (checkArity(p, 0, 0), toQuantity(ctx.chain.head().number)),
  eth_gasPrice: async (ctx, p) => {
    checkArity(p, 0, 0);
    return toQuantity((ctx.chain.head().block.header.calcNextBaseFee?.() ?? 0n) + suggestedTip);
  },
  eth_maxPriorityFeePerGas: async (_ctx, p) => (checkArity(p, 0, 0), toQuantity(suggestedTip)),
  eth_feeHistory: async (ctx, p) => feeHistory(ctx.chain, checkArity(p, 2, 3)),
  net_listening: async (_ctx, p) => (checkArity(p, 0, 0), true),
  eth_syncing: async (_ctx, p) => (checkArity(p, 0, 0), false),
  web3_sha3: async (_ctx, p) =>
    bytesToHex(keccak256(hexToBytes(decodeBytes(checkArity(p, 1, 1)[0], 0) as `0x${string}`))),
  // geth prints addresses in lower case; the demo accounts are unlocked, as on anvil and hardhat.
  eth_accounts: async (_ctx, p) => (
    checkArity(p, 0, 0),
    Object.values(demoAccounts).map((a) => a.address.toString())
  ),
  eth_sendTransaction: async (ctx, p) => sendTransaction(ctx, checkArity(p, 1, 1)[0]),
  eth_getLogs: async (ctx, p) => getLogs(ctx.chain, checkArity(p, 1, 1)[0]),
  eth_getProof: (ctx, p) => getProof(ctx, p),
  eth_getBlockByNumber: async (ctx, p) => {
    const params = checkArity(p, 2, 2);
    const block = findBlock(ctx.chain, decodeBlockNumber(params[0], 0));
    return block ? formatBlock(block, decodeBool(params[1], 1)) : null;
  },
  eth_getBlockByHash: async (ctx, p) => {
    const params = checkArity(p, 2, 2);
    const block = ctx.chain.blockByHash(decodeHash(params[0], 0));
    return block ? formatBlock(block, decodeBool(params[1], 1)) : null;
  },
  eth_getBlockReceipts: async (ctx, p) => {
    const block = findBlock(ctx.chain, decodeBlockNumberOrHash(checkArity(p, 1, 1)[0], 0));
    if (!block) return null;
    let before = 0;
    return block.txs.map((t) => {
      const r = formatReceipt(t, before);
      before += t.receipt.logs.length;
      return r;
    });
  },
  eth_getTransactionByBlockNumberAndIndex: async (ctx, p) => {
    const params = checkArity(p, 2, 2);
    const block = findBlock(ctx.chain, decodeBlockNumber(params[0], 0));
    const t = block?.txs[Number(decodeQuantity(params[1], 1, 64, 'hexutil.Uint'))];
    return t ? formatTx(t) : null;
  },
  eth_getTransactionByBlockHashAndIndex: async (ctx, p) => {
    const params = checkArity(p, 2, 2);
    const block = ctx.chain.blockByHash(decodeHash(params[0], 0));
    const t = block?.txs[Number(decodeQuantity(params[1], 1, 64, 'hexutil.Uint'))];
    return t ? formatTx(t) : null;
  },
  eth_getBlockTransactionCountByNumber: async (ctx, p) => {
    const block = findBlock(ctx.chain, decodeBlockNumber(checkArity(p, 1, 1)[0], 0));
    return block ? toQuantity(block.txs.length) : null;
  },
  eth_getBlockTransactionCountByHash: async (ctx, p) => {
    const block = ctx.chain.blockByHash(decodeHash(checkArity(p, 1, 1)[0], 0));
    return block ? toQuantity(block.txs.length) : null;
  },
  eth_getTransactionByHash: async (ctx, p) => {
    const t = ctx.chain.txByHash(decodeHash(checkArity(p, 1, 1)[0], 0));
    return t ? formatTx(t) : null;
  },
  eth_getRawTransactionByHash: async (ctx, p) => {
    const t = ctx.chain.txByHash(decodeHash(checkArity(p, 1, 1)[0], 0));
    return t ? bytesToHex(t.tx.serialize()) : null;
  },
  eth_getTransactionReceipt: async (ctx, p) => {
    const t = ctx.chain.txByHash(decodeHash(checkArity(p, 1, 1)[0], 0));
    if (!t) return null;
    const block = ctx.chain.blockByNumber(t.blockNumber)!;
    const before = block.txs.slice(0, t.index).reduce((n, x) => n + x.receipt.logs.length, 0);
    return formatReceipt(t, before);
  },
  eth_getBalance: async (ctx, p) => {
    const { address, state } = await stateAt(ctx, checkArity(p, 2, 2));
    return toQuantity((await state.getAccount(address))?.balance ?? 0n);
  },
  eth_getTransactionCount: async (ctx, p) => {
    const { address, state } = await stateAt(ctx, checkArity(p, 2, 2));
    return toQuantity((await state.getAccount(address))?.nonce ?? 0n);
  },
  eth_getCode: async (ctx, p) => {
    const { address, state } = await stateAt(ctx, checkArity(p, 2, 2));
    return bytesToHex(await state.getCode(address));
  },
  eth_getStorageAt: async (ctx, p) => {
    const params = checkArity(p, 3, 3);
    const slot = decodeSlot(params[1]);
    const { address, state } = await stateAt(ctx, params);
    return bytesToHex(setLengthLeft(await state.getStorage(address, slot), 32));
  },
  eth_sendRawTransaction: async (ctx, p) => {
    const raw = hexToBytes(decodeBytes(checkArity(p, 1, 1)[0], 0) as `0x${string}`);
    let tx;
    try {
      tx = createTxFromRLP(raw, { common: ctx.chain.common });
    } catch (e) {
      throw serverError(`invalid transaction: ${(e as Error).message.split('\n')[0]}`);
    }
    if (!tx.isSigned()) throw serverError('invalid transaction: not signed');
    if (tx.type === 3)
      throw serverError('transaction type not supported: the embedded node takes no blob transactions');
    if (ctx.chain.txByHash(bytesToHex(tx.hash()))) throw serverError('already known');
    return ctx.lock(async () => {
      try {
        await ctx.chain.mine([tx]);
      } catch (e) {
        throw serverError(describeRunTxError(e, tx.getSenderAddress().toString()));
      }
      return bytesToHex(tx.hash());
    });
  },
};

/** A storage slot: geth accepts any hex up to 32 bytes (and a decimal-free 0x form). */
function decodeSlot(value: unknown): Uint8Array {
  if (typeof value !== 'string' || !/^0[xX][0-9a-fA-F]{0,64}$/.test(value)) {
    throw invalidArgument(1, 'unable to decode storage key: hex string invalid');
  }
  const digits = value.slice(2);
  return setLengthLeft(hexToBytes(`0x${digits.length % 2 ? '0' + digits : digits}`), 32);
}
