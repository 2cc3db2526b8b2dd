import type { GenesisAlloc } from '../state/createSyncStateManager.ts';
import type { Fixture, FixtureChainConfig } from './fixtureTypes.ts';

const configKeys = [
  'chainId',
  'homesteadBlock',
  'eip150Block',
  'eip155Block',
  'eip158Block',
  'byzantiumBlock',
  'constantinopleBlock',
  'petersburgBlock',
  'istanbulBlock',
  'muirGlacierBlock',
  'berlinBlock',
  'londonBlock',
  'arrowGlacierBlock',
  'grayGlacierBlock',
  'mergeNetsplitBlock',
  'shanghaiTime',
  'cancunTime',
  'pragueTime',
  'osakaTime',
  'terminalTotalDifficulty',
] as const;

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** `obj[key]` with Go's case-insensitive key matching (an exact match wins). */
function get(obj: Obj, key: string): unknown {
  if (key in obj) return obj[key];
  const lower = key.toLowerCase();
  const k = Object.keys(obj).find((x) => x.toLowerCase() === lower);
  return k === undefined ? undefined : obj[k];
}

/** A HexOrDecimal number: a JSON number, a decimal string or a 0x hex string. */
function num(value: unknown, path: string): bigint {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^(0[xX][0-9a-fA-F]+|[0-9]+)$/.test(value.trim()))
    return BigInt(value.trim());
  throw new Error(
    `fixture: ${path} must be a non-negative decimal or 0x hex number, got ${JSON.stringify(value)}`,
  );
}

function optNum(obj: Obj, key: string, path: string): bigint | undefined {
  const v = get(obj, key);
  return v === undefined || v === null ? undefined : num(v, `${path}.${key}`);
}

function hexString(value: unknown, path: string, fallback?: string): string {
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  if (typeof value !== 'string' || !/^0[xX][0-9a-fA-F]*$/.test(value)) {
    throw new Error(`fixture: ${path} must be a 0x hex string, got ${JSON.stringify(value)}`);
  }
  return value.toLowerCase();
}

/** The signed tx: hex with or without 0x (geth's FromHex accepts both). */
function rawTx(value: unknown): string {
  if (typeof value === 'string' && /^([0-9a-fA-F]{2})+$/.test(value)) return '0x' + value.toLowerCase();
  return hexString(value, 'input');
}

function parseConfig(raw: unknown): FixtureChainConfig {
  if (!isObj(raw)) throw new Error('fixture: genesis.config must be an object');
  const out: Partial<Record<(typeof configKeys)[number], bigint>> = {};
  for (const key of configKeys) {
    const v = get(raw, key);
    // terminalTotalDifficulty may exceed 2^53 in JSON; only "is it zero" matters, so a rounded number is fine.
    if (v !== undefined && v !== null)
      out[key] =
        typeof v === 'number' && !Number.isSafeInteger(v)
          ? BigInt(Math.round(v))
          : num(v, `genesis.config.${key}`);
  }
  if (out.chainId === undefined) throw new Error('fixture: genesis.config.chainId is missing');
  return out as FixtureChainConfig;
}

function parseAlloc(raw: unknown): GenesisAlloc {
  if (!isObj(raw)) throw new Error('fixture: genesis.alloc must be an object of address → account');
  const alloc: GenesisAlloc = {};
  for (const [address, acc] of Object.entries(raw)) {
    if (!isObj(acc)) throw new Error(`fixture: genesis.alloc[${address}] must be an object`);
    const storage = get(acc, 'storage');
    alloc[address] = {
      balance: (get(acc, 'balance') as string | undefined) ?? '0',
      nonce: (get(acc, 'nonce') as string | undefined) ?? '0',
      code: (get(acc, 'code') as string | undefined) ?? '0x',
      storage: isObj(storage) ? (storage as Record<string, string>) : {},
    };
  }
  return alloc;
}

/**
 * Parses a geth tracetest fixture (JSON text or an already parsed value). Keys match case-insensitively
 * (`IstanbulBlock`), numbers are decimal or hex, alloc nonces decimal strings. Throws an Error naming the bad field.
 */
export function loadFixture(json: unknown): Fixture {
  let raw = json;
  if (typeof json === 'string') {
    try {
      raw = JSON.parse(json);
    } catch (e) {
      throw new Error(`fixture: not valid JSON (${(e as Error).message})`, { cause: e });
    }
  }
  if (!isObj(raw)) throw new Error('fixture: expected a JSON object with genesis, context and input');
  const genesis = get(raw, 'genesis');
  const context = get(raw, 'context');
  if (!isObj(genesis)) throw new Error('fixture: genesis is missing or not an object');
  if (!isObj(context)) throw new Error('fixture: context is missing or not an object');
  const miner = get(context, 'miner');
  return {
    genesis: {
      config: parseConfig(get(genesis, 'config')),
      alloc: parseAlloc(get(genesis, 'alloc')),
      difficulty: optNum(genesis, 'difficulty', 'genesis') ?? 0n,
      gasLimit: optNum(genesis, 'gasLimit', 'genesis') ?? 0n,
      number: optNum(genesis, 'number', 'genesis') ?? 0n,
      timestamp: optNum(genesis, 'timestamp', 'genesis') ?? 0n,
      extraData: hexString(get(genesis, 'extraData'), 'genesis.extraData', '0x'),
      mixHash: hexString(get(genesis, 'mixHash'), 'genesis.mixHash', '0x' + '0'.repeat(64)),
      baseFeePerGas: optNum(genesis, 'baseFeePerGas', 'genesis'),
      excessBlobGas: optNum(genesis, 'excessBlobGas', 'genesis'),
      blobGasUsed: optNum(genesis, 'blobGasUsed', 'genesis'),
    },
    context: {
      number: num(get(context, 'number'), 'context.number'),
      difficulty: optNum(context, 'difficulty', 'context') ?? 0n,
      timestamp: num(get(context, 'timestamp'), 'context.timestamp'),
      gasLimit: num(get(context, 'gasLimit'), 'context.gasLimit'),
      miner: hexString(miner, 'context.miner'),
      baseFeePerGas: optNum(context, 'baseFeePerGas', 'context'),
    },
    input: rawTx(get(raw, 'input')),
    tracerConfig: get(raw, 'tracerConfig') ?? undefined,
    result: get(raw, 'result'),
  };
}
