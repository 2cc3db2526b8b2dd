import type { GenesisAlloc } from '../state/createSyncStateManager.ts';
import type { Fixture } from './fixtureTypes.ts';
import { loadFixture } from './loadFixture.ts';

/** Sends one JSON-RPC call and resolves to its result (rejects on an RPC error). */
export type RpcSend = (method: string, params: unknown[]) => Promise<unknown>;

type Obj = Record<string, unknown>;

function obj(v: unknown, what: string): Obj {
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new Error(`captureFixture: ${what} is not an object`);
  return v as Obj;
}

function dec(v: unknown): string | undefined {
  return typeof v === 'string' && /^0x[0-9a-fA-F]+$/.test(v) ? BigInt(v).toString() : undefined;
}

/**
 * The chain config of a captured block, from the header's shape: every fork whose header fields the block has is
 * active from genesis (baseFee → London, withdrawals → Shanghai, blob gas → Cancun, requestsHash → Prague;
 * difficulty 0 → merged). Exact for the embedded node's chain; for other chains right for the captured block.
 */
export function inferChainConfig(chainId: bigint, block: Obj): Record<string, unknown> {
  const c: Record<string, unknown> = { chainId: Number(chainId) };
  for (const k of [
    'homestead',
    'eip150',
    'eip155',
    'eip158',
    'byzantium',
    'constantinople',
    'petersburg',
    'istanbul',
    'berlin',
  ]) {
    c[`${k}Block`] = 0;
  }
  if (block.baseFeePerGas !== undefined) c.londonBlock = 0;
  if (block.difficulty === '0x0') c.terminalTotalDifficulty = 0;
  if (block.withdrawalsRoot !== undefined) c.shanghaiTime = 0;
  if (block.blobGasUsed !== undefined || block.excessBlobGas !== undefined) c.cancunTime = 0;
  if (block.requestsHash !== undefined) c.pragueTime = 0;
  return c;
}

/** Turns prestateTracer output into a genesis alloc (nonce as a decimal string, like geth's fixtures). */
function toAlloc(prestate: Obj): Record<string, Obj> {
  const alloc: Record<string, Obj> = {};
  for (const [address, raw] of Object.entries(prestate)) {
    const a = obj(raw, `prestate of ${address}`);
    alloc[address] = {
      balance: a.balance ?? '0x0',
      nonce: String(a.nonce ?? 0),
      code: a.code ?? '0x',
      storage: a.storage ?? {},
    };
  }
  return alloc;
}

/**
 * Captures a transaction from a node as a geth tracetest fixture in geth's JSON format (ready to save): the raw tx,
 * its block context, and the pre-state from `debug_traceTransaction` with `prestateTracer` (the embedded node
 * implements it).
 */
export async function captureFixtureJson(send: RpcSend, txHash: string): Promise<Obj> {
  const tx = await send('eth_getTransactionByHash', [txHash]);
  if (tx === null) throw new Error(`captureFixture: transaction ${txHash} not found`);
  const t = obj(tx, 'eth_getTransactionByHash result');
  if (t.blockNumber === null || t.blockNumber === undefined)
    throw new Error(`captureFixture: transaction ${txHash} is not mined yet`);
  const raw = await send('eth_getRawTransactionByHash', [txHash]);
  if (typeof raw !== 'string')
    throw new Error('captureFixture: eth_getRawTransactionByHash returned no raw transaction');
  const block = obj(await send('eth_getBlockByNumber', [t.blockNumber, false]), 'block');
  const parentNumber = `0x${(BigInt(t.blockNumber as string) - 1n).toString(16)}`;
  const parent = obj(await send('eth_getBlockByNumber', [parentNumber, false]), 'parent block');
  const chainId = BigInt((await send('eth_chainId', [])) as string);
  const prestate = obj(
    await send('debug_traceTransaction', [txHash, { tracer: 'prestateTracer' }]),
    'prestate',
  );
  const json: Obj = {
    genesis: {
      config: inferChainConfig(chainId, block),
      alloc: toAlloc(prestate) as unknown as GenesisAlloc,
      difficulty: dec(parent.difficulty) ?? '0',
      gasLimit: dec(parent.gasLimit),
      number: dec(parent.number) ?? '0',
      timestamp: dec(parent.timestamp),
      extraData: parent.extraData ?? '0x',
      // geth's harness uses the genesis mixHash as the traced block's prevRandao.
      mixHash: block.mixHash,
      ...(parent.baseFeePerGas !== undefined ? { baseFeePerGas: dec(parent.baseFeePerGas) } : {}),
      ...(parent.excessBlobGas !== undefined
        ? { excessBlobGas: dec(parent.excessBlobGas), blobGasUsed: dec(parent.blobGasUsed) }
        : {}),
    },
    context: {
      number: dec(block.number),
      difficulty: dec(block.difficulty) ?? '0',
      timestamp: dec(block.timestamp),
      gasLimit: dec(block.gasLimit),
      miner: block.miner,
      ...(block.baseFeePerGas !== undefined ? { baseFeePerGas: dec(block.baseFeePerGas) } : {}),
    },
    input: raw,
  };
  return json;
}

/** {@link captureFixtureJson}, parsed with {@link loadFixture}. */
export async function captureFixture(send: RpcSend, txHash: string): Promise<Fixture> {
  return loadFixture(await captureFixtureJson(send, txHash));
}
