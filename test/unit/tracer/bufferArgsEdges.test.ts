import { describe, expect, it } from 'vitest';
import { expectInvalid, expectValid, inResult, inStep, single } from './lintHarness.ts';

const rule = 'tracer/invalid-buffer-argument';
const uncatchable = "geth stops the trace with the uncatchable error 'invalid buffer type'";

describe('tracer/invalid-buffer-argument: which calls are checked', () => {
  it.each([
    // A missing second argument, a callee that is neither a name nor a member, a db method with no buffer slot.
    inStep('db.getState(log.contract.getAddress());'),
    inStep('var r = (function(x) { return x; })(1);'),
    inStep('db.toString();'),
  ])('accepts %s (no diagnostic at all)', (code) => expectValid(code));

  it.each([
    // A method named like a db method on an object that is not db.
    inStep("var o = {getBalance: function(a) { return a; }};\no.getBalance('0x01');"),
    // A spread's elements are not known.
    inStep('db.getBalance(...[log.contract.getAddress()]);'),
  ])('accepts %s', (code) => expectValid(code, [rule]));
});

describe('tracer/invalid-buffer-argument: the bigInt conversion fix', () => {
  const dbMessage = `db.getBalance() needs a byte array, not a bigInt: ${uncatchable}; convert it: toAddress(x.toString(16))`;
  const cases: [code: string, message: string, at: string, fixedLine: string][] = [
    [
      inStep('var v = log.stack.peek(0);\ndb.getBalance(v);'),
      dbMessage,
      '5:15',
      'db.getBalance(toAddress(v.toString(16)));',
    ],
    [
      inResult('db.getBalance(ctx.value);\nreturn 1;'),
      dbMessage,
      '4:15',
      'db.getBalance(toAddress(ctx.value.toString(16)));',
    ],
    // Not a name, member or call: parenthesised before .toString(16).
    [
      inStep('toAddress(log.getDepth() > 1 ? log.stack.peek(0) : log.stack.peek(1));'),
      `toAddress() needs a byte array or a hex string, not a bigInt: ${uncatchable}; convert it: x.toString(16)`,
      '4:11',
      'toAddress((log.getDepth() > 1 ? log.stack.peek(0) : log.stack.peek(1)).toString(16));',
    ],
  ];
  it.each(cases)('%s', (code, message, at, fixedLine) => {
    expect(expectInvalid(code, rule, message, at)?.split('\n')).toContain(fixedLine);
  });

  it('titles the fix with the replacement', () => {
    expect(single(inStep("db.getBalance('0xabc');"), rule).fix?.title).toBe(
      "Replace with toAddress('0xabc')",
    );
  });
});
