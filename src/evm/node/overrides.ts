import { createBlock } from '@ethereumjs/block';
import type { Block, HeaderData } from '@ethereumjs/block';
import type { SyncStateManager } from '../state/createSyncStateManager.ts';
import { Account, createAddressFromString, hexToBytes, setLengthLeft } from '@ethereumjs/util';
import { field } from './callArgs.ts';
import { decodeAddress, decodeBytes, decodeHash, decodeQuantity } from './params.ts';
import { invalidParams, serverError } from './rpcError.ts';

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** Wraps decoders so their errors name the override (`stateOverrides.0x….balance: …`). */
function at<T>(path: string, decode: () => T): T {
  try {
    return decode();
  } catch (e) {
    throw invalidParams(`${path}: ${(e as Error).message.replace(/^invalid argument \d+: /, '')}`);
  }
}

/** Applies geth's StateOverride ({addr: {balance, nonce, code, state, stateDiff}}) to `state`. */
export async function applyStateOverrides(state: SyncStateManager, overrides: unknown): Promise<void> {
  if (overrides === undefined || overrides === null) return;
  if (!isObject(overrides)) throw invalidParams('stateOverrides must be an object keyed by address');
  for (const [key, o] of Object.entries(overrides)) {
    const path = `stateOverrides.${key}`;
    const address = createAddressFromString(at(path, () => decodeAddress(key, 0)));
    if (!isObject(o)) throw invalidParams(`${path} must be an object`);
    if (field(o, 'movePrecompileToAddress') !== undefined) {
      throw invalidParams(`${path}.movePrecompileToAddress is not supported by the embedded node`);
    }
    const account = (await state.getAccount(address)) ?? new Account();
    const balance = field(o, 'balance');
    if (balance != null) account.balance = at(`${path}.balance`, () => decodeQuantity(balance, 0));
    const nonce = field(o, 'nonce');
    if (nonce != null)
      account.nonce = at(`${path}.nonce`, () => decodeQuantity(nonce, 0, 64, 'hexutil.Uint64'));
    await state.putAccount(address, account);
    const code = field(o, 'code');
    if (code != null)
      await state.putCode(
        address,
        hexToBytes(at(`${path}.code`, () => decodeBytes(code, 0)) as `0x${string}`),
      );
    const full = field(o, 'state');
    const diff = field(o, 'stateDiff');
    if (full != null && diff != null)
      throw serverError(`account ${address.toString()} has both 'state' and 'stateDiff'`);
    if (full != null) await state.clearStorage(address);
    const slots = full ?? diff;
    if (slots == null) continue;
    if (!isObject(slots))
      throw invalidParams(
        `${path}.${full != null ? 'state' : 'stateDiff'} must be an object of slot → value`,
      );
    for (const [slot, value] of Object.entries(slots)) {
      const k = hexToBytes(at(`${path} slot ${slot}`, () => decodeHash(slot, 0)) as `0x${string}`);
      const v = hexToBytes(at(`${path} slot ${slot} value`, () => decodeHash(value, 0)) as `0x${string}`);
      await state.putStorage(address, setLengthLeft(k, 32), stripZeros(v));
    }
  }
}

function stripZeros(v: Uint8Array): Uint8Array {
  let i = 0;
  while (i < v.length && v[i] === 0) i++;
  return v.slice(i);
}

const unsupported = ['beaconRoot', 'withdrawals'];

/** Returns `block` with geth's BlockOverrides applied (number, difficulty, time, gasLimit, feeRecipient, …). */
export function applyBlockOverrides(block: Block, overrides: unknown, feeless: boolean): Block {
  const header: HeaderData = { ...block.header.toJSON() } as HeaderData;
  if (feeless && block.header.baseFeePerGas !== undefined) header.baseFeePerGas = 0n;
  if (overrides !== undefined && overrides !== null) {
    if (!isObject(overrides)) throw invalidParams('blockOverrides must be an object');
    for (const name of unsupported) {
      if (field(overrides, name) !== undefined)
        throw serverError(`block override "${name}" is not supported for this RPC method`);
    }
    const q = (name: string, bits = 256) => {
      const v = field(overrides, name);
      return v == null ? undefined : at(`blockOverrides.${name}`, () => decodeQuantity(v, 0, bits));
    };
    const set = <K extends keyof HeaderData>(key: K, value: HeaderData[K] | undefined) => {
      if (value !== undefined) header[key] = value;
    };
    set('number', q('number', 64));
    set('difficulty', q('difficulty'));
    set('timestamp', q('time', 64));
    set('gasLimit', q('gasLimit', 64));
    set('baseFeePerGas', q('baseFeePerGas'));
    const coinbase = field(overrides, 'feeRecipient');
    if (coinbase != null)
      header.coinbase = at('blockOverrides.feeRecipient', () => decodeAddress(coinbase, 0)) as `0x${string}`;
    const random = field(overrides, 'prevRandao');
    if (random != null)
      header.mixHash = at('blockOverrides.prevRandao', () => decodeHash(random, 0)) as `0x${string}`;
  }
  return createBlock({ header }, { common: block.common });
}
