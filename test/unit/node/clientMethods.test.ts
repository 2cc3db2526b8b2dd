import { beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { encodeCallHex, encodeDeploy } from '../../../src/evm/node/abi.ts';
import { demoAccounts } from '../../../src/evm/node/demoAccounts.ts';
import { bytesToHex } from '@ethereumjs/util';

// The methods wallets and client libraries (viem, ethers, web3.js, cast) send by default: geth's shapes and texts.

let node: EmbeddedNode;
let id = 1;
const send = async (n: EmbeddedNode, method: string, params: unknown[]) =>
  (await n.request({ jsonrpc: '2.0', id: id++, method, params })) as {
    result?: unknown;
    error?: { code: number; message: string; data?: unknown };
  };
/** The result, or `{code, message, data?}` of the error. */
const answer = async (n: EmbeddedNode, method: string, params: unknown[]) => {
  const r = await send(n, method, params);
  return r.error ?? r.result;
};

const alice = demoAccounts.alice.address.toString();
const bob = demoAccounts.bob.address.toString();
const nobody = '0x' + '12'.repeat(20);
// The demo contracts (alice's deploys in block 1, nonces 0–4).
const token = '0x4eb043c48b57c15ea74e7602196405bb4410f8d2';
const reverter = '0x6dadb86c7a871e9dd3dec478eeb259801ed71fa5';
const callProbe = '0xb99438d58763cb1e02c97d770efdf481917666e4';
const transfer5 = encodeCallHex('DemoToken', 'transfer(address,uint256)', [bob as `0x${string}`, 5n]);
const check42 = encodeCallHex('Reverter', 'check(uint256)', [42n]);
const divideBy0 = encodeCallHex('Reverter', 'divide(uint256,uint256)', [1n, 0n]);
const panic12 = '0x4e487b71' + '12'.padStart(64, '0');
const reasonData =
  '0x08c379a0' +
  '20'.padStart(64, '0') +
  '20'.padStart(64, '0') +
  '52657665727465723a2076616c7565206d7573742062652062656c6f77203130';

beforeAll(async () => {
  node = await createEmbeddedNode();
});

describe('eth_accounts, net_listening, eth_syncing, web3_sha3, eth_maxPriorityFeePerGas', () => {
  it.each([
    [
      'eth_accounts',
      [],
      [
        '0xea656c7adb7dd4483cc1e9faeb592e493125f198',
        '0x889b9c66c13ef7aaf36c3562cb85ac512689f353',
        '0x2bd6ad82db544314471fb94a1a30250526446fc8',
        '0x9629bd8c87e625936b1906d34ca7defa4a9f7c7e',
      ],
    ],
    ['net_listening', [], true],
    ['eth_syncing', [], false],
    ['eth_maxPriorityFeePerGas', [], '0x3b9aca00'],
    [
      'web3_sha3',
      ['0x68656c6c6f20776f726c64'],
      '0x47173285a8d7341e5e972fc677286384f802f8ef42a5ec5f03bbfa254cb01fad',
    ],
    ['web3_sha3', ['0x'], '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'],
    ['web3_sha3', ['hello'], { code: -32602, message: 'invalid argument 0: hex string without 0x prefix' }],
    ['web3_sha3', [], { code: -32602, message: 'missing value for required argument 0' }],
    ['net_listening', [1], { code: -32602, message: 'too many arguments, want at most 0' }],
  ])('%s %j → %j', async (method, params, expected) => {
    expect(await answer(node, method, params)).toEqual(expected);
  });
});

describe('eth_estimateGas: geth binary search and errors', () => {
  it.each([
    ['a plain transfer', [{ from: alice, to: bob, value: '0x1' }], '0x5208'],
    ['a plain transfer with gas given', [{ from: alice, to: bob, value: '0x1', gas: '0x5000' }], '0x5208'],
    ['a token transfer (latest)', [{ from: alice, to: token, data: transfer5 }], '0x87e8'],
    // At block 1 bob holds no tokens yet: his balance slot goes from zero to non-zero.
    ['a token transfer at block 1', [{ from: alice, to: token, data: transfer5 }, '0x1'], '0xcad6'],
    [
      'CallProbe.run(7) (creates contracts; the 63/64 rule)',
      [{ from: alice, to: callProbe, data: encodeCallHex('CallProbe', 'run(uint256)', [7n]) }],
      '0x43486',
    ],
    [
      'a revert with a reason',
      [{ from: alice, to: reverter, data: check42 }],
      { code: 3, message: 'execution reverted: Reverter: value must be below 10', data: reasonData },
    ],
    [
      'a revert with a custom error',
      [{ from: alice, to: reverter, data: encodeCallHex('Reverter', 'checkCustom(uint256)', [42n]) }],
      {
        code: 3,
        message: 'execution reverted',
        data: '0x677fd0e3' + '2a'.padStart(64, '0') + '0a'.padStart(64, '0'),
      },
    ],
    [
      "a panic (division by zero), in geth's words",
      [{ from: alice, to: reverter, data: divideBy0 }],
      { code: 3, message: 'execution reverted: division or modulo by zero', data: panic12 },
    ],
    // Below 21000 the gas named is ignored (the block's limit bounds the search), as geth does.
    ['a gas below 21000 given', [{ from: alice, to: token, data: transfer5, gas: '0x1' }], '0x87e8'],
    [
      'a gas above the block limit given',
      [{ from: alice, to: token, data: transfer5, gas: '0x2faf080' }],
      '0x87e8',
    ],
    [
      'too little gas given',
      [{ from: alice, to: token, data: transfer5, gas: '0x6000' }],
      { code: -32000, message: 'gas required exceeds allowance (24576)' },
    ],
    [
      'a value above the balance, no fee',
      [{ from: nobody, to: bob, value: '0x1' }],
      {
        code: -32000,
        message:
          'insufficient funds for gas * price + value: address 0x1212121212121212121212121212121212121212 have 0 want 1',
      },
    ],
    [
      'a value above the balance with a fee cap',
      [{ from: nobody, to: bob, value: '0x1', maxFeePerGas: '0x1' }],
      { code: -32000, message: 'insufficient funds for transfer' },
    ],
    ['an unknown block', [{ from: alice, to: bob }, '0x99'], { code: -32000, message: 'header not found' }],
    [
      'a non-object',
      ['0x1'],
      {
        code: -32602,
        message:
          'invalid argument 0: json: cannot unmarshal non-object into Go value of type ethapi.TransactionArgs',
      },
    ],
  ])('%s → %j', async (_name, params, expected) => {
    expect(await answer(node, 'eth_estimateGas', params)).toEqual(expected);
  });

  it('the fee cap limits the search to what the balance pays: gas required exceeds allowance', async () => {
    // alice has about 100 000 ether; at 10^19 wei per gas she can pay 9 999 gas, below a transfer's 21 000.
    const r = await answer(node, 'eth_estimateGas', [
      { from: alice, to: token, data: transfer5, maxFeePerGas: '0x8ac7230489e80000' },
    ]);
    expect(r).toMatchObject({ code: -32000 });
    expect((r as { message: string }).message).toMatch(/^gas required exceeds allowance \(\d{4}\)$/);
  });

  it('the estimate is within 1.5 % above the least gas that works', async () => {
    const args = { from: alice, to: callProbe, data: encodeCallHex('CallProbe', 'run(uint256)', [7n]) };
    const estimate = BigInt((await answer(node, 'eth_estimateGas', [args])) as string);
    const runs = async (gas: bigint) =>
      (await send(node, 'eth_call', [{ ...args, gas: '0x' + gas.toString(16) }])).error === undefined;
    expect(await runs(estimate)).toBe(true);
    expect(await runs((estimate * 985n) / 1000n - 1n)).toBe(false);
  });
});

describe("eth_call reverts: geth's reasons", () => {
  it.each([
    [check42, { code: 3, message: 'execution reverted: Reverter: value must be below 10', data: reasonData }],
    [divideBy0, { code: 3, message: 'execution reverted: division or modulo by zero', data: panic12 }],
  ])('%s → %j', async (data, expected) => {
    expect(await answer(node, 'eth_call', [{ from: alice, to: reverter, data }, 'latest'])).toEqual(expected);
  });
});

describe('eth_feeHistory', () => {
  it.each([
    [
      'the whole demo chain with percentiles',
      ['0x4', 'latest', [25, 75, 100]],
      {
        oldestBlock: '0x0',
        reward: [
          ['0x0', '0x0', '0x0'],
          ['0x3b9aca00', '0x3b9aca00', '0x3b9aca00'],
          // The 100th percentile: the legacy (block 2) and EIP-2930 (block 3) transactions' 5 gwei minus the base fee.
          ['0x3b9aca00', '0x3b9aca00', '0xfbd85dcf'],
          ['0x3b9aca00', '0x3b9aca00', '0x10169eb77'],
        ],
        baseFeePerGas: ['0x3b9aca00', '0x342770c0', '0x2e2d9431', '0x289c0689', '0x23aa9cc5'],
        gasUsedRatio: [0, 0.04166396666666667, 0.017643666666666665, 0.013116566666666666],
        baseFeePerBlobGas: ['0x1', '0x1', '0x1', '0x1', '0x1'],
        blobGasUsedRatio: [0, 0, 0, 0],
      },
    ],
    [
      'a decimal count, no percentiles',
      [2, '0x2'],
      {
        oldestBlock: '0x1',
        baseFeePerGas: ['0x342770c0', '0x2e2d9431', '0x289c0689'],
        gasUsedRatio: [0.04166396666666667, 0.017643666666666665],
        baseFeePerBlobGas: ['0x1', '0x1', '0x1'],
        blobGasUsedRatio: [0, 0],
      },
    ],
    [
      'more blocks than the chain has',
      ['0x400', 'earliest', []],
      {
        oldestBlock: '0x0',
        baseFeePerGas: ['0x3b9aca00', '0x342770c0'],
        gasUsedRatio: [0],
        baseFeePerBlobGas: ['0x1', '0x1'],
        blobGasUsedRatio: [0],
      },
    ],
    ['no blocks', ['0x0', 'latest'], { oldestBlock: '0x0', gasUsedRatio: null }],
    [
      // No pending block here (each transaction is mined at once): geth then ends at the head with one block fewer.
      'pending',
      ['0x2', 'pending'],
      {
        oldestBlock: '0x3',
        baseFeePerGas: ['0x289c0689', '0x23aa9cc5'],
        gasUsedRatio: [0.013116566666666666],
        baseFeePerBlobGas: ['0x1', '0x1'],
        blobGasUsedRatio: [0],
      },
    ],
    ['pending, one block', ['0x1', 'pending'], { oldestBlock: '0x0', gasUsedRatio: null }],
    [
      'beyond the head',
      ['0x1', '0x9'],
      { code: -32000, message: 'request beyond head block: requested 9, head 3' },
    ],
    [
      'percentiles not increasing',
      ['0x1', 'latest', [50, 40]],
      { code: -32000, message: 'invalid reward percentile: #0:50.000000 >= #1:40.000000' },
    ],
    [
      'a percentile above 100',
      ['0x1', 'latest', [101]],
      { code: -32000, message: 'invalid reward percentile: 101.000000' },
    ],
    [
      'a bad count',
      ['x', 'latest'],
      { code: -32602, message: 'invalid argument 0: invalid hex or decimal integer "x"' },
    ],
    ['no newest block', ['0x1'], { code: -32602, message: 'missing value for required argument 1' }],
  ])('%s %j → %j', async (_name, params, expected) => {
    expect(await answer(node, 'eth_feeHistory', params)).toEqual(expected);
  });
});

describe('eth_sendTransaction from the unlocked demo accounts', () => {
  let fresh: EmbeddedNode;
  beforeAll(async () => {
    fresh = await createEmbeddedNode();
  });

  it.each([
    ['another from', [{ from: nobody, to: bob, value: '0x1' }], { code: -32000, message: 'unknown account' }],
    ['no from', [{ to: bob, value: '0x1' }], { code: -32000, message: 'unknown account' }],
    [
      'a reverting call (the estimate fails)',
      [{ from: alice, to: reverter, data: check42 }],
      { code: 3, message: 'execution reverted: Reverter: value must be below 10', data: reasonData },
    ],
    [
      'a creation without data',
      [{ from: alice }],
      { code: -32000, message: 'contract creation without any data provided' },
    ],
    [
      'another chain id',
      [{ from: alice, to: bob, chainId: '0x1' }],
      { code: -32000, message: "chainId does not match node's (have=1, want=1337)" },
    ],
    [
      'a fee cap below the tip',
      [{ from: alice, to: bob, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' }],
      { code: -32000, message: 'maxFeePerGas (0x1) < maxPriorityFeePerGas (0x2)' },
    ],
    [
      'both fee kinds',
      [{ from: alice, to: bob, gasPrice: '0x1', maxFeePerGas: '0x1' }],
      { code: -32000, message: 'both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified' },
    ],
    [
      'both fee kinds from another account',
      [{ from: nobody, to: bob, gasPrice: '0x1', maxFeePerGas: '0x1' }],
      { code: -32000, message: 'unknown account' },
    ],
    [
      'a zero fee cap with a tip',
      [{ from: alice, to: bob, maxFeePerGas: '0x0', maxPriorityFeePerGas: '0x0' }],
      { code: -32000, message: 'maxFeePerGas must be non-zero' },
    ],
    [
      'a zero gas price',
      [{ from: alice, to: bob, gasPrice: '0x0' }],
      { code: -32000, message: 'gasPrice must be non-zero after london fork' },
    ],
    [
      'another chain id and a revert: the estimate fails first',
      [{ from: alice, to: reverter, data: check42, chainId: '0x1' }],
      { code: 3, message: 'execution reverted: Reverter: value must be below 10', data: reasonData },
    ],
    [
      'a fee above the 1 ether cap',
      [{ from: alice, to: bob, gasPrice: '0xe8d4a51000000' }],
      { code: -32000, message: 'tx fee (86.02 ether) exceeds the configured cap (1.00 ether)' },
    ],
  ])('%s → %j', async (_name, params, expected) => {
    expect(await answer(fresh, 'eth_sendTransaction', params)).toEqual(expected);
  });

  it.each([
    [
      'a transfer: nonce, gas (estimate), fees (tip 1 gwei, cap tip + 2 × base fee) filled',
      { from: bob, to: alice, value: '0x1' },
      { type: '0x2', gas: '0x5208', maxPriorityFeePerGas: '0x3b9aca00', nonce: '0x3' },
    ],
    [
      'a gas price: a legacy transaction',
      { from: bob, to: alice, gasPrice: '0x77359400' },
      { type: '0x0', gas: '0x5208', gasPrice: '0x77359400', nonce: '0x4' },
    ],
    [
      'a gas price and an access list: EIP-2930',
      { from: bob, to: alice, gasPrice: '0x77359400', accessList: [] },
      { type: '0x1', gas: '0x5208', gasPrice: '0x77359400', nonce: '0x5', accessList: [] },
    ],
    [
      'a token transfer with the gas given',
      { from: alice, to: token, data: transfer5, gas: '0x10000' },
      { type: '0x2', gas: '0x10000', nonce: '0x8', input: transfer5 },
    ],
  ])('%s', async (_name, args, expected) => {
    const hash = (await answer(fresh, 'eth_sendTransaction', [args])) as string;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const tx = (await answer(fresh, 'eth_getTransactionByHash', [hash])) as Record<string, unknown>;
    expect(tx).toMatchObject({ ...expected, from: args.from, hash, chainId: '0x539' });
    const receipt = (await answer(fresh, 'eth_getTransactionReceipt', [hash])) as Record<string, unknown>;
    expect(receipt.status).toBe('0x1');
    expect(receipt.blockNumber).toBe(await answer(fresh, 'eth_blockNumber', []));
  });

  it('fills the fee cap as tip + 2 × the head base fee', async () => {
    const head = (await answer(fresh, 'eth_getBlockByNumber', ['latest', false])) as {
      baseFeePerGas: string;
    };
    const hash = await answer(fresh, 'eth_sendTransaction', [{ from: bob, to: alice }]);
    const tx = (await answer(fresh, 'eth_getTransactionByHash', [hash])) as { maxFeePerGas: string };
    expect(BigInt(tx.maxFeePerGas)).toBe(10n ** 9n + 2n * BigInt(head.baseFeePerGas));
  });

  it('deploys a contract with the estimated gas, and calls it', async () => {
    const hash = await answer(fresh, 'eth_sendTransaction', [
      { from: alice, data: bytesToHex(encodeDeploy('ProbeLogic')) },
    ]);
    const receipt = (await answer(fresh, 'eth_getTransactionReceipt', [hash])) as Record<string, string>;
    expect(receipt.status).toBe('0x1');
    const at = receipt.contractAddress;
    const call = { from: bob, to: at, data: encodeCallHex('ProbeLogic', 'square(uint256)', [12n]) };
    expect(await answer(fresh, 'eth_call', [call, 'latest'])).toBe(
      '0x' + (144).toString(16).padStart(64, '0'),
    );
  });
});

describe('eth_getLogs: geth filter semantics', () => {
  const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
  const approvalTopic = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
  const pad = (a: string) => '0x' + a.slice(2).padStart(64, '0');
  const block2 = '0x8877151c46625cfe798d372e954060a97de71f6d862147b4a55825fbef97b26c';
  /** Each log as block/logIndex (the demo chain's logs: 1/0, 2/0–2/5, 3/0–3/3). */
  const where = (logs: { blockNumber: string; logIndex: string }[]) =>
    logs.map((l) => `${Number(l.blockNumber)}/${Number(l.logIndex)}`);

  it.each([
    ['no criteria: the head block', {}, ['3/0', '3/1', '3/2', '3/3']],
    [
      'the whole chain',
      { fromBlock: 'earliest', toBlock: 'latest' },
      ['1/0', '2/0', '2/1', '2/2', '2/3', '2/4', '2/5', '3/0', '3/1', '3/2', '3/3'],
    ],
    ['one block by number', { fromBlock: '0x1', toBlock: '0x1' }, ['1/0']],
    ['genesis has none', { fromBlock: '0x0', toBlock: '0x0' }, []],
    ['one block by hash', { blockHash: block2, address: token }, ['2/0', '2/1', '2/5']],
    ['an address', { fromBlock: '0x0', address: token }, ['1/0', '2/0', '2/1', '2/5']],
    ['addresses (any of)', { fromBlock: '0x0', address: [reverter, callProbe] }, ['2/4', '3/0', '3/3']],
    ['topic 0', { fromBlock: '0x0', topics: [approvalTopic] }, ['2/1']],
    [
      'topic 0 alternatives',
      { fromBlock: '0x0', topics: [[transferTopic, approvalTopic]] },
      ['1/0', '2/0', '2/1', '2/5'],
    ],
    [
      'a wildcard then topic 1 (from alice, transferFrom too)',
      { fromBlock: '0x0', topics: [null, pad(alice)] },
      ['2/0', '2/1', '2/5'],
    ],
    [
      'a null alternative is a wildcard',
      { fromBlock: '0x0', topics: [[null, approvalTopic], pad(alice)] },
      ['2/0', '2/1', '2/5'],
    ],
    ['more topics than the logs have', { fromBlock: '0x0', topics: [transferTopic, null, null, null] }, []],
    [
      'safe and finalized are the head',
      { fromBlock: 'safe', toBlock: 'finalized' },
      ['3/0', '3/1', '3/2', '3/3'],
    ],
  ])('%s: %j → %j', async (_name, criteria, expected) => {
    expect(where((await answer(node, 'eth_getLogs', [criteria])) as never)).toEqual(expected);
  });

  it.each([
    ['an unknown block hash', { blockHash: '0x' + '00'.repeat(32) }, -32000, 'unknown block'],
    ['from after to', { fromBlock: '0x3', toBlock: '0x2' }, -32602, 'invalid block range params'],
    ['from after the head (to latest)', { fromBlock: '0x9' }, -32602, 'invalid block range params'],
    [
      'to after the head',
      { fromBlock: '0x1', toBlock: '0x9' },
      -32602,
      'block range extends beyond current head block',
    ],
    ['pending', { fromBlock: 'pending' }, -32602, 'pending logs are not supported'],
    [
      'a block hash and a range',
      { blockHash: block2, fromBlock: '0x1' },
      -32602,
      'invalid argument 0: cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other',
    ],
    [
      'a short address',
      { address: '0x1234' },
      -32602,
      'invalid argument 0: invalid address: hex has invalid length 2 after decoding; expected 20 for address',
    ],
    [
      'a bad address in a list',
      { address: [token, 'abc'] },
      -32602,
      'invalid argument 0: invalid address at index 1: hex string without 0x prefix',
    ],
    ['a non-string address', { address: [1] }, -32602, 'invalid argument 0: non-string address at index 0'],
    ['an address object', { address: {} }, -32602, 'invalid argument 0: invalid addresses in query'],
    [
      'five topics',
      { topics: [null, null, null, null, null] },
      -32602,
      'invalid argument 0: exceed max topics',
    ],
    ['a number topic', { topics: [1] }, -32602, 'invalid argument 0: invalid topic(s)'],
    [
      'a short topic',
      { topics: ['0x12'] },
      -32602,
      'invalid argument 0: hex has invalid length 1 after decoding; expected 32 for topic',
    ],
  ])('%s: %j → %i %s', async (_name, criteria, code, message) => {
    expect(await answer(node, 'eth_getLogs', [criteria])).toEqual({ code, message });
  });

  it("a log has geth's fields, and equals the receipt's log with the block's time", async () => {
    const [log] = (await answer(node, 'eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x1' }])) as Record<
      string,
      unknown
    >[];
    expect(log).toEqual({
      address: token,
      topics: [transferTopic, pad('0x0'), pad(alice)],
      data: pad('0xd3c21bcecceda1000000'),
      blockNumber: '0x1',
      transactionHash: '0xefe47c46b1e51c5f8c99332595cb0352352e2c96195b778a13f3151027fe21b8',
      transactionIndex: '0x0',
      blockHash: '0xf72e0b9f8a69f21e400e074b4e053536c52448499ea009714cc5b799bb32b974',
      blockTimestamp: '0x6955b90c',
      logIndex: '0x0',
      removed: false,
    });
    const receipt = (await answer(node, 'eth_getTransactionReceipt', [log.transactionHash])) as {
      logs: unknown[];
    };
    expect({ ...(receipt.logs[0] as object), blockTimestamp: log.blockTimestamp }).toEqual(log);
  });
});

describe('eth_getBlockReceipts and the by-block-and-index lookups', () => {
  const block2 = '0x8877151c46625cfe798d372e954060a97de71f6d862147b4a55825fbef97b26c';
  const probeTx = '0xfd2b9569bdf9b732c17a787deb5c839eda9867f5f003255f8d69eeb2619ee4dc';
  const missing = '0x' + '00'.repeat(32);

  it.each([
    ['eth_getBlockTransactionCountByNumber', ['0x2'], '0x5'],
    ['eth_getBlockTransactionCountByNumber', ['0x0'], '0x0'],
    ['eth_getBlockTransactionCountByNumber', ['0x9'], null],
    ['eth_getBlockTransactionCountByHash', [block2], '0x5'],
    ['eth_getBlockTransactionCountByHash', [missing], null],
    ['eth_getTransactionByBlockNumberAndIndex', ['0x2', '0x5'], null],
    ['eth_getTransactionByBlockNumberAndIndex', ['0x9', '0x0'], null],
    ['eth_getTransactionByBlockHashAndIndex', [missing, '0x0'], null],
    ['eth_getBlockReceipts', ['0x9'], null],
    ['eth_getBlockReceipts', [missing], null],
    ['eth_getBlockReceipts', ['0x0'], []],
  ])('%s %j → %j', async (method, params, expected) => {
    expect(await answer(node, method, params)).toEqual(expected);
  });

  it.each([
    ['eth_getTransactionByBlockNumberAndIndex', ['0x2', '0x2']],
    ['eth_getTransactionByBlockHashAndIndex', [block2, '0x2']],
  ])('%s %j is the transaction eth_getTransactionByHash gives', async (method, params) => {
    expect(await answer(node, method, params)).toEqual(
      await answer(node, 'eth_getTransactionByHash', [probeTx]),
    );
  });

  it.each([['0x2'], [block2], [{ blockHash: block2 }], [{ blockNumber: '0x2' }]])(
    'eth_getBlockReceipts %j: the receipts eth_getTransactionReceipt gives, in order',
    async (selector) => {
      const receipts = (await answer(node, 'eth_getBlockReceipts', [selector])) as {
        transactionHash: string;
      }[];
      expect(receipts.map((r) => r.transactionHash)[2]).toBe(probeTx);
      const each = await Promise.all(
        receipts.map((r) => answer(node, 'eth_getTransactionReceipt', [r.transactionHash])),
      );
      expect(receipts).toEqual(each);
      expect(receipts).toHaveLength(5);
    },
  );
});
