import { createAccessList2930Tx, createFeeMarket1559Tx, createLegacyTx } from '@ethereumjs/tx';
import type { TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import { decodeCallArgs, field } from './callArgs.ts';
import { demoAccounts } from './demoAccounts.ts';
import { describeRunTxError } from './describeRunTxError.ts';
import { estimateGas } from './estimateGas.ts';
import type { NodeContext } from './nodeContext.ts';
import { decodeQuantity } from './params.ts';
import { RpcError, serverError } from './rpcError.ts';
import { suggestedTip } from './suggestedTip.ts';

const bothFeesText = 'both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified';

/** geth's default --rpc.txfeecap: 1 ether. */
const txFeeCap = 10n ** 18n;

/**
 * geth's eth_sendTransaction (internal/ethapi SendTransaction) for the unlocked demo accounts, as anvil and hardhat
 * offer theirs: the node fills the nonce, the fees (tip 1 gwei, fee cap tip + 2 × base fee, as setDefaults does),
 * the gas (by eth_estimateGas), signs with the account's key and mines the transaction in a block of its own.
 * Any other `from` gets geth's `unknown account`.
 */
export async function sendTransaction(ctx: NodeContext, raw: unknown): Promise<string> {
  // geth decodes the arguments, finds the account, then checks the fees (setDefaults): both fee kinds come after
  // `unknown account`, as a plain error.
  let args;
  let bothFees = false;
  try {
    args = decodeCallArgs(raw, 0);
  } catch (e) {
    if (!(e instanceof RpcError) || !e.message.endsWith(bothFeesText)) throw e;
    bothFees = true;
    args = decodeCallArgs({ ...(raw as object), gasPrice: undefined }, 0);
  }
  const account = Object.values(demoAccounts).find((a) => a.address.equals(args.from));
  if (!account) throw serverError('unknown account');
  if (bothFees) throw serverError(bothFeesText);
  const common = ctx.chain.common;
  const chainIdArg = field(raw as Record<string, unknown>, 'chainId');
  const chainId = chainIdArg == null ? undefined : decodeQuantity(chainIdArg, 0);
  return ctx.lock(async () => {
    const head = ctx.chain.head();
    const london = common.isActivatedEIP(1559);
    const fees: { gasPrice?: bigint; maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint } = {};
    const hex = (n: bigint) => '0x' + n.toString(16);
    if (args.gasPrice !== undefined || !london) {
      if (args.gasPrice === 0n && london) throw serverError('gasPrice must be non-zero after london fork');
      fees.gasPrice = args.gasPrice ?? (head.block.header.calcNextBaseFee?.() ?? 0n) + suggestedTip;
    } else {
      if (args.maxFeePerGas === 0n && args.maxPriorityFeePerGas !== undefined)
        throw serverError('maxFeePerGas must be non-zero');
      const tip = args.maxPriorityFeePerGas ?? suggestedTip;
      const maxFee = args.maxFeePerGas ?? tip + 2n * (head.block.header.baseFeePerGas ?? 0n);
      // geth prints hexutil.Big values in hex here.
      if (maxFee < tip)
        throw serverError(`maxFeePerGas (${hex(maxFee)}) < maxPriorityFeePerGas (${hex(tip)})`);
      fees.maxFeePerGas = maxFee;
      fees.maxPriorityFeePerGas = tip;
    }
    if (!args.to && args.data.length === 0) throw serverError('contract creation without any data provided');
    const state = ctx.chain.stateAfter(head.number);
    const nonce = args.nonce ?? (await state.getAccount(args.from))?.nonce ?? 0n;
    const withFees = { ...(raw as Record<string, unknown>) };
    for (const [k, v] of Object.entries(fees)) withFees[k] = hex(v);
    const gasLimit = args.gas ?? (await estimateGas(ctx, withFees, { kind: 'tag', tag: 'latest' }));
    if (chainId !== undefined && chainId !== common.chainId())
      throw serverError(`chainId does not match node's (have=${chainId}, want=${common.chainId()})`);
    const feeCap = fees.gasPrice ?? fees.maxFeePerGas!;
    if (feeCap * gasLimit > txFeeCap) {
      const ether = (n: bigint) => (Number(n) / 1e18).toFixed(2);
      throw serverError(`tx fee (${ether(feeCap * gasLimit)} ether) exceeds the configured cap (1.00 ether)`);
    }
    const base = { nonce, to: args.to, value: args.value, data: args.data, gasLimit };
    // geth's ToTransaction: dynamic-fee with fee caps, access-list type with a gas price and a list, else legacy.
    const accessList = (field(raw as Record<string, unknown>, 'accessList') ?? undefined) as never;
    let tx: TypedTransaction;
    if (fees.gasPrice === undefined)
      tx = createFeeMarket1559Tx(
        {
          ...base,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
          accessList,
        },
        { common },
      );
    else if (accessList != null)
      tx = createAccessList2930Tx({ ...base, gasPrice: fees.gasPrice, accessList }, { common });
    else tx = createLegacyTx({ ...base, gasPrice: fees.gasPrice }, { common });
    const signed = tx.sign(account.privateKey);
    try {
      await ctx.chain.mine([signed]);
    } catch (e) {
      throw serverError(describeRunTxError(e, args.from.toString()));
    }
    return bytesToHex(signed.hash());
  });
}
