import { bytesToHex } from '@ethereumjs/util';
import type { Chain, ChainBlock } from './chainTypes.ts';
import { toQuantity } from './hex.ts';
import type { Hex } from './hex.ts';
import { decodeBlockNumber, decodeHash } from './params.ts';
import type { BlockSelector } from './params.ts';
import { invalidArgument, RpcError, serverError } from './rpcError.ts';

/** A log as geth's eth_getLogs returns it (core/types Log, in geth's field order). */
export interface RpcLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  transactionHash: Hex;
  transactionIndex: Hex;
  blockHash: Hex;
  blockTimestamp: Hex;
  logIndex: Hex;
  removed: false;
}

/** geth's eth/filters limits: 4 topic positions, 1000 alternatives in one. */
const maxTopics = 4;
const maxSubTopics = 1000;

const invalidParams = (message: string) => new RpcError(-32602, message);

/** geth's FilterCriteria decoded (eth/filters UnmarshalJSON); errors are `invalid argument 0: …`. */
export interface LogCriteria {
  blockHash?: string;
  from?: BlockSelector;
  to?: BlockSelector;
  addresses: string[];
  /** Per position: the alternatives, or null (any). */
  topics: (string[] | null)[];
}

/** hexutil.Decode, then the length geth wants (`… for address` / `… for topic`). */
function decodeFixed(value: string, bytes: number, what: string): string {
  if (!/^0[xX]/.test(value))
    throw new Error(value === '' ? 'empty hex string' : 'hex string without 0x prefix');
  const digits = value.slice(2);
  if (digits.length % 2) throw new Error('hex string of odd length');
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw new Error('invalid hex string');
  if (digits.length !== bytes * 2)
    throw new Error(
      `hex has invalid length ${digits.length / 2} after decoding; expected ${bytes} for ${what}`,
    );
  return '0x' + digits.toLowerCase();
}

/** Decodes eth_getLogs' / eth_newFilter's criteria object like geth (errors: `invalid argument <index>: …`). */
export function decodeCriteria(value: unknown, index = 0): LogCriteria {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidArgument(index, 'json: cannot unmarshal non-object into Go value of type filters.input');
  }
  const o = value as Record<string, unknown>;
  const present = (k: string) => o[k] !== undefined && o[k] !== null;
  const fail = (message: string): never => {
    throw invalidArgument(index, message);
  };
  const out: LogCriteria = { addresses: [], topics: [] };
  if (present('blockHash')) {
    out.blockHash = decodeHash(o.blockHash, index);
    if (present('fromBlock') || present('toBlock'))
      fail('cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other');
  } else {
    if (present('fromBlock')) out.from = decodeBlockNumber(o.fromBlock, index);
    if (present('toBlock')) out.to = decodeBlockNumber(o.toBlock, index);
  }
  const address = o.address;
  if (Array.isArray(address)) {
    address.forEach((a, i) => {
      if (typeof a !== 'string') fail(`non-string address at index ${i}`);
      try {
        out.addresses.push(decodeFixed(a as string, 20, 'address'));
      } catch (e) {
        fail(`invalid address at index ${i}: ${(e as Error).message}`);
      }
    });
  } else if (typeof address === 'string') {
    try {
      out.addresses.push(decodeFixed(address, 20, 'address'));
    } catch (e) {
      fail(`invalid address: ${(e as Error).message}`);
    }
  } else if (present('address')) fail('invalid addresses in query');
  const topics = o.topics;
  if (topics !== undefined && topics !== null) {
    if (!Array.isArray(topics))
      fail(
        `json: cannot unmarshal ${typeof topics} into Go struct field input.topics of type []interface {}`,
      );
    const list = topics as unknown[];
    if (list.length > maxTopics) fail('exceed max topics');
    for (const t of list) {
      if (t === null) out.topics.push(null);
      else if (typeof t === 'string') out.topics.push([decodeTopic(t, index)]);
      else if (Array.isArray(t)) {
        if (t.length > maxSubTopics) fail('exceed max topics');
        // A null alternative matches anything: the whole position becomes a wildcard.
        let alternatives: string[] | null = [];
        for (const x of t) {
          if (x === null) {
            alternatives = null;
            break;
          }
          if (typeof x !== 'string') fail('invalid topic(s)');
          alternatives.push(decodeTopic(x as string, index));
        }
        out.topics.push(alternatives && alternatives.length ? alternatives : null);
      } else fail('invalid topic(s)');
    }
  }
  return out;
}

function decodeTopic(value: string, index: number): string {
  try {
    return decodeFixed(value, 32, 'topic');
  } catch (e) {
    throw invalidArgument(index, (e as Error).message);
  }
}

/** A range end as geth resolves it: latest/safe/finalized the head, earliest the first block, pending refused. */
function resolve(chain: Chain, sel: BlockSelector | undefined): bigint {
  if (!sel) return chain.head().number;
  if (sel.kind === 'number') return sel.number;
  if (sel.kind === 'tag' && sel.tag === 'earliest') return chain.blocks[0].number;
  return chain.head().number;
}

/** The logs of block `b` that match `c`'s addresses and topics (its block range is not looked at). */
export function blockLogs(b: ChainBlock, c: LogCriteria): RpcLog[] {
  const out: RpcLog[] = [];
  let index = 0;
  for (const t of b.txs) {
    for (const [address, topics, data] of t.receipt.logs) {
      const log: RpcLog = {
        address: bytesToHex(address),
        topics: topics.map((x) => bytesToHex(x)),
        data: bytesToHex(data),
        blockNumber: toQuantity(b.number),
        transactionHash: t.hash,
        transactionIndex: toQuantity(t.index),
        blockHash: b.hash,
        blockTimestamp: toQuantity(b.block.header.timestamp),
        logIndex: toQuantity(index++),
        removed: false,
      };
      if (matches(log, c)) out.push(log);
    }
  }
  return out;
}

/** geth's filterLogs: any of the addresses; per topic position, any of its alternatives (null: anything). */
function matches(log: RpcLog, c: LogCriteria): boolean {
  if (c.addresses.length && !c.addresses.includes(log.address)) return false;
  if (c.topics.length > log.topics.length) return false;
  return c.topics.every((alternatives, i) => !alternatives || alternatives.includes(log.topics[i]));
}

/**
 * geth's eth_getLogs (eth/filters FilterAPI.GetLogs): the logs of one block (`blockHash`) or of a block range
 * (`fromBlock`/`toBlock`, default latest), filtered by address and topics, with geth's errors (`unknown block`,
 * `invalid block range params`, `block range extends beyond current head block`, `pending logs are not supported`,
 * `exceed max topics`, the decode errors as `invalid argument 0: …`).
 */
export function getLogs(chain: Chain, raw: unknown): RpcLog[] {
  const c = decodeCriteria(raw);
  if (c.blockHash !== undefined) {
    const b = chain.blockByHash(c.blockHash);
    if (!b) throw serverError('unknown block');
    return blockLogs(b, c);
  }
  const isPending = (s?: BlockSelector) => s?.kind === 'tag' && s.tag === 'pending';
  const from = c.from?.kind === 'number' ? c.from.number : undefined;
  const to = c.to?.kind === 'number' ? c.to.number : undefined;
  if (from !== undefined && to !== undefined && from > 0n && to > 0n && from > to)
    throw invalidParams('invalid block range params');
  if (isPending(c.from) || isPending(c.to)) throw invalidParams('pending logs are not supported');
  const first = resolve(chain, c.from);
  const last = resolve(chain, c.to);
  if (first > last) throw invalidParams('invalid block range params');
  if (last > chain.head().number) throw invalidParams('block range extends beyond current head block');
  const out: RpcLog[] = [];
  for (let n = first < chain.blocks[0].number ? chain.blocks[0].number : first; n <= last; n++) {
    out.push(...blockLogs(chain.blockByNumber(n)!, c));
  }
  return out;
}
