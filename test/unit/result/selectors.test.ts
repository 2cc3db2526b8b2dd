import { keccak256 } from 'ethereum-cryptography/keccak.js';
import { bytesToHex, utf8ToBytes } from 'ethereum-cryptography/utils.js';
import { describe, expect, it } from 'vitest';
import {
  decodeEventTopic,
  decodeSelector,
  knownEventTopics,
  knownSelectors,
  selectorOf,
} from '../../../src/core/result/selectors.ts';

const hash = (sig: string) => bytesToHex(keccak256(utf8ToBytes(sig)));

describe('built-in selector table', () => {
  it.each(Object.entries(knownSelectors))('%s is keccak256(%s)[0..4]', (selector, sig) => {
    expect(hash(sig).slice(0, 8)).toBe(selector);
  });
  it.each(Object.entries(knownEventTopics))('%s is keccak256(%s)', (topic, sig) => {
    expect(hash(sig)).toBe(topic);
  });
  it('knows the common ERC-20 calls', () => {
    for (const name of ['transfer', 'approve', 'transferFrom', 'balanceOf', 'allowance', 'totalSupply'])
      expect(Object.values(knownSelectors).some((s) => s.startsWith(name + '('))).toBe(true);
  });
});

describe('decoding', () => {
  const cases: [string, unknown, string | null][] = [
    ['call data', '0xa9059cbb' + '00'.repeat(64), 'transfer(address,uint256)'],
    ['upper-case hex', '0xA9059CBB', 'transfer(address,uint256)'],
    ['4byteTracer key', '0x23b872dd-96', 'transferFrom(address,address,uint256)'],
    ['unknown selector', '0xdeadbeef', null],
    ['too short', '0xa9059c', null],
    ['not hex', 'transfer', null],
    ['not a string', 42, null],
  ];
  it.each(cases)('%s', (_, input, want) => {
    expect(decodeSelector(input)).toBe(want);
  });
  it('selectorOf keeps unknown selectors and drops the rest', () => {
    expect(selectorOf('0xDEADBEEF00')).toBe('0xdeadbeef');
    expect(selectorOf('0x')).toBeNull();
    expect(selectorOf('0xdeadbeef-4')).toBe('0xdeadbeef');
  });
  it('event topics', () => {
    expect(decodeEventTopic('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef')).toBe(
      'Transfer(address,address,uint256)',
    );
    expect(decodeEventTopic('0x' + '00'.repeat(32))).toBeNull();
    expect(decodeEventTopic('0xddf252ad')).toBeNull();
  });
});
