import { describe, expect, it } from 'vitest';
import { expectInvalid, expectValid, inResult, inStep, posOf } from './lintHarness.ts';

describe('tracer/unknown-global', () => {
  const rule = 'tracer/unknown-global';
  it.each([
    inStep('var console = {log: function() {}}; console.log(1);'),
    inStep('this.console.log(1); var x = {require: 1}; x.require;'),
    inStep('var n = bigInt(1); JSON.stringify(n); Math.max(1, 2);'),
    '{console: 1, result: function() { return this.console; }, fault: function() {}}',
  ])('accepts %s', (code) => expectValid(code, [rule]));

  it.each([
    // console has a rule of its own (tracer/console, test/unit/tracer/consoleRule.test.ts).
    [inStep('process.exit(log.getPC());'), 'process', 'tracers do not run in Node.js'],
    [inStep("var x = require('x');"), 'require', 'tracers cannot load modules'],
    [inStep('var b = BigInt(1);'), 'BigInt', 'goja has no native BigInt: use bigInt(…) (BigInteger.js)'],
    [inStep('setTimeout(function() {}, 1);'), 'setTimeout', 'there are no timers'],
    [inStep('var b = Buffer.from([1]);'), 'Buffer', 'use Uint8Array and toHex()'],
  ])('%s', (code, name, why) => {
    const message = `geth's tracer runtime has no '${name}' (${why}); reaching this line throws a ReferenceError`;
    expectInvalid(code, rule, message, posOf(code, name, code.indexOf('step:')));
  });
});

describe('tracer/negative-stack-index', () => {
  const rule = 'tracer/negative-stack-index';
  const message =
    "log.stack.peek() with a negative index always stops the trace with the uncatchable error 'tracer accessed out of bound stack'; 0 is the top of the stack";
  it.each([
    inStep('log.stack.peek(0); log.stack.peek(-0); var n = 1; log.stack.peek(n - 1); this.x.peek(-1);'),
  ])('accepts %s', (code) => expectValid(code, [rule]));
  it.each([inStep('log.stack.peek(-1);'), inStep('var s = log.stack; s.peek(-2);')])('%s', (code) => {
    expectInvalid(code, rule, message, posOf(code, '-', code.indexOf('peek(')));
  });
});

describe('tracer/bigint-equality', () => {
  const rule = 'tracer/bigint-equality';
  it.each([
    inStep(
      'if (log.stack.peek(0) == 0) {} if (log.stack.peek(0).eq(0)) {} if (log.stack.peek(0).toJSNumber() === 0) {}',
    ),
    inStep('var v = log.stack.peek(0); if (v === undefined || v === this.x) {}'),
    inResult('return ctx.value == 0;'),
  ])('accepts %s', (code) => expectValid(code, [rule]));

  const strictMsg = (op: string) =>
    `${op} compares the bigInt object itself, so it is never equal to a number or string: use .eq(…)`;
  const bothMsg = (op: string) =>
    `${op} between two bigInt values compares the objects, not the numbers: use a.eq(b)`;
  const cases: [string, string, string, string][] = [
    [
      inStep('if (log.stack.peek(0) === 0) {}'),
      strictMsg('==='),
      'log.stack.peek(0) ===',
      'if (log.stack.peek(0).eq(0)) {}',
    ],
    [
      inStep("if ('0' !== log.stack.peek(0)) {}"),
      strictMsg('!=='),
      "'0' !==",
      "if (!log.stack.peek(0).eq('0')) {}",
    ],
    [
      inResult('return ctx.value == ctx.gasPrice;'),
      bothMsg('=='),
      'ctx.value ==',
      'return ctx.value.eq(ctx.gasPrice);',
    ],
    [
      inStep('var a = log.stack.peek(0), b = log.stack.peek(1);\nif (a != b) {}'),
      bothMsg('!='),
      'a != b',
      'if (!a.eq(b)) {}',
    ],
    [
      inResult('return ctx.value.add(1) === 5;'),
      strictMsg('==='),
      'ctx.value.add',
      'return ctx.value.add(1).eq(5);',
    ],
  ];
  it.each(cases)('%s', (code, message, marker, fixedPart) => {
    expect(expectInvalid(code, rule, message, posOf(code, marker, code.indexOf('}') + 1))).toContain(
      fixedPart,
    );
  });
});
