import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '@ethereumjs/util';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { encodeCallHex, encodeDeploy } from '../../../src/evm/node/abi.ts';
import { demoAccounts } from '../../../src/evm/node/demoAccounts.ts';
import { type RunningNode, rpc, startAnvil } from '../../helpers/nodes.ts';

// eth_createAccessList cross-checked against anvil 1.7.1 (its access-list inspector follows geth's tracer): the same
// token, deployed by the same account at the same address on both, gives the same list and gas for the same calls.

let node: EmbeddedNode;
let anvil: RunningNode;
const alice = demoAccounts.alice.address.toString();
const fresh = '0x' + '34'.repeat(20);
const token = '0x4eb043c48b57c15ea74e7602196405bb4410f8d2';

beforeAll(async () => {
  node = await createEmbeddedNode();
  anvil = await startAnvil(['--hardfork', 'prague']);
  await rpc(anvil.url, 'anvil_impersonateAccount', [alice]);
  await rpc(anvil.url, 'anvil_setBalance', [alice, '0x3635c9adc5dea00000']);
  // alice's first contract on both chains: the demo token at the same address.
  const supply = 1_000_000n * 10n ** 18n;
  await rpc(anvil.url, 'eth_sendTransaction', [
    { from: alice, data: bytesToHex(encodeDeploy('DemoToken', [supply])), gas: '0x200000' },
  ]);
  expect(await rpc(anvil.url, 'eth_getCode', [token, 'latest'])).toBe(
    ((await node.request({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [token, 'latest'] })) as any)
      .result,
  );
}, 60_000);
afterAll(() => anvil?.stop());

describe('eth_createAccessList: the embedded node and anvil agree', () => {
  it.each([
    [
      'a token transfer to a fresh account',
      {
        from: alice,
        to: token,
        data: encodeCallHex('DemoToken', 'transfer(address,uint256)', [fresh as `0x${string}`, 9n]),
      },
      2,
    ],
    [
      'a balance read',
      {
        from: alice,
        to: token,
        data: encodeCallHex('DemoToken', 'balanceOf(address)', [alice as `0x${string}`]),
      },
      1,
    ],
    ['a plain transfer', { from: alice, to: fresh, value: '0x1' }, 0],
  ])('%s (%i storage keys)', async (_name, call, keys) => {
    const ours = (
      (await node.request({ jsonrpc: '2.0', id: 2, method: 'eth_createAccessList', params: [call] })) as any
    ).result;
    const theirs = (await rpc(anvil.url, 'eth_createAccessList', [call])) as any;
    expect(ours).toEqual(theirs);
    expect(ours.accessList.flatMap((e: { storageKeys: string[] }) => e.storageKeys)).toHaveLength(keys);
  });
});
