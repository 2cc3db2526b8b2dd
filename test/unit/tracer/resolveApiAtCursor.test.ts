import { describe, expect, it } from 'vitest';
import { tracerApiTypes, tracerGlobals, type ApiMember } from '../../../src/core/tracer/apiModel.ts';
import {
  completionContext,
  formatSignature,
  membersAfter,
  parseChainBefore,
  resolveChainType,
  signatureAt,
  type ChainSegment,
} from '../../../src/core/tracer/resolveApiAt.ts';

const params = new Map([
  ['log', 'Log'],
  ['ctx', 'Context'],
  ['frame', 'CallFrame'],
  ['res', 'FrameResult'],
  ['db', 'DB'],
]);
const chain = (text: string): ChainSegment[] => parseChainBefore(text) as ChainSegment[];
const names = (members: ApiMember[]) => members.map((mm) => mm.name);
const memberOf = (type: string, name: string) =>
  tracerApiTypes[type].members.find((mm) => mm.name === name) as ApiMember;
const global = (name: string) => tracerGlobals.find((g) => g.name === name) as ApiMember;

describe('chains with whitespace between their parts', () => {
  it.each([
    [
      'log .stack',
      [
        ['log', false],
        ['stack', false],
      ],
    ],
    [
      'log. stack',
      [
        ['log', false],
        ['stack', false],
      ],
    ],
    [
      'log.stack  ',
      [
        ['log', false],
        ['stack', false],
      ],
    ],
    [
      '\tlog\n.\n stack',
      [
        ['log', false],
        ['stack', false],
      ],
    ],
    [
      'log.stack.peek (0)',
      [
        ['log', false],
        ['stack', false],
        ['peek', true],
      ],
    ],
    [' log', [['log', false]]],
    ['   ', null],
    // An unbalanced ')' and a '(' with no name before it are no chain.
    ['a)', null],
    ['(a)', null],
  ])('%j', (text, expected) => {
    const parsed = parseChainBefore(text);
    expect(parsed && parsed.map((s) => [s.name, s.call])).toEqual(expected);
  });
});

describe('the type a chain evaluates to', () => {
  it.each([
    // Values that may be undefined are typed as their defined type.
    ['frame.getValue()', 'BigInteger', names(tracerApiTypes.BigInteger.members)],
    ['frame.getValue().add(1)', 'BigInteger', names(tracerApiTypes.BigInteger.members)],
    ['ctx.error', 'string', []],
    ['log.getError()', 'string', []],
    ['log.stack', 'Stack', ['peek', 'length']],
    ['log.getPC()', 'number', []],
    ['ctx.gasUsed', 'number', []],
    ['bigInt(1)', 'BigInteger', names(tracerApiTypes.BigInteger.members)],
    // Unknown names, members of primitives, and calls that do not match the member's kind.
    ['foo()', null, []],
    ['other.stack', null, []],
    ['log.getPC().x', null, []],
    ['ctx.gasUsed.x', null, []],
    ['log.nothing', null, []],
    ['log.getPC', null, []],
    ['log.stack()', null, []],
    ['log.stack.peek', null, []],
    ['log.stack.peek(0).add', null, []],
  ])('%j is %j', (text, type, members) => {
    expect(resolveChainType(chain(text), params)).toBe(type);
    expect(names(membersAfter(chain(text), params))).toEqual(members);
  });
});

describe('the completion position', () => {
  it.each([
    ['log.ge', { kind: 'member', chain: [{ name: 'log', call: false }], partial: 'ge' }],
    [
      'x = log.stack.pe',
      {
        kind: 'member',
        chain: [
          { name: 'log', call: false },
          { name: 'stack', call: false },
        ],
        partial: 'pe',
      },
    ],
    ['log . $g', { kind: 'member', chain: [{ name: 'log', call: false }], partial: '$g' }],
    ['x = ge', { kind: 'global', partial: 'ge' }],
    ['return toH', { kind: 'global', partial: 'toH' }],
    ['', { kind: 'global', partial: '' }],
    ['f(', { kind: 'global', partial: '' }],
    // A decimal point is not a member access.
    ['x = 1.', null],
  ])('%j', (text, expected) => {
    expect(completionContext(text)).toEqual(expected);
  });
});

describe('signature help inside brackets', () => {
  it.each([
    ['toHex(a[0], ', 'toHex', 1],
    ['toHex(a[i][j], ', 'toHex', 1],
    ['toHex({a: 1, b: 2}, ', 'toHex', 1],
    ['slice(x, [1, 2], {a: [3]}, ', 'slice', 3],
    ['toHex(f(1, 2), ', 'toHex', 1],
    ['log.stack.peek(', 'peek', 0],
    ['bigInt(1).add(', 'add', 0],
    ['frame.getValue().add(', 'add', 0],
  ])('%j is %s, argument %i', (text, name, active) => {
    const s = signatureAt(text, params);
    expect(s && [s.member.name, s.activeParameter]).toEqual([name, active]);
  });

  it.each([
    // The comma is typed inside an array or object literal, not between arguments.
    'toHex([1, ',
    'toHex({a: ',
    'toHex({a: 1, b: ',
    // No named call before the '('.
    '(a, ',
    'x = 1 + (',
    // Unknown names and properties are not called methods.
    'foo(',
    'ctx.gasUsed(',
    'log.stack(',
    'other.peek(',
    'a[0]',
    '',
  ])('%j has none', (text) => {
    expect(signatureAt(text, params)).toBeNull();
  });
});

describe('one-line signatures', () => {
  it.each([
    [global('bigInt'), 'bigInt(value: number | string | BigInteger, radix?: number): BigInteger'],
    [global('toContract'), 'toContract(from: Uint8Array | number[] | string, nonce: number): Uint8Array'],
    [memberOf('Stack', 'peek'), 'peek(i: number): BigInteger'],
    [memberOf('Log', 'getPC'), 'getPC(): number'],
    [memberOf('Context', 'gasUsed'), 'gasUsed: number'],
    [memberOf('Context', 'error'), 'error: string | undefined'],
    [{ name: 'f', kind: 'method', type: 'void', doc: '' } as ApiMember, 'f(): void'],
  ])('%#: %s', (member, expected) => {
    expect(formatSignature(member)).toBe(expected);
  });
});
