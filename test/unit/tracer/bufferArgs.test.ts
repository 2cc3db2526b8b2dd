import { describe, expect, it } from 'vitest';
import { expectInvalid, expectValid, inResult, inStep, posOf, single } from './lintHarness.ts';

const rule = 'tracer/invalid-buffer-argument';
const uncatchable = "geth stops the trace with the uncatchable error 'invalid buffer type'";

describe('tracer/invalid-buffer-argument', () => {
  it.each([
    inStep(
      'db.getBalance(log.contract.getAddress()); db.getCode(toAddress(log.stack.peek(0).toString(16)));',
    ),
    inStep(
      "db.getState(log.contract.getAddress(), toWord(log.stack.peek(0).toString(16))); db.exists(toAddress('0x01'));",
    ),
    inStep(
      "toAddress('0x01'); toWord('0xff'); toContract('0x01', 1); isPrecompiled('0x01'); toHex(log.memory.slice(0, 4));",
    ),
    inStep('var a = [1, 2]; toHex(a); slice(log.contract.getInput(), 0, 4); db.getNonce(this.addr);'),
    // A local function named like a helper is not the helper.
    inStep("function toHex(s) { return s; } toHex('0x12');"),
    inResult('var b = db.getBalance(ctx.to); return 1;'),
  ])('accepts %s', (code) => expectValid(code, [rule]));

  const cases: [string, string, string, string?][] = [
    [
      inStep("db.getBalance('0xabc');"),
      `db.getBalance() needs a byte array, not a string: ${uncatchable}; wrap it: toAddress(…)`,
      "'0xabc'",
      "db.getBalance(toAddress('0xabc'));",
    ],
    [
      inStep("var who = '0x' + 'ab';\ndb.getCode(who);"),
      `db.getCode() needs a byte array, not a string: ${uncatchable}; wrap it: toAddress(…)`,
      'who)',
      'db.getCode(toAddress(who));',
    ],
    [
      inStep('db.getNonce(toHex(log.contract.getAddress()));'),
      `db.getNonce() needs a byte array, not a string: ${uncatchable}; wrap it: toAddress(…)`,
      'toHex(',
      'db.getNonce(toAddress(toHex(log.contract.getAddress())));',
    ],
    [
      inStep("db.getState(log.contract.getAddress(), '0x00');"),
      `db.getState() needs a byte array, not a string: ${uncatchable}; wrap it: toWord(…)`,
      "'0x00'",
      "toWord('0x00')",
    ],
    [
      inStep('db.getBalance(log.stack.peek(0));'),
      `db.getBalance() needs a byte array, not a bigInt: ${uncatchable}; convert it: toAddress(x.toString(16))`,
      'log.stack.peek(0))',
      'db.getBalance(toAddress(log.stack.peek(0).toString(16)));',
    ],
    [
      inStep('db.getState(log.contract.getAddress(), log.stack.peek(0));'),
      `db.getState() needs a byte array, not a bigInt: ${uncatchable}; convert it: toWord(x.toString(16))`,
      'log.stack.peek(0))',
      'toWord(log.stack.peek(0).toString(16))',
    ],
    [
      inStep('toAddress(log.stack.peek(1));'),
      `toAddress() needs a byte array or a hex string, not a bigInt: ${uncatchable}; convert it: x.toString(16)`,
      'log.stack',
      'toAddress(log.stack.peek(1).toString(16));',
    ],
    [
      inStep('toAddress(log.stack.peek(1).add(1));'),
      `toAddress() needs a byte array or a hex string, not a bigInt: ${uncatchable}; convert it: x.toString(16)`,
      'log.stack',
      'toAddress(log.stack.peek(1).add(1).toString(16));',
    ],
    [inStep('db.getBalance(42);'), `db.getBalance() needs a byte array, not a number: ${uncatchable}`, '42'],
    [inStep("toHex('0x1234');"), `toHex() needs a byte array, not a string: ${uncatchable}`, "'0x1234'"],
    [
      inStep("slice('0x1234', 0, 1);"),
      `slice() needs a byte array, not a string: ${uncatchable}`,
      "'0x1234'",
    ],
    [
      inStep('toHex(log.stack.peek(0));'),
      `toHex() needs a byte array, not a bigInt: ${uncatchable}`,
      'log.stack',
    ],
    [
      inStep('var d = db; var b = log.getError(); d.exists(b);'),
      `db.exists() needs a byte array, not a string: ${uncatchable}; wrap it: toAddress(…)`,
      'b);',
      'd.exists(toAddress(b));',
    ],
  ];
  it.each(cases)('%s', (code, message, marker, fixedPart) => {
    const fixed = expectInvalid(code, rule, message, posOf(code, marker, code.indexOf('step:')));
    if (fixedPart) expect(fixed).toContain(fixedPart);
    else expect(fixed).toBeUndefined();
  });

  it('is a warning whose range is the argument', () => {
    const code = inStep("db.getBalance('0xabc');");
    const d = single(code, rule);
    expect(d.severity).toBe('warning');
    expect(code.slice(d.range.start.offset, d.range.end.offset)).toBe("'0xabc'");
  });
});
