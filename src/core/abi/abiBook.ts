// The function, event and error declarations the frame inspector decodes with: the shipped table of well-known
// ones plus those of an ABI the user pastes (theirs first, so a project's own names win over a shared selector).
import {
  parseAbi,
  parseAbiItem,
  toEventSelector,
  toFunctionSelector,
  toFunctionSignature,
  type Abi,
  type AbiEvent,
  type AbiFunction,
} from 'viem';
type AbiError = Extract<Abi[number], { type: 'error' }>;

import { errorTable, eventTable, functionTable } from './signatureTable.ts';

/** Declarations by selector (8 hex digits) or topic 0 (64 hex digits), lowercase, without 0x. */
export interface AbiBook {
  functions: Map<string, AbiFunction[]>;
  events: Map<string, AbiEvent[]>;
  errors: Map<string, AbiError[]>;
  /** Declarations that came from the user's ABI. */
  userItems: number;
}

/** What a pasted ABI text read as: its items, or why it could not be read. */
export interface ParsedAbi {
  abi: Abi;
  error: string | null;
}

const add = <T>(map: Map<string, T[]>, key: string, item: T) => {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
};

/**
 * Reads an ABI as pasted: solc's JSON (an array, or an object with an `abi` array, as Hardhat and Foundry write
 * it), or human-readable lines (`function transfer(address to, uint256 amount) returns (bool)`).
 */
export function parseAbiText(text: string): ParsedAbi {
  const src = text.trim();
  if (!src) return { abi: [], error: null };
  try {
    if (src.startsWith('[') || src.startsWith('{')) {
      const json: unknown = JSON.parse(src);
      const list = Array.isArray(json) ? json : (json as { abi?: unknown }).abi;
      if (!Array.isArray(list))
        return { abi: [], error: 'The JSON has no ABI array (expected [...] or {"abi": [...]}).' };
      return { abi: list as Abi, error: null };
    }
    const lines = src
      .split(/\r?\n|;/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('//'));
    return { abi: parseAbi(lines), error: null };
  } catch (e) {
    return { abi: [], error: (e as Error).message.split('\n')[0] };
  }
}

/** The book of the shipped table, with the user's ABI items in front. */
export function createAbiBook(userAbi: Abi = []): AbiBook {
  const book: AbiBook = { functions: new Map(), events: new Map(), errors: new Map(), userItems: 0 };
  for (const item of userAbi) {
    try {
      if (item.type === 'function') add(book.functions, toFunctionSelector(item).slice(2), item);
      else if (item.type === 'event') add(book.events, toEventSelector(item).slice(2), item);
      else if (item.type === 'error') add(book.errors, toFunctionSelector(item as never).slice(2), item);
      else continue;
      book.userItems++;
    } catch {
      // An item viem cannot hash (a malformed type) is left out; the others still count.
    }
  }
  const shipped = <T>(
    table: Readonly<Record<string, readonly string[]>>,
    kind: string,
    map: Map<string, T[]>,
  ) => {
    for (const [key, decls] of Object.entries(table))
      for (const d of decls) add(map, key, parseAbiItem(`${kind} ${d}`) as T);
  };
  shipped(functionTable, 'function', book.functions);
  shipped(eventTable, 'event', book.events);
  shipped(errorTable, 'error', book.errors);
  return book;
}

/** The canonical signature (`transfer(address,uint256)`) the book has for a selector (`0xa9059cbb`), or null. */
export function signatureOfSelector(book: AbiBook, selector: string | null): string | null {
  if (!selector || !/^0x[0-9a-fA-F]{8}$/.test(selector)) return null;
  const fn = book.functions.get(selector.slice(2).toLowerCase())?.[0];
  return fn ? toFunctionSignature(fn) : null;
}
