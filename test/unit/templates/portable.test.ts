import bigInt from 'big-integer';
import { describe, expect, it } from 'vitest';
import { evalTemplate } from './evalTemplate.ts';

/*
 * The templates made portable to Boa nodes (reth, anvil: setup gets an object, no bigInt, stack words are native
 * BigInt) must give geth's answers unchanged. The conformance suite covers the geth side on geth's fixtures; these
 * tables pin the rewritten helpers against the bigInt arithmetic they replace.
 */

const word = (n: bigint) =>
  Uint8Array.from(n.toString(16).padStart(64, '0').match(/../g)!, (b) => parseInt(b, 16));
const max = 2n ** 256n - 1n;
const samples = [0n, 1n, 9_999_999n, 10_000_000n, 2n ** 53n + 1n, 10n ** 21n, 2n ** 128n - 1n, max];

describe('erc20-transfers: decimal() instead of bigInt(hex, 16).toString()', () => {
  const t = evalTemplate('erc20-transfers.js');
  it.each(samples)('%s', (n) => {
    expect(t.decimal(word(n))).toBe(bigInt(n.toString(16), 16).toString());
  });
});

describe('panic codes without bigInt', () => {
  const panic = (code: bigint) => Uint8Array.from([0x4e, 0x48, 0x7b, 0x71, ...word(code)]);
  const codes = [0n, 1n, 0x11n, 0x12n, 0x21n, 0x51n, 0x52n, 2n ** 32n - 1n, 2n ** 32n + 1n, max];

  it.each(codes)('call-tree revertReason(Panic(%s)) is what bigInt gave', (code) => {
    const t = evalTemplate('call-tree.js');
    const big = bigInt(code.toString(16), 16);
    const known = t.panicReasons[big.toString()];
    expect(t.revertReason(panic(code))).toBe(
      known !== undefined ? known : 'unknown panic code: 0x' + big.toString(16),
    );
  });

  it.each(codes)('revert-finder reason(Panic(%s)) is what bigInt gave', (code) => {
    const t = evalTemplate('revert-finder.js');
    expect(t.reason(panic(code))).toBe('panic 0x' + bigInt(code.toString(16), 16).toString(16));
  });
});

describe('setup takes the config as geth’s JSON string or as Boa’s object', () => {
  it.each([
    ['call-tree.js', { withLog: true, onlyTopCall: true }, (t: any) => [t.withLog, t.onlyTopCall]],
    ['flat-calls.js', { includePrecompiles: true }, (t: any) => t.config],
    ['gas-per-step.js', { limit: 7 }, (t: any) => t.limit],
    ['prestate.js', { diffMode: true }, (t: any) => t.config],
  ])('%s', (file, config, state) => {
    const fromString = evalTemplate(file);
    fromString.setup(JSON.stringify(config));
    const fromObject = evalTemplate(file);
    fromObject.setup(config);
    expect(state(fromObject)).toEqual(state(fromString));
    const fromNull = evalTemplate(file);
    expect(() => fromNull.setup(null)).not.toThrow();
  });
});

/** A LOG step as a tracer sees it, with stack words made by `w` (geth's bigInt or a native BigInt). */
function logStep(w: (n: bigint) => unknown, op: number, stack: bigint[], memory: Uint8Array) {
  return {
    op: { toNumber: () => op },
    getError: () => undefined,
    getDepth: () => 1,
    stack: { peek: (i: number) => w(stack[i]) },
    memory: { slice: (a: number, b: number) => memory.slice(a, b) },
    contract: { getAddress: () => new Uint8Array(20).fill(0xaa) },
  };
}

describe('LOG steps give the same entries with bigInt stack words and native BigInt ones', () => {
  const memory = Uint8Array.from([...word(123n), ...word(10n ** 21n)]);
  const topic = BigInt('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
  const asBigInt = (n: bigint) => bigInt(n.toString(16), 16);
  const asNative = (n: bigint) => n;

  it.each([
    ['event-logs.js', 0xa2, [0n, 64n, 7n, 9n]],
    ['event-logs.js', 0xa0, [32n, 0n]],
    ['erc20-transfers.js', 0xa3, [32n, 32n, topic, 1n, 2n]],
    ['erc20-transfers.js', 0xa3, [32n, 64n, topic, 1n, 2n]],
  ] as const)('%s, op %d', (file, op, stack) => {
    const run = (w: (n: bigint) => unknown) => {
      const t = evalTemplate(file);
      t.step(logStep(w, op, [...stack], memory), {});
      return JSON.stringify(t.frames);
    };
    expect(run(asNative)).toBe(run(asBigInt));
  });
});
