import { keccak256 } from 'ethereum-cryptography/keccak.js';
import { bytesToHex, utf8ToBytes } from 'ethereum-cryptography/utils.js';
import { describe, expect, it } from 'vitest';
import { errorTable, eventTable, functionTable } from '../../../src/core/abi/signatureTable.ts';

const hash = (sig: string) => bytesToHex(keccak256(utf8ToBytes(sig)));
// `transfer(address to,uint256 amount) returns (bool)` → `transfer(address,uint256)`: returns, `indexed` and names go.
const canonical = (decl: string) =>
  decl
    .replace(/ returns \(.*\)$/, '')
    .replace(/\s+indexed\b/g, '')
    .replace(/ [A-Za-z_$][\w$]*(?=[,)])/g, '')
    .replace(/\s+/g, '');

const entries = (table: Readonly<Record<string, readonly string[]>>) =>
  Object.entries(table).flatMap(([k, decls]) => decls.map((d) => [k, d] as const));

describe('shipped signature table', () => {
  it.each(entries(functionTable))('function %s is keccak256(%s)[0..4]', (selector, decl) => {
    expect(hash(canonical(decl)).slice(0, 8)).toBe(selector);
  });
  it.each(entries(eventTable))('event %s is keccak256(%s)', (topic, decl) => {
    expect(hash(canonical(decl))).toBe(topic);
  });
  it.each(entries(errorTable))('error %s is keccak256(%s)[0..4]', (selector, decl) => {
    expect(hash(canonical(decl)).slice(0, 8)).toBe(selector);
  });
  it.each([
    ['a9059cbb', 'transfer'],
    ['f242432a', 'safeTransferFrom'],
    ['2eb2c2d6', 'safeBatchTransferFrom'],
    ['d0e30db0', 'deposit'],
    ['ac9650d8', 'multicall'],
    ['414bf389', 'exactInputSingle'],
    ['38ed1739', 'swapExactTokensForTokens'],
    ['f2fde38b', 'transferOwnership'],
    ['a444f5e9', 'run'],
  ])('knows %s as %s', (selector, name) => {
    expect(functionTable[selector]?.[0]).toMatch(new RegExp(`^${name}\\(`));
  });
});
