// Call data, return data, logs and revert data decoded against an AbiBook with viem's decoders.
import {
  decodeErrorResult,
  decodeEventLog,
  decodeFunctionData,
  decodeFunctionResult,
  toEventSignature,
  toFunctionSignature,
  type Abi,
  type AbiEvent,
  type AbiFunction,
  type AbiParameter,
  type Hex,
} from 'viem';
type AbiError = Extract<Abi[number], { type: 'error' }>;

import type { AbiBook } from './abiBook.ts';

/** One decoded value: its parameter's name (or `#i`), its type and its value as text. */
export interface DecodedArg {
  name: string;
  type: string;
  value: string;
}

/** A decoded call, log or error: the declaration's name and canonical signature, and its values. */
export interface Decoded {
  name: string;
  signature: string;
  args: DecodedArg[];
}

const isHex = (v: string): v is Hex => /^0x([0-9a-fA-F]{2})*$/.test(v);
// viem compares selectors as lowercase text.
const lower = (v: Hex) => v.toLowerCase() as Hex;

/** A decoded value as text: integers in decimal, bytes and addresses as hex, tuples and arrays as JSON-like lists. */
export function formatAbiValue(v: unknown): string {
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return `[${v.map(formatAbiValue).join(', ')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${k}: ${formatAbiValue(x)}`)
      .join(', ')}}`;
  return String(v);
}

function argsOf(params: readonly AbiParameter[], values: unknown): DecodedArg[] {
  // viem gives an array for positional values and an object for named event args.
  const read = (p: AbiParameter, i: number) =>
    Array.isArray(values)
      ? values[i]
      : p.name && values && typeof values === 'object'
        ? (values as Record<string, unknown>)[p.name]
        : undefined;
  return params.map((p, i) => ({ name: p.name || `#${i}`, type: p.type, value: formatAbiValue(read(p, i)) }));
}

/** The first candidate that decodes (several declarations may share a selector), or null. */
function firstThat<I, R>(items: I[] | undefined, decode: (item: I) => R): R | null {
  for (const item of items ?? []) {
    try {
      return decode(item);
    } catch {
      // This declaration does not fit the data; try the next one.
    }
  }
  return null;
}

/** Call data decoded by its selector (null: no selector, unknown, or the data does not fit any declaration). */
export function decodeCallInput(book: AbiBook, input: string): Decoded | null {
  if (!isHex(input) || input.length < 10) return null;
  return firstThat(book.functions.get(input.slice(2, 10).toLowerCase()), (fn: AbiFunction) => {
    const { args } = decodeFunctionData({ abi: [fn], data: lower(input) });
    return { name: fn.name, signature: toFunctionSignature(fn), args: argsOf(fn.inputs, args ?? []) };
  });
}

/** Return data decoded by the outputs of the call's declaration (when the declaration names them). */
export function decodeCallOutput(book: AbiBook, input: string, output: string): DecodedArg[] | null {
  if (!isHex(input) || !isHex(output) || input.length < 10 || output === '0x') return null;
  return firstThat(book.functions.get(input.slice(2, 10).toLowerCase()), (fn: AbiFunction) => {
    if (!fn.outputs.length) throw new Error('no outputs');
    decodeFunctionData({ abi: [fn], data: lower(input) });
    const value: unknown = decodeFunctionResult({ abi: [fn], functionName: fn.name, data: output } as never);
    return argsOf(fn.outputs, fn.outputs.length === 1 ? [value] : value);
  });
}

/** A log decoded by its topic 0 (the indexed values from the topics, the others from the data). */
export function decodeLogEntry(book: AbiBook, topics: string[], data: string): Decoded | null {
  const t0 = topics[0];
  if (!t0 || !/^0x[0-9a-fA-F]{64}$/.test(t0) || !isHex(data)) return null;
  return firstThat(book.events.get(t0.slice(2).toLowerCase()), (ev: AbiEvent) => {
    const { args } = decodeEventLog({ abi: [ev], topics: topics as [Hex, ...Hex[]], data, strict: true });
    return { name: ev.name, signature: toEventSignature(ev), args: argsOf(ev.inputs, args) };
  });
}

/** Revert data decoded: Error(string), Panic(uint256) or a custom error the book knows. */
export function decodeRevertData(book: AbiBook, output: string): Decoded | null {
  if (!isHex(output) || output.length < 10) return null;
  return firstThat(book.errors.get(output.slice(2, 10).toLowerCase()), (err: AbiError) => {
    const { args } = decodeErrorResult({ abi: [err], data: lower(output) });
    return {
      name: err.name,
      signature: toFunctionSignature(err as never),
      args: argsOf(err.inputs, args ?? []),
    };
  });
}
