import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, toChecksumAddress } from '@ethereumjs/util';
import { keccak256 } from 'ethereum-cryptography/keccak.js';
import compiled from '../../../src/evm/contracts/compiled.json' with { type: 'json' };
import { call, defaultsOf, demoNode, ether, result, word } from './nodeHelpers.ts';

const zeroHash = '0x' + '0'.repeat(64);
const nobody = '0x' + '12'.repeat(20);

describe('JSON-RPC: chain reads', () => {
  it.each([
    ['eth_chainId', [], '0x539'],
    ['net_version', [], '1337'],
    ['rpc_modules', [], { debug: '1.0', eth: '1.0', net: '1.0', rpc: '1.0', web3: '1.0' }],
    ['eth_blockNumber', [], '0x3'],
    ['eth_getBlockByNumber', ['0x99', false], null],
    ['eth_getBlockByHash', [zeroHash, true], null],
    ['eth_getTransactionByHash', [zeroHash], null],
    ['eth_getTransactionReceipt', [zeroHash], null],
    ['eth_getRawTransactionByHash', [zeroHash], null],
    ['eth_getBalance', [nobody, 'latest'], '0x0'],
    ['eth_getTransactionCount', [nobody, 'latest'], '0x0'],
    ['eth_getCode', [nobody, 'latest'], '0x'],
  ])('%s %j → %j', async (method, params, expected) => {
    expect(await result(await demoNode(), method, params)).toEqual(expected);
  });

  it('web3_clientVersion says it is the playground node', async () => {
    expect(await result(await demoNode(), 'web3_clientVersion', [])).toMatch(
      /^TracerPlayground\/v[\d.]+\/embedded/,
    );
  });

  it('eth_getBalance at genesis is the 100 000 ether allocation', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    expect(BigInt(await result(node, 'eth_getBalance', [d.accounts.bob, '0x0']))).toBe(100_000n * ether);
    expect(BigInt(await result(node, 'eth_getBalance', [d.accounts.bob, 'earliest']))).toBe(100_000n * ether);
  });

  it('eth_getTransactionCount counts each sender (alice 5 deploys + 2 + 1, bob 3)', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    expect(await result(node, 'eth_getTransactionCount', [d.accounts.alice, '0x1'])).toBe('0x5');
    expect(await result(node, 'eth_getTransactionCount', [d.accounts.alice, 'latest'])).toBe('0x8');
    expect(await result(node, 'eth_getTransactionCount', [d.accounts.bob, { blockNumber: '0x3' }])).toBe(
      '0x3',
    );
  });

  it('eth_getCode returns the compiled runtime code of the token, and nothing before its deploy', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    expect(await result(node, 'eth_getCode', [d.contracts.token, '0x0'])).toBe('0x');
    expect(await result(node, 'eth_getCode', [d.contracts.token, 'latest'])).toBe(
      compiled.contracts.DemoToken.deployedBytecode,
    );
  });

  it('eth_gasPrice suggests the next base fee plus a 1 gwei tip', async () => {
    const node = await demoNode();
    const price = BigInt(await result(node, 'eth_gasPrice', []));
    const head = await result(node, 'eth_getBlockByNumber', ['latest', false]);
    // The next base fee moves by at most 1/8 from the head's.
    const base = BigInt(head.baseFeePerGas);
    expect(price - 1_000_000_000n).toBeGreaterThanOrEqual(base - base / 8n);
    expect(price - 1_000_000_000n).toBeLessThanOrEqual(base + base / 8n);
  });

  it('eth_getStorageAt reads CallProbe.counter (slot 0)', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    expect(await result(node, 'eth_getStorageAt', [d.contracts.callProbe, '0x0', 'latest'])).toBe(
      '0x' + word(10n),
    );
  });

  it('eth_getRawTransactionByHash hashes to the transaction hash', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    const raw = await result(node, 'eth_getRawTransactionByHash', [d.txHash]);
    expect(bytesToHex(keccak256(hexToBytes(raw)))).toBe(d.txHash);
  });

  it('a block lists hashes, or full transactions with full=true; receipts carry logs and status', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    const short = await result(node, 'eth_getBlockByNumber', ['0x2', false]);
    const full = await result(node, 'eth_getBlockByNumber', ['0x2', true]);
    expect(full.transactions.map((t: { hash: string }) => t.hash)).toEqual(short.transactions);
    expect(full.transactions[4].type).toBe('0x0');
    // EIP-155: v = chainId * 2 + 35 + yParity, so the legacy tx also reports its chain id.
    expect(full.transactions[4].chainId).toBe('0x539');
    expect([1337 * 2 + 35, 1337 * 2 + 36]).toContain(Number(full.transactions[4].v));
    expect(full.transactions[0].type).toBe('0x2');
    const receipt = await result(node, 'eth_getTransactionReceipt', [d.txHash]);
    expect(receipt.status).toBe('0x1');
    expect(receipt.transactionIndex).toBe('0x2');
    expect(receipt.logs.length).toBeGreaterThanOrEqual(3);
    expect(BigInt(receipt.cumulativeGasUsed)).toBeGreaterThan(BigInt(receipt.gasUsed));
    const deploy = await result(node, 'eth_getTransactionReceipt', [
      (await result(node, 'eth_getBlockByNumber', ['0x1', false])).transactions[0],
    ]);
    expect(deploy.contractAddress).toBe(d.contracts.token);
  });
});

describe('JSON-RPC: eth_call', () => {
  it('returns the output, and a revert as error 3 with the reason and data', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    const r = await call(node, 'eth_call', [
      { to: d.contracts.reverter, data: '0x5f72f450' + word(42n) },
      'latest',
    ]);
    expect(r.error.code).toBe(3);
    expect(r.error.message).toBe('execution reverted: Reverter: value must be below 10');
    expect(r.error.data.slice(0, 10)).toBe('0x08c379a0');
    expect(
      await result(node, 'eth_call', [{ to: d.contracts.reverter, data: '0x5f72f450' + word(4n) }]),
    ).toBe('0x' + word(4n));
  });

  it('applies state overrides (balance, code, stateDiff)', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    const counter = { to: d.contracts.callProbe, data: '0x61bc221a' };
    const diff = { [d.contracts.callProbe]: { stateDiff: { ['0x' + word(0n)]: '0x' + word(99n) } } };
    expect(BigInt(await result(node, 'eth_call', [counter, 'latest', diff]))).toBe(99n);
  });

  it('a custom error revert has no reason text', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    const r = await call(node, 'eth_call', [
      { to: d.contracts.reverter, data: '0x1c09da6e' + word(11n) },
      'latest',
    ]);
    expect(r.error).toMatchObject({ code: 3, message: 'execution reverted' });
  });

  it('reports a sender that cannot pay with geth text', async () => {
    const node = await demoNode();
    const poor = '0x' + 'ab'.repeat(20);
    const r = await call(node, 'eth_call', [{ from: poor, to: nobody, value: '0x1' }, 'latest']);
    expect(r.error.code).toBe(-32000);
    expect(r.error.message).toBe(
      `insufficient funds for gas * price + value: address ${toChecksumAddress(poor)} have 0 want 1`,
    );
  });
});

describe('JSON-RPC: errors', () => {
  const validCall = { to: nobody };
  it.each([
    ['eth_foo', [], -32601, 'the method eth_foo does not exist/is not available'],
    ['debug_traceBlock', ['0x00'], -32601, 'the method debug_traceBlock does not exist/is not available'],
    ['eth_blockNumber', ['x'], -32602, 'too many arguments, want at most 0'],
    ['eth_getBalance', [nobody], -32602, 'missing value for required argument 1'],
    [
      'eth_getBalance',
      ['0x12', 'latest'],
      -32602,
      'invalid argument 0: hex string has length 2, want 40 for common.Address',
    ],
    [
      'eth_getBalance',
      [12, 'latest'],
      -32602,
      'invalid argument 0: json: cannot unmarshal number into Go value of type common.Address',
    ],
    ['eth_getBalance', [nobody, '0x99'], -32000, 'header not found'],
    ['eth_getBalance', [nobody, zeroHash], -32000, 'header for hash not found'],
    [
      'eth_getBalance',
      [nobody, { blockHash: zeroHash, blockNumber: '0x1' }],
      -32602,
      'invalid argument 1: cannot specify both BlockHash and BlockNumber, choose one or the other',
    ],
    ['eth_getBlockByNumber', ['12', false], -32602, 'invalid argument 0: hex string without 0x prefix'],
    ['eth_getBlockByNumber', [12, false], -32602, 'invalid argument 0: hex string without 0x prefix'],
    [
      'eth_getBlockByNumber',
      ['0x01', false],
      -32602,
      'invalid argument 0: hex number with leading zero digits',
    ],
    ['eth_getBlockByNumber', ['0x', false], -32602, 'invalid argument 0: hex string "0x"'],
    ['eth_getBlockByNumber', ['0xzz', false], -32602, 'invalid argument 0: invalid hex string'],
    ['eth_getBlockByNumber', ['0x1'], -32602, 'missing value for required argument 1'],
    [
      'eth_getBlockByNumber',
      ['0x1', 'yes'],
      -32602,
      'invalid argument 1: json: cannot unmarshal string into Go value of type bool',
    ],
    [
      'eth_getTransactionByHash',
      ['0x1234'],
      -32602,
      'invalid argument 0: hex string has length 4, want 64 for common.Hash',
    ],
    [
      'eth_call',
      [{ data: '0x01', input: '0x02' }],
      -32602,
      'invalid argument 0: both "data" and "input" are set and not equal. Please use "input" to pass transaction call data',
    ],
    [
      'eth_call',
      [{ to: nobody, gas: 5 }],
      -32602,
      'invalid argument 0: json: cannot unmarshal number into Go value of type hexutil.Uint64',
    ],
    ['eth_sendRawTransaction', ['0x1234'], -32000, undefined],
    ['debug_traceTransaction', [zeroHash], -32000, 'transaction not found'],
    [
      'debug_traceTransaction',
      [zeroHash, 'x'],
      -32602,
      'invalid argument 1: json: cannot unmarshal string into Go value of type tracers.TraceConfig',
    ],
    [
      'debug_traceTransaction',
      [zeroHash, { tracer: 5 }],
      -32602,
      'invalid argument 1: json: cannot unmarshal number into Go struct field TraceConfig.tracer of type string',
    ],
    [
      'debug_traceTransaction',
      [zeroHash, { Timeout: 5 }],
      -32602,
      'invalid argument 1: json: cannot unmarshal number into Go struct field TraceConfig.timeout of type string',
    ],
    ['debug_traceCall', [validCall, 'pending'], -32000, 'tracing on top of pending is not supported'],
    ['debug_traceCall', [validCall], -32602, 'missing value for required argument 1'],
    [
      'debug_traceCall',
      [validCall, 'latest', { blockOverrides: { beaconRoot: zeroHash } }],
      -32000,
      'block override "beaconRoot" is not supported for this RPC method',
    ],
    [
      'debug_traceCall',
      [validCall, 'latest', { stateOverrides: { [nobody]: { state: {}, stateDiff: {} } } }],
      -32000,
      `account ${nobody} has both 'state' and 'stateDiff'`,
    ],
    [
      'debug_traceCall',
      [validCall, 'latest', { stateOverrides: { [nobody]: { balance: '12' } } }],
      -32602,
      `stateOverrides.${nobody}.balance: hex string without 0x prefix`,
    ],
    ['debug_traceBlockByNumber', ['0x0'], -32000, 'genesis is not traceable'],
    ['debug_traceBlockByNumber', ['0x99'], -32000, 'block #153 not found'],
    ['debug_traceBlockByHash', [zeroHash], -32000, `block ${zeroHash} not found`],
  ])('%s %j → %i %s', async (method, params, code, message) => {
    const r = await call(await demoNode(), method, params);
    expect(r.error?.code).toBe(code);
    if (message !== undefined) expect(r.error.message).toBe(message);
    else expect(r.error.message).toMatch(/^invalid transaction: /);
  });

  it.each([
    [
      'a built-in geth tracer that is not built in',
      { tracer: 'callTracer' },
      /^tracer "callTracer" is built into geth but not into the embedded node/,
    ],
    ['tracer source that does not parse', { tracer: '{result: function( {}' }, /^SyntaxError/],
    [
      'a tracer without result()',
      { tracer: '{fault: function() {}}' },
      /^trace object must expose a function result\(\)$/,
    ],
    [
      'prestateTracer in diff mode',
      { tracer: 'prestateTracer', tracerConfig: { diffMode: true } },
      /^prestateTracer: diffMode is not built into the embedded node: use the "prestate" template/,
    ],
    [
      'flatCallTracer (names its template)',
      { tracer: 'flatCallTracer' },
      /: use the "flat-calls" template \(tracer-templates\/flat-calls\.js\), which reproduces its output$/,
    ],
    [
      'muxTracer with a member that is not built in',
      { tracer: 'muxTracer', tracerConfig: { noopTracer: {}, flatCallTracer: {} } },
      /^tracer "flatCallTracer" is built into geth but not into the embedded node/,
    ],
  ])('debug_traceTransaction with %s → -32000', async (_name, config, message) => {
    const node = await demoNode();
    const r = await call(node, 'debug_traceTransaction', [defaultsOf(node).txHash, config]);
    expect(r.error.code).toBe(-32000);
    expect(r.error.message).toMatch(message);
  });
});

describe('JSON-RPC: what setup() receives as its config (geth: the tracerConfig JSON text, `{}` when missing)', () => {
  const echo =
    '{setup: function(cfg) { this.cfg = cfg; }, fault: function() {}, result: function() { return this.cfg; }}';
  it.each([
    ['no tracerConfig', {}, '{}'],
    ['tracerConfig null (a json.RawMessage `null`)', { tracerConfig: null }, 'null'],
    ['an object', { tracerConfig: { a: 1 } }, '{"a":1}'],
    ['an empty object', { tracerConfig: {} }, '{}'],
    ['a number', { tracerConfig: 5 }, '5'],
  ])('%s', async (_name, extra, expected) => {
    const node = await demoNode();
    const r = await call(node, 'debug_traceTransaction', [
      defaultsOf(node).txHash,
      { tracer: echo, ...extra },
    ]);
    expect(r.result).toBe(expected);
  });
});

describe('JSON-RPC: envelope', () => {
  it.each([
    ['an empty batch', [], { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'empty batch' } }],
    ['a non-object', 5, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request' } }],
    [
      'no method',
      { jsonrpc: '2.0', id: 7 },
      { jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'invalid request' } },
    ],
    [
      'a wrong version',
      { jsonrpc: '1.0', id: 7, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'invalid request' } },
    ],
    ['a notification', { jsonrpc: '2.0', method: 'eth_chainId' }, undefined],
  ])('%s', async (_name, body, expected) => {
    expect(await (await demoNode()).request(body)).toEqual(expected);
  });

  it('answers a batch in order, keeping ids and leaving out notifications', async () => {
    const out = await (
      await demoNode()
    ).request([
      { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
      { jsonrpc: '2.0', method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'nope' },
    ]);
    expect(out).toEqual([
      { jsonrpc: '2.0', id: 'a', result: '0x539' },
      {
        jsonrpc: '2.0',
        id: 2,
        error: { code: -32601, message: 'the method nope does not exist/is not available' },
      },
    ]);
  });
});
