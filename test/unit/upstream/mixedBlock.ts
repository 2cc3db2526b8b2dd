import { bytesToHex } from '@ethereumjs/util';
import { encodeCallHex, encodeDeploy } from '../../../src/evm/node/abi.ts';
import { type RunningNode, rpc } from '../../helpers/nodes.ts';

/** A block of anvil holding several kinds of transaction, by name in block order. */
export interface MixedBlock {
  /** transfer, create, probe (CALL/DELEGATECALL/STATICCALL/CREATE/CREATE2, storage, logs), revert, transferBack. */
  txs: Record<string, string>;
  /** Block number (hex). */
  number: string;
  /** An account with a balance that no transaction of the block touches. */
  untouched: string;
  untouchedBalance: bigint;
  token: string;
}

const hex = (n: bigint) => `0x${n.toString(16)}`;

/** The receipt of `hash`, waiting for it to be mined. */
export async function receipt(anvil: RunningNode, hash: string): Promise<Record<string, string>> {
  for (let i = 0; i < 200; i++) {
    const r = (await rpc(anvil.url, 'eth_getTransactionReceipt', [hash])) as Record<string, string> | null;
    if (r) return r;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error(`not mined: ${hash}`);
}

/**
 * Deploys the demo contracts on `anvil`, then mines five transactions in one block (automine off, then evm_mine):
 * a token transfer, a CREATE, CallProbe.run (every call kind, storage, logs, value), a revert, another transfer.
 * Automine stays off afterwards.
 */
export async function buildMixedBlock(anvil: RunningNode): Promise<MixedBlock> {
  const untouched = '0x00000000000000000000000000000000c0ffee01';
  const untouchedBalance = 0x1234567890abcdefn;
  const txs: Record<string, string> = {};
  const [alice, bob, carol] = (await rpc(anvil.url, 'eth_accounts')) as string[];
  const deploy = async (data: Uint8Array) => {
    const h = (await rpc(anvil.url, 'eth_sendTransaction', [
      { from: alice, data: bytesToHex(data), gas: hex(3_000_000n) },
    ])) as string;
    return (await receipt(anvil, h)).contractAddress as `0x${string}`;
  };
  const token = await deploy(encodeDeploy('DemoToken', [10n ** 24n]));
  const logic = await deploy(encodeDeploy('ProbeLogic'));
  const probe = await deploy(encodeDeploy('CallProbe', [logic]));
  const reverter = await deploy(encodeDeploy('Reverter'));
  await rpc(anvil.url, 'anvil_setBalance', [untouched, hex(untouchedBalance)]);
  await rpc(anvil.url, 'evm_setAutomine', [false]);
  const send = async (name: string, tx: Record<string, string>) => {
    txs[name] = (await rpc(anvil.url, 'eth_sendTransaction', [{ gas: hex(1_000_000n), ...tx }])) as string;
  };
  // Block order follows the senders' nonces and tips: one sender, so the order sent is the order mined.
  await send('transfer', {
    from: alice,
    to: token,
    data: encodeCallHex('DemoToken', 'transfer(address,uint256)', [bob as `0x${string}`, 5n * 10n ** 18n]),
  });
  await send('create', { from: alice, data: bytesToHex(encodeDeploy('Reverter')) });
  await send('probe', {
    from: alice,
    to: probe,
    data: encodeCallHex('CallProbe', 'run(uint256)', [7n]),
    value: hex(10n ** 15n),
  });
  await send('revert', {
    from: alice,
    to: reverter,
    data: encodeCallHex('Reverter', 'check(uint256)', [42n]),
  });
  await send('transferBack', {
    from: alice,
    to: token,
    data: encodeCallHex('DemoToken', 'transfer(address,uint256)', [carol as `0x${string}`, 7n]),
  });
  await rpc(anvil.url, 'evm_mine', []);
  const blocks = new Set<string>();
  for (const [name, h] of Object.entries(txs)) {
    const r = await receipt(anvil, h);
    blocks.add(r.blockNumber);
    if (name === 'revert' && r.status !== '0x0') throw new Error('the revert transaction did not revert');
  }
  if (blocks.size !== 1) throw new Error(`the transactions went into ${blocks.size} blocks`);
  return { txs, number: [...blocks][0], untouched, untouchedBalance, token };
}
