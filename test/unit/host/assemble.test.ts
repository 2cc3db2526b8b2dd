import { describe, expect, it } from 'vitest';
import { asm } from './assemble.ts';

describe('asm (test helper)', () => {
  it.each([
    ['PUSH1 1 PUSH1 1 STOP', '6001600100'],
    ['PUSH2 0x0102 PUSH1 0xff', '610102' + '60ff'],
    ['start: JUMPDEST PUSH1 @start JUMP', '5b600056'],
    ['PUSH1 0 PUSH2 @end JUMP end: JUMPDEST', '6000610006565b'],
    ['0xfe INVALID', 'fefe'],
  ])('%s', (src, hex) => {
    expect(Buffer.from(asm(src)).toString('hex')).toBe(hex);
  });
  it('rejects unknown tokens', () => {
    expect(() => asm('PUSH1 1 FOO')).toThrow('asm: unknown token FOO');
  });
});
