import { beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { encodeCallHex } from '../../../src/evm/node/abi.ts';
import { demoAccounts } from '../../../src/evm/node/demoAccounts.ts';
import { createFilterRegistry } from '../../../src/evm/node/createFilterRegistry.ts';
import { createSubscriptionSession } from '../../../src/evm/node/createSubscriptionSession.ts';
import type { SubscriptionNotification } from '../../../src/evm/node/createSubscriptionSession.ts';

// Filters (eth_newFilter…) and subscriptions (eth_subscribe…) as geth's eth/filters answers them.

let node: EmbeddedNode;
let id = 1;
type Reply = { result?: unknown; error?: { code: number; message: string } };
const send = async (n: { request(b: unknown): Promise<unknown> }, method: string, params?: unknown) =>
  (await n.request({
    jsonrpc: '2.0',
    id: id++,
    method,
    ...(params === undefined ? {} : { params }),
  })) as Reply;
/** The result, or `{code, message}` of the error. */
const answer = async (n: { request(b: unknown): Promise<unknown> }, method: string, params?: unknown) => {
  const r = await send(n, method, params);
  return (r.error ?? r.result) as any;
};

const alice = demoAccounts.alice.address.toString();
const bob = demoAccounts.bob.address.toString();
const token = '0x4eb043c48b57c15ea74e7602196405bb4410f8d2';
const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const transfer = (n: bigint) =>
  encodeCallHex('DemoToken', 'transfer(address,uint256)', [bob as `0x${string}`, n]);
/** geth's rpc.ID: 16 random bytes as a hex quantity. */
const rpcId = /^0x[1-9a-f][0-9a-f]{0,31}$/;

/** Sends a token transfer from alice (one Transfer log); answers the tx hash. */
const sendTransfer = async (n: EmbeddedNode, amount = 5n) =>
  (await answer(n, 'eth_sendTransaction', [{ from: alice, to: token, data: transfer(amount) }])) as string;
const head = async (n: EmbeddedNode) => answer(n, 'eth_getBlockByNumber', ['latest', false]);

beforeAll(async () => {
  node = await createEmbeddedNode();
});

describe('filters: what each kind collects between polls', () => {
  it('a block filter gives the hashes of the blocks mined since the last poll, then nothing', async () => {
    const fid = await answer(node, 'eth_newBlockFilter', []);
    expect(fid).toMatch(rpcId);
    expect(await answer(node, 'eth_getFilterChanges', [fid])).toEqual([]);
    await sendTransfer(node);
    const first = (await head(node)).hash;
    await sendTransfer(node);
    const second = (await head(node)).hash;
    expect(await answer(node, 'eth_getFilterChanges', [fid])).toEqual([first, second]);
    expect(await answer(node, 'eth_getFilterChanges', [fid])).toEqual([]);
  });

  it('a pending-transaction filter gives hashes, or with true the transactions without their block', async () => {
    const hashes = await answer(node, 'eth_newPendingTransactionFilter', []);
    const full = await answer(node, 'eth_newPendingTransactionFilter', [true]);
    const hash = await sendTransfer(node);
    expect(await answer(node, 'eth_getFilterChanges', [hashes])).toEqual([hash]);
    const mined = await answer(node, 'eth_getTransactionByHash', [hash]);
    const [tx] = await answer(node, 'eth_getFilterChanges', [full]);
    expect(Object.keys(tx)).toEqual(Object.keys(mined));
    expect(tx).toEqual({ ...mined, blockHash: null, blockNumber: null, transactionIndex: null });
  });

  it('a log filter gives the new matching logs as eth_getLogs gives them; eth_getFilterLogs answers its whole range', async () => {
    const criteria = { address: token, topics: [transferTopic] };
    const fid = await answer(node, 'eth_newFilter', [criteria]);
    const other = await answer(node, 'eth_newFilter', [{ address: bob }]);
    await sendTransfer(node, 7n);
    const blockHash = (await head(node)).hash;
    const expected = await answer(node, 'eth_getLogs', [{ blockHash, address: token }]);
    expect(expected).toHaveLength(1);
    expect(await answer(node, 'eth_getFilterChanges', [fid])).toEqual(expected);
    expect(await answer(node, 'eth_getFilterChanges', [other])).toEqual([]);
    const whole = await answer(node, 'eth_newFilter', [{ ...criteria, fromBlock: 'earliest' }]);
    const all = await answer(node, 'eth_getLogs', [{ ...criteria, fromBlock: 'earliest' }]);
    expect(all.length).toBeGreaterThan(3);
    expect(await answer(node, 'eth_getFilterLogs', [whole])).toEqual(all);
  });

  it('a numeric range bounds the blocks a log filter takes logs from', async () => {
    const n = BigInt((await head(node)).number);
    const fid = await answer(node, 'eth_newFilter', [
      { fromBlock: `0x${(n + 2n).toString(16)}`, address: token },
    ]);
    await sendTransfer(node);
    expect(await answer(node, 'eth_getFilterChanges', [fid])).toEqual([]);
    await sendTransfer(node);
    expect(await answer(node, 'eth_getFilterChanges', [fid])).toHaveLength(1);
  });

  it('blocks mined by the dev controls (evm_mine, anvil_mine) reach filters and subscriptions too', async () => {
    const fid = await answer(node, 'eth_newBlockFilter', []);
    const got: SubscriptionNotification[] = [];
    const conn = node.connect((m) => got.push(m));
    const created: string[] = [];
    await conn.request({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }, created);
    conn.release(created);
    await answer(node, 'evm_mine', []);
    await answer(node, 'anvil_mine', ['0x2']);
    const n = BigInt((await head(node)).number);
    const hashes = [];
    for (let i = n - 2n; i <= n; i++)
      hashes.push((await answer(node, 'eth_getBlockByNumber', [`0x${i.toString(16)}`, false])).hash);
    expect(await answer(node, 'eth_getFilterChanges', [fid])).toEqual(hashes);
    expect(got.map((m) => (m.params.result as { hash: string }).hash)).toEqual(hashes);
    conn.close();
  });

  it('uninstalling answers true once; the id is then not found', async () => {
    const fid = await answer(node, 'eth_newBlockFilter', []);
    expect(await answer(node, 'eth_uninstallFilter', [fid])).toBe(true);
    expect(await answer(node, 'eth_uninstallFilter', [fid])).toBe(false);
    expect(await answer(node, 'eth_getFilterChanges', [fid])).toEqual({
      code: -32000,
      message: 'filter not found',
    });
  });

  it('ids are distinct', async () => {
    const ids = await Promise.all(Array.from({ length: 50 }, () => answer(node, 'eth_newBlockFilter', [])));
    expect(new Set(ids).size).toBe(50);
    for (const f of ids) expect(await answer(node, 'eth_uninstallFilter', [f])).toBe(true);
  });
});

describe('filters: geth errors', () => {
  it('eth_getFilterLogs of a block filter is not found, like geth', async () => {
    const fid = await answer(node, 'eth_newBlockFilter', []);
    expect(await answer(node, 'eth_getFilterLogs', [fid])).toEqual({
      code: -32000,
      message: 'filter not found',
    });
  });

  it.each([
    ['eth_newFilter', [{ fromBlock: 'pending' }], -32602, 'pending logs are not supported'],
    ['eth_newFilter', [{ toBlock: 'pending' }], -32602, 'pending logs are not supported'],
    ['eth_newFilter', [{ fromBlock: '0x2', toBlock: '0x1' }], -32602, 'invalid block range params'],
    ['eth_newFilter', [{ fromBlock: 'latest', toBlock: '0x1' }], -32602, 'invalid block range params'],
    ['eth_newFilter', [{ fromBlock: 'safe' }], -32602, 'invalid block range params'],
    ['eth_newFilter', [{ toBlock: 'earliest' }], -32602, 'invalid block range params'],
    [
      'eth_newFilter',
      [{ address: '0x12' }],
      -32602,
      'invalid argument 0: invalid address: hex has invalid length 1 after decoding; expected 20 for address',
    ],
    [
      'eth_newFilter',
      [{ topics: [null, null, null, null, null] }],
      -32602,
      'invalid argument 0: exceed max topics',
    ],
    ['eth_newFilter', [], -32602, 'missing value for required argument 0'],
    ['eth_newBlockFilter', [1], -32602, 'too many arguments, want at most 0'],
    [
      'eth_newPendingTransactionFilter',
      ['yes'],
      -32602,
      'invalid argument 0: json: cannot unmarshal string into Go value of type bool',
    ],
    ['eth_getFilterChanges', [], -32602, 'missing value for required argument 0'],
    ['eth_getFilterChanges', ['0x1'], -32000, 'filter not found'],
    ['eth_getFilterChanges', [null], -32000, 'filter not found'],
    [
      'eth_getFilterChanges',
      [1],
      -32602,
      'invalid argument 0: json: cannot unmarshal number into Go value of type rpc.ID',
    ],
    ['eth_getFilterLogs', ['0xabc'], -32000, 'filter not found'],
    ['eth_uninstallFilter', ['0x1', '0x2'], -32602, 'too many arguments, want at most 1'],
    ['eth_subscribe', ['newHeads'], -32601, 'notifications not supported'],
    ['eth_subscribe', ['nonsense', 1, 2], -32601, 'notifications not supported'],
    ['eth_unsubscribe', ['0x1'], -32000, 'subscription not found'],
  ])('%s %j → %i %s', async (method, params, code, message) => {
    expect(await answer(node, method, params)).toEqual({ code, message });
  });
});

describe('filter registry: the 5-minute deadline and the cap', () => {
  it('a filter polled within 5 minutes lives on; one left alone for 5 minutes is gone', async () => {
    const fresh = await createEmbeddedNode();
    let now = 1_000_000;
    const filters = createFilterRegistry(fresh.chain, { now: () => now });
    const polled = filters.install({ kind: 'blocks' });
    const idle = filters.install({ kind: 'blocks' });
    now += 5 * 60_000 - 1;
    expect(filters.changes(polled)).toEqual([]);
    now += 1;
    expect(() => filters.changes(idle)).toThrow('filter not found');
    now += 5 * 60_000 - 2;
    await sendTransfer(fresh);
    expect(filters.changes(polled)).toEqual([(await head(fresh)).hash]);
    now += 5 * 60_000;
    expect(filters.size()).toBe(0);
  });

  it('past the cap, installing fails with a clear error until one is removed', async () => {
    const filters = createFilterRegistry(node.chain, { limit: 2 });
    const a = filters.install({ kind: 'blocks' });
    filters.install({ kind: 'blocks' });
    expect(() => filters.install({ kind: 'blocks' })).toThrow(
      'too many filters (2): uninstall some with eth_uninstallFilter, or leave them unpolled for 5 minutes',
    );
    expect(filters.uninstall(a)).toBe(true);
    expect(filters.install({ kind: 'blocks' })).toMatch(rpcId);
  });
});

/** geth's types.Header JSON order (core/types/gen_header_json.go). */
const headerKeys = [
  'parentHash', 'sha3Uncles', 'miner', 'stateRoot', 'transactionsRoot', 'receiptsRoot', 'logsBloom', 'difficulty',
  'number', 'gasLimit', 'gasUsed', 'timestamp', 'extraData', 'mixHash', 'nonce', 'baseFeePerGas', 'withdrawalsRoot',
  'blobGasUsed', 'excessBlobGas', 'parentBeaconBlockRoot', 'requestsHash', 'blockAccessListHash', 'slotNumber', 'hash',
]; // prettier-ignore

describe('subscriptions on a connection', () => {
  it('newHeads, logs and newPendingTransactions notify in geth shapes, after the reply that created them', async () => {
    const fresh = await createEmbeddedNode();
    const got: SubscriptionNotification[] = [];
    const conn = fresh.connect((m) => got.push(m));
    const created: string[] = [];
    const [heads, logs, pending] = (await conn.request(
      [
        { jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] },
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'eth_subscribe',
          params: ['logs', { address: token, topics: [transferTopic] }],
        },
        { jsonrpc: '2.0', id: 3, method: 'eth_subscribe', params: ['newPendingTransactions'] },
      ],
      created,
    )) as { result: string }[];
    expect([heads.result, logs.result, pending.result]).toEqual(created);
    for (const s of created) expect(s).toMatch(rpcId);
    const hash = await sendTransfer(fresh);
    expect(got).toEqual([]);
    conn.release(created);
    const block = await head(fresh);
    const blockLogs = await answer(fresh, 'eth_getLogs', [{ blockHash: block.hash }]);
    const note = (subscription: string, result: unknown) => ({
      jsonrpc: '2.0',
      method: 'eth_subscription',
      params: { subscription, result },
    });
    expect(got.map((m) => m.params.subscription)).toEqual(created);
    expect(got[0]).toEqual(note(heads.result, expect.anything()));
    const header = got[0].params.result as Record<string, unknown>;
    expect(Object.keys(header)).toEqual(headerKeys);
    for (const k of headerKeys.slice(0, -3)) expect([k, header[k]]).toEqual([k, block[k]]);
    expect([header.blockAccessListHash, header.slotNumber, header.hash]).toEqual([null, null, block.hash]);
    expect(got[1]).toEqual(note(logs.result, blockLogs[0]));
    expect(got[2]).toEqual(note(pending.result, hash));
    expect(JSON.stringify(got[1])).toMatch(
      /^\{"jsonrpc":"2.0","method":"eth_subscription","params":\{"subscription"/,
    );
    got.length = 0;
    expect(await answer(conn, 'eth_unsubscribe', [heads.result])).toBe(true);
    expect(await answer(conn, 'eth_unsubscribe', [heads.result])).toEqual({
      code: -32000,
      message: 'subscription not found',
    });
    await sendTransfer(fresh);
    expect(got.map((m) => m.params.subscription)).toEqual([logs.result, pending.result]);
    conn.close();
    got.length = 0;
    await sendTransfer(fresh);
    expect(got).toEqual([]);
  });

  it.each([
    [['nonsense'], -32601, 'no "nonsense" subscription in eth namespace'],
    [['transactionReceipts'], -32601, 'no "transactionReceipts" subscription in eth namespace'],
    [['syncing', true], -32602, 'too many arguments, want at most 1'],
    [[], -32602, 'expected subscription name as first argument'],
    [[1], -32602, 'expected subscription name as first argument'],
    [{ name: 'newHeads' }, -32602, 'non-array args'],
    [undefined, -32602, 'non-array args'],
    [['newHeads', {}], -32602, 'too many arguments, want at most 1'],
    [['logs'], -32602, 'missing value for required argument 1'],
    [['logs', {}, {}], -32602, 'too many arguments, want at most 2'],
    [['logs', { fromBlock: 'pending' }], -32602, 'pending logs are not supported'],
    [['logs', { fromBlock: '0x5', toBlock: '0x1' }], -32602, 'invalid block range params'],
    [
      ['logs', { address: 'abc' }],
      -32602,
      'invalid argument 1: invalid address: hex string without 0x prefix',
    ],
    [
      ['newPendingTransactions', 1],
      -32602,
      'invalid argument 1: json: cannot unmarshal number into Go value of type bool',
    ],
  ])('eth_subscribe %j → %i %s', async (params, code, message) => {
    const conn = node.connect(() => {});
    expect(await answer(conn, 'eth_subscribe', params)).toEqual({ code, message });
    conn.close();
  });

  it('syncing is accepted and, the node never syncing, says nothing', async () => {
    const got: SubscriptionNotification[] = [];
    const conn = node.connect((m) => got.push(m));
    const created: string[] = [];
    expect(await answer({ request: (b) => conn.request(b, created) }, 'eth_subscribe', ['syncing'])).toMatch(
      rpcId,
    );
    conn.release(created);
    await sendTransfer(node);
    expect(got).toEqual([]);
    conn.close();
  });

  it('a connection holds at most 1000 subscriptions; one more is refused with a clear error', async () => {
    const conn = node.connect(() => {});
    for (let i = 0; i < 1000; i++) expect(await answer(conn, 'eth_subscribe', ['newHeads'])).toMatch(rpcId);
    expect(await answer(conn, 'eth_subscribe', ['newHeads'])).toEqual({
      code: -32000,
      message: 'too many subscriptions on this connection (1000): eth_unsubscribe some first',
    });
    conn.close();
  });

  it('a closed session stops listening to the chain', async () => {
    const fresh = await createEmbeddedNode();
    let listening = 0;
    const onBlock = fresh.chain.onBlock.bind(fresh.chain);
    fresh.chain.onBlock = (listener) => {
      listening++;
      const stop = onBlock(listener);
      return () => {
        listening--;
        return stop();
      };
    };
    const sessions = Array.from({ length: 20 }, () => createSubscriptionSession(fresh.chain, () => {}));
    expect(listening).toBe(20);
    for (const s of sessions) s.close();
    expect(listening).toBe(0);
  });
});
