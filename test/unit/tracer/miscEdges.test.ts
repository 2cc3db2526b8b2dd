import { describe, expect, it } from 'vitest';
import { expectInvalid, expectValid, inStep, single } from './lintHarness.ts';

describe('tracer/unknown-global: every read of the name throws, not only calls and member reads', () => {
  const rule = 'tracer/unknown-global';
  it.each([
    // Not reads: typeof's operand, keys, plain assignment targets (they create the global), labels.
    inStep('var t = typeof console;'),
    inStep('var o = {console: 1};'),
    inStep('console = 1;'),
    inStep('for (console in {}) {}'),
    inStep('for (console of []) {}'),
    // A private name is no global.
    inStep('var K = class { #console = 1; has(o) { return #console in o; } };'),
    inStep('web3: for (;false;) { if (true) break web3; else continue web3; }'),
    inStep('var K = class { console() {} };'),
    inStep('var K = class { window = 1; };'),
  ])('accepts %s', (code) => expectValid(code, [rule]));

  // [body, the global, its column on line 4] (console has a rule of its own: test/unit/tracer/consoleRule.test.ts)
  const reads: [string, string, number][] = [
    ['var s = JSON.stringify(process);', 'process', 24],
    ['var b = new Buffer(4);', 'Buffer', 13],
    ['with (process) {}', 'process', 7],
    ['var c = process;', 'process', 9],
    ['var o = {c: process};', 'process', 13],
    ['var o = {[require]: 1};', 'require', 11],
    ['var o = this[process];', 'process', 14],
    ['var n = !window;', 'window', 10],
    ['var x; x = process;', 'process', 12],
    ['process += 1;', 'process', 1],
    ['for (var k in process) {}', 'process', 15],
  ];
  const why: Record<string, string> = {
    Buffer: 'use Uint8Array and toHex()',
    require: 'tracers cannot load modules',
    window: 'tracers do not run in a browser',
    process: 'tracers do not run in Node.js',
  };
  it.each(reads)('%s', (body, name, column) => {
    const message = `geth's tracer runtime has no '${name}' (${why[name]}); reaching this line throws a ReferenceError`;
    expectInvalid(inStep(body), rule, message, `4:${column}`);
  });
});

describe('tracer/negative-stack-index: only a minus before a non-zero number', () => {
  it.each([
    inStep('log.stack.peek();'),
    inStep('var n = 1; log.stack.peek(n - 1); log.stack.peek(-n);'),
    inStep('log.stack.peek(+1);'),
    // Not peek.
    inStep('var n = log.stack.length(-1);'),
    // -null is 0, the top of the stack.
    inStep('log.stack.peek(-null); log.stack.peek(-0);'),
  ])('accepts %s (no diagnostic at all)', (code) => expectValid(code));
});

describe('tracer/bigint-equality: operands and fixes', () => {
  const rule = 'tracer/bigint-equality';
  const strictMsg =
    '=== compares the bigInt object itself, so it is never equal to a number or string: use .eq(…)';

  // An unknown left side against a bigInt: it may be a bigInt too, so === may be right.
  it.each([
    inStep('if (this.x === log.stack.peek(0)) {}'),
    // < is no equality.
    inStep('var a = log.stack.peek(0), b = log.stack.peek(1); var lt = a < b;'),
  ])('accepts %s', (code) => expectValid(code, [rule]));

  it('wraps a bigInt operand that is not a name, member or call in parentheses', () => {
    const code = inStep('if ((log.getDepth() > 1 ? log.stack.peek(0) : log.stack.peek(1)) === 0) {}');
    expect(expectInvalid(code, rule, strictMsg, '4:5')).toContain(
      '\nif ((log.getDepth() > 1 ? log.stack.peek(0) : log.stack.peek(1)).eq(0)) {}\n',
    );
  });

  it.each([
    [inStep('if (log.stack.peek(0) === 0) {}'), 'Use .eq()'],
    [inStep('if (log.stack.peek(0) !== 0) {}'), 'Use !.eq()'],
  ])('fix title of %s', (code, title) => {
    expect(single(code, rule).fix?.title).toBe(title);
  });
});
