import { describe, expect, it } from 'vitest';
import {
  completionContext,
  describeWordAt,
  findHookParams,
  membersAfter,
  parseChainBefore,
  signatureAt,
} from '../../../src/core/tracer/resolveApiAt.ts';
import { buildTracerApiDts } from '../../../src/core/tracer/buildTracerApiDts.ts';

const source = `{
  step: function (l, db) { l.stack.peek(0); },
  result: function (ctx, d2) { return ctx.gasUsed; },
  enter: function(frame) {}, exit: function (res) {}, fault: function (log, db) {}
}`;
const params = findHookParams(source);

describe('tracer API resolution', () => {
  it('finds hook parameter types by position', () => {
    expect(Object.fromEntries(params)).toEqual({
      l: 'Log',
      db: 'DB',
      ctx: 'Context',
      d2: 'DB',
      frame: 'CallFrame',
      res: 'FrameResult',
      log: 'Log',
    });
  });

  it.each([
    [
      'x = l.stack.peek(0)',
      [
        ['l', false],
        ['stack', false],
        ['peek', true],
      ],
    ],
    [
      'bigInt(5).add(bigInt(3) )',
      [
        ['bigInt', true],
        ['add', true],
      ],
    ],
    [
      'foo( a.b',
      [
        ['a', false],
        ['b', false],
      ],
    ],
    ['1', null],
  ])('parses the chain in %j', (text, expected) => {
    const chain = parseChainBefore(text);
    expect(chain && chain.map((s) => [s.name, s.call])).toEqual(expected);
  });

  it.each([
    ['l.', 'Log', 'getPC'],
    ['l.stack.', 'Stack', 'peek'],
    ['l.stack.peek(0).', 'BigInteger', 'add'],
    ['l.op.', 'Op', 'isPush'],
    ['ctx.value.', 'BigInteger', 'toString'],
    ['frame.', 'CallFrame', 'getType'],
    ['res.', 'FrameResult', 'getGasUsed'],
    ['d2.', 'DB', 'getBalance'],
    ['bigInt(1).', 'BigInteger', 'pow'],
  ])('offers members after %j', (text, _type, expected) => {
    const c = completionContext(text);
    expect(c?.kind).toBe('member');
    if (c?.kind !== 'member') return;
    expect(membersAfter(c.chain, params).map((mm) => mm.name)).toContain(expected);
  });

  it('offers nothing after unknown names', () => {
    const c = completionContext('other.');
    expect(c?.kind === 'member' && membersAfter(c.chain, params)).toEqual([]);
  });

  it('describes words for hovers', () => {
    expect(describeWordAt('x = l.', 'getPC', params)?.member?.type).toBe('number');
    expect(describeWordAt('x = ', 'toHex', params)?.member?.type).toBe('string');
    expect(describeWordAt('x = ', 'ctx', params)?.paramType).toBe('Context');
    expect(describeWordAt('x = ', 'nothing', params)).toBeNull();
  });

  it.each([
    ['toHex(', 'toHex', 0],
    ['slice(a, 1, ', 'slice', 2],
    ['l.memory.slice(f(1, 2), ', 'slice', 1],
    ['d2.getState(toAddress(x), ', 'getState', 1],
  ])('gives signature help in %j', (text, name, active) => {
    const s = signatureAt(text, params);
    expect(s && [s.member.name, s.activeParameter]).toEqual([name, active]);
  });

  it('declares the API for the language service', () => {
    const dts = buildTracerApiDts();
    expect(dts).toContain('interface Log {');
    expect(dts).toContain('peek(i: number): BigInteger;');
    expect(dts).toContain('declare function toHex(bytes: Uint8Array | number[]): string;');
    expect(dts).toContain('step?(log: Log, db: DB): void;');
    expect(dts).not.toMatch(/\bMap<|Promise</);
  });
});
