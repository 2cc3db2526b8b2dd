import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  webSocket,
  type Abi,
  type Hex,
  type Log,
} from 'viem';
import { Contract, ContractFactory, JsonRpcProvider, WebSocketProvider } from 'ethers';
import { type RunningServe, startServe } from '../../helpers/startServe.ts';
import compiled from '../../../src/evm/contracts/compiled.json' with { type: 'json' };
import { demoAccounts } from '../../../src/evm/node/demoAccounts.ts';

// Real clients read events from `tracer serve` on 127.0.0.1 the ways they do by default: viem and ethers by
// eth_getLogs, by polling filters and by WebSocket subscriptions; Foundry's cast by `cast logs`, and its
// `cast rpc eth_getProof`. What they get must be the node's own answers (geth's shapes).

const cast = fileURLToPath(
  new URL('../../../node_modules/@foundry-rs/cast-linux-amd64/bin/cast', import.meta.url),
);
const run = promisify(execFile);
const token = compiled.contracts.DemoToken;
const abi = token.abi as Abi;
const alice = demoAccounts.alice.address.toString() as Hex;
const bob = demoAccounts.bob.address.toString() as Hex;

let served: RunningServe;
let wsUrl: string;

/** The node's own answer (a thrown error with its text otherwise). */
async function rpc(method: string, params: unknown[]): Promise<any> {
  const r = await served.call(method, params);
  if (r.error) throw new Error(`${method}: ${r.error.message}`);
  return r.result;
}

/** A raw log as viem gives it back (its number fields parsed). */
const asViem = (raw: any) => ({
  address: raw.address,
  blockHash: raw.blockHash,
  blockNumber: BigInt(raw.blockNumber),
  data: raw.data,
  logIndex: Number(raw.logIndex),
  removed: false,
  topics: raw.topics,
  transactionHash: raw.transactionHash,
  transactionIndex: Number(raw.transactionIndex),
});
const viemFields = (l: Log) => ({
  address: l.address,
  blockHash: l.blockHash,
  blockNumber: l.blockNumber,
  data: l.data,
  logIndex: l.logIndex,
  removed: l.removed,
  topics: l.topics,
  transactionHash: l.transactionHash,
  transactionIndex: l.transactionIndex,
});

/** Waits until `test` holds (10 s at most). */
async function until(test: () => boolean) {
  for (let i = 0; i < 1000 && !test(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(test()).toBe(true);
}

beforeAll(async () => {
  served = await startServe([]);
  wsUrl = served.url.replace(/^http/, 'ws');
}, 90_000);
afterAll(() => served?.stop());

describe('viem 2', () => {
  let chain: ReturnType<typeof defineChain>;
  let address: Hex;
  const wallet = () => createWalletClient({ account: alice, chain, transport: http(served.url) });
  const pub = () => createPublicClient({ chain, transport: http(served.url), pollingInterval: 50 });
  const send = async (amount: bigint) => {
    const hash = await wallet().writeContract({
      address,
      abi,
      functionName: 'transfer',
      args: [bob, amount],
    } as never);
    return pub().waitForTransactionReceipt({ hash, pollingInterval: 50 });
  };

  beforeAll(async () => {
    const chainId = Number(await rpc('eth_chainId', []));
    const rpcUrls = { default: { http: [served.url], webSocket: [wsUrl] } };
    chain = defineChain({
      id: chainId,
      name: 'tracer',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls,
    });
    const hash = await wallet().deployContract({
      abi,
      bytecode: token.bytecode as Hex,
      args: [10n ** 21n],
    } as never);
    address = (await pub().waitForTransactionReceipt({ hash, pollingInterval: 50 })).contractAddress!;
  }, 60_000);

  it("getContractEvents (eth_getLogs) equals the node's eth_getLogs", async () => {
    const receipt = await send(3n);
    const logs = await pub().getContractEvents({
      address,
      abi,
      eventName: 'Transfer',
      fromBlock: receipt.blockNumber,
    });
    const raw = await rpc('eth_getLogs', [{ address, fromBlock: `0x${receipt.blockNumber.toString(16)}` }]);
    expect(logs.map(viemFields)).toEqual(raw.map(asViem));
    expect(logs[0].args).toEqual({ from: getAddress(alice), to: getAddress(bob), value: 3n });
  });

  it('an event filter (eth_newFilter, eth_getFilterChanges, eth_getFilterLogs) gets the new logs', async () => {
    const filter = await pub().createContractEventFilter({ address, abi, eventName: 'Transfer' });
    expect(filter.id).toMatch(/^0x[1-9a-f][0-9a-f]{0,31}$/);
    const receipt = await send(4n);
    const changes = (await pub().getFilterChanges({ filter })) as Log[];
    const raw = await rpc('eth_getLogs', [{ address, blockHash: receipt.blockHash }]);
    expect(changes.map(viemFields)).toEqual(raw.map(asViem));
    expect(await pub().getFilterChanges({ filter })).toEqual([]);
    expect((await pub().getFilterLogs({ filter })).map(viemFields)).toEqual(raw.map(asViem));
    expect(await pub().uninstallFilter({ filter })).toBe(true);
  });

  it('watchContractEvent over HTTP (polling a filter) and over a WebSocket (eth_subscribe) see the transfer', async () => {
    const polled: Log[] = [];
    const pushed: Log[] = [];
    const heads: bigint[] = [];
    const wsClient = createPublicClient({ chain, transport: webSocket(wsUrl) });
    const stops = [
      pub().watchContractEvent({
        address,
        abi,
        eventName: 'Transfer',
        onLogs: (l) => polled.push(...l),
        poll: true,
      }),
      wsClient.watchContractEvent({ address, abi, eventName: 'Transfer', onLogs: (l) => pushed.push(...l) }),
      wsClient.watchBlocks({ onBlock: (b) => heads.push(b.number!) }),
    ];
    // The watchers subscribe or install their filter when they start polling: send until each has seen a transfer.
    for (let i = 0; i < 30 && !(polled.length && pushed.length && heads.length); i++) {
      await send(6n);
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const log of [...polled, ...pushed]) {
      const raw = await rpc('eth_getLogs', [{ address, blockHash: log.blockHash }]);
      expect(viemFields(log)).toEqual(asViem(raw[0]));
    }
    expect(heads).toContain(pushed[0].blockNumber);
    for (const stop of stops) stop();
    await (await wsClient.transport.getRpcClient()).close();
  }, 30_000);
});

describe('ethers 6', () => {
  let provider: JsonRpcProvider;
  let contract: Contract;

  beforeAll(async () => {
    provider = new JsonRpcProvider(served.url, undefined, { staticNetwork: true, pollingInterval: 50 });
    const signer = await provider.getSigner(alice);
    const deployed = await new ContractFactory(abi as never, token.bytecode, signer).deploy(10n ** 21n);
    await deployed.waitForDeployment();
    contract = new Contract(await deployed.getAddress(), abi as never, signer);
  }, 60_000);
  afterAll(async () => {
    // contract.removeAllListeners uninstalls its filter in the background: let it finish before the provider goes.
    await new Promise((r) => setTimeout(r, 300));
    provider?.destroy();
  });

  const raw = async (blockHash: string) =>
    rpc('eth_getLogs', [{ address: await contract.getAddress(), blockHash }]);
  const ethersFields = (l: any) => ({
    address: l.address.toLowerCase(),
    blockHash: l.blockHash,
    blockNumber: l.blockNumber,
    data: l.data,
    index: l.index,
    removed: l.removed,
    topics: [...l.topics],
    transactionHash: l.transactionHash,
    transactionIndex: l.transactionIndex,
  });
  const fromRaw = (r: any) => ({
    address: r.address,
    blockHash: r.blockHash,
    blockNumber: Number(r.blockNumber),
    data: r.data,
    index: Number(r.logIndex),
    removed: false,
    topics: r.topics,
    transactionHash: r.transactionHash,
    transactionIndex: Number(r.transactionIndex),
  });

  it("queryFilter (eth_getLogs) equals the node's eth_getLogs", async () => {
    const receipt = await (await contract.transfer(bob, 7n)).wait();
    const events = await contract.queryFilter(contract.filters.Transfer(), receipt!.blockNumber);
    expect(events.map(ethersFields)).toEqual((await raw(receipt!.blockHash)).map(fromRaw));
  });

  it('contract.on over HTTP (a polled filter) and WebSocketProvider.on("block") see the next transfer', async () => {
    const seen: any[] = [];
    await contract.on('Transfer', (_from, _to, _value, event) => seen.push(event.log));
    const ws = new WebSocketProvider(wsUrl);
    const blocks: number[] = [];
    await ws.on('block', (n: number) => blocks.push(n));
    await new Promise((r) => setTimeout(r, 300));
    const receipt = await (await contract.transfer(bob, 8n)).wait();
    await until(() => seen.length === 1 && blocks.includes(receipt!.blockNumber));
    expect(seen.map(ethersFields)).toEqual((await raw(receipt!.blockHash)).map(fromRaw));
    await contract.removeAllListeners();
    await ws.destroy();
  }, 30_000);
});

describe("Foundry's cast", () => {
  it("cast logs --json gives the node's eth_getLogs", async () => {
    // The demo token's logs (blocks 1 and 2) and those of the transfers above.
    const tokenAddress = (await rpc('eth_getLogs', [{ fromBlock: 'earliest' }]))[0].address;
    const out = await run(cast, [
      'logs',
      '--rpc-url',
      served.url,
      '--from-block',
      '0',
      '--json',
      '--address',
      tokenAddress,
    ]);
    const raw = await rpc('eth_getLogs', [{ fromBlock: '0x0', address: tokenAddress }]);
    expect(raw.length).toBeGreaterThan(0);
    expect(JSON.parse(out.stdout)).toEqual(raw);
  }, 30_000);

  it("cast rpc eth_getProof gives the node's answer", async () => {
    const out = await run(cast, ['rpc', '--rpc-url', served.url, 'eth_getProof', alice, '["0x0"]', 'latest']);
    const proof = JSON.parse(out.stdout);
    expect(proof).toEqual(await rpc('eth_getProof', [alice, ['0x0'], 'latest']));
    expect(Object.keys(proof)).toEqual([
      'address',
      'accountProof',
      'balance',
      'codeHash',
      'nonce',
      'storageHash',
      'storageProof',
    ]);
  }, 30_000);
});
