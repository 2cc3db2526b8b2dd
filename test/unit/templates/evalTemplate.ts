import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import bigInt from 'big-integer';

const dir = join(import.meta.dirname, '../../../tracer-templates');

function toHex(buf: ArrayLike<number>): string {
  let s = '0x';
  for (let i = 0; i < buf.length; i++) s += (buf[i] & 255).toString(16).padStart(2, '0');
  return s;
}

function fromHex(hex: string): Uint8Array {
  const h = hex.replace(/^0x/i, '');
  const even = h.length % 2 ? '0' + h : h;
  return Uint8Array.from(even.match(/../g) ?? [], (b) => parseInt(b, 16));
}

function fit(x: string | ArrayLike<number>, size: number): Uint8Array {
  const b = typeof x === 'string' ? fromHex(x) : Uint8Array.from(x);
  const out = new Uint8Array(size);
  out.set(b.slice(Math.max(0, b.length - size)), Math.max(0, size - b.length));
  return out;
}

const toAddress = (x: string | ArrayLike<number>) => fit(x, 20);
const toWord = (x: string | ArrayLike<number>) => fit(x, 32);

/**
 * Evaluates a template's object literal outside any EVM, with the pure helper globals a test needs (toHex,
 * toAddress, toWord, bigInt, slice). Only for testing a template's own helper methods; the tracer API objects are fakes.
 */
export function evalTemplate(file: string): Record<string, unknown> & { [k: string]: any } {
  const source = readFileSync(join(dir, file), 'utf8');
  const code = source.slice(source.indexOf('*/') + 2);
  const slice = (b: Uint8Array, s: number, e: number) => b.slice(s, e);
  const isPrecompiled = (a: Uint8Array) => toHex(a) <= '0x0000000000000000000000000000000000000011';
  const names = ['toHex', 'toAddress', 'toWord', 'bigInt', 'slice', 'isPrecompiled'];
  const make = new Function(...names, `return (${code});`);
  return make(toHex, toAddress, toWord, bigInt, slice, isPrecompiled);
}

export { fromHex, toHex };
