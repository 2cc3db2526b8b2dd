import { describe, expect, it } from 'vitest';
import { expectInvalid, expectValid, inSetup, inStep, posOf } from './lintHarness.ts';

describe('tracer/create2-salt-not-hex', () => {
  const rule = 'tracer/create2-salt-not-hex';
  const message =
    'toContract2() reads the salt as a hex string, and a bigInt turns into decimal text here: pass salt.toString(16)';
  it.each([
    inStep('toContract2(log.contract.getAddress(), log.stack.peek(3).toString(16), log.memory.slice(0, 1));'),
    inStep('function toContract2(a, b) {} toContract2(1, log.stack.peek(3));'),
  ])('accepts %s', (code) => expectValid(code, [rule]));
  it.each([
    [
      inStep('toContract2(log.contract.getAddress(), log.stack.peek(3), log.memory.slice(0, 1));'),
      'log.stack.peek(3)',
      'log.stack.peek(3).toString(16)',
    ],
    [
      inStep('var s = log.stack.peek(3);\ntoContract2(log.contract.getAddress(), s, []);'),
      's, []',
      's.toString(16), []',
    ],
  ])('%s', (code, marker, fixedPart) => {
    expect(expectInvalid(code, rule, message, posOf(code, marker, code.indexOf('step:')))).toContain(
      fixedPart,
    );
  });
});

describe('tracer/precompiled-in-setup', () => {
  const rule = 'tracer/precompiled-in-setup';
  const message =
    'isPrecompiled() is always false in setup(): geth fills the precompile list only when the transaction starts';
  it.each([inStep("isPrecompiled(toAddress('0x01'));"), inSetup('this.check = function(a) { return 1; };')])(
    'accepts %s',
    (code) => expectValid(code, [rule]),
  );
  it.each([
    inSetup("this.p = isPrecompiled(toAddress('0x01'));"),
    inSetup("[1].forEach(function() { isPrecompiled('0x02'); });"),
  ])('%s', (code) => {
    expectInvalid(code, rule, message, posOf(code, 'isPrecompiled'));
  });
});

describe('tracer/bigint-hex-prefix', () => {
  const rule = 'tracer/bigint-hex-prefix';
  const message =
    "bigInt() does not take a '0x' prefix: with radix 16 it throws 'x is not a valid digit in base 16', without a radix values of 2^53 and more throw 'Invalid integer'; pass the hex digits with radix 16";
  it.each([
    inStep(
      "bigInt('ff', 16); bigInt('123'); bigInt(toHex(log.contract.getAddress()).slice(2), 16); bigInt(5);",
    ),
  ])('accepts %s', (code) => expectValid(code, [rule]));
  it.each([
    [inStep("var v = bigInt('0xff', 16);"), "'0xff'", "bigInt('ff', 16)"],
    [inStep("var v = bigInt('0x1234567890abcdef1234');"), "'0x", "bigInt('1234567890abcdef1234', 16)"],
    [inStep("var v = bigInt('0x');"), "'0x'", "bigInt('0', 16)"],
    [
      inStep('var v = bigInt(toHex(log.memory.slice(0, 32)), 16);'),
      'toHex',
      'bigInt(toHex(log.memory.slice(0, 32)).slice(2), 16)',
    ],
  ])('%s', (code, marker, fixedPart) => {
    expect(expectInvalid(code, rule, message, posOf(code, marker, code.indexOf('step:')))).toContain(
      fixedPart,
    );
  });
});
