import { describe, expect, it } from 'vitest';
import { expectInvalid, expectValid, inStep, posOf, single } from './lintHarness.ts';

const memberRules = [
  'tracer/unknown-member',
  'tracer/unknown-member-call',
  'tracer/method-not-called',
  'tracer/not-a-function',
];

// Which member reads the accessor rules look at: writes, `delete`, `new` and arguments are not reads of a method
// (or calls of a value); a computed name that is not a constant is not checked at all.
describe('accessor members: what counts as a read or a call', () => {
  it.each([
    // x++ and delete write the member: no unknown-member for a custom field.
    inStep('log.custom++;'),
    inStep('delete log.custom;'),
    // `new` is no call of an accessor's value, nor a read of a method without calling it.
    inStep('new log.getPC();'),
    inStep('new log.op();'),
    // An argument is not the callee.
    inStep('var s = String(log.op);'),
  ])('accepts %s', (code) => expectValid(code, memberRules));

  // Checked with every rule: a name that is not constant must not be reported, nor break the check.
  it.each([inStep("var k = 'op'; var o = log[k];")])('accepts %s (no diagnostic at all)', (code) =>
    expectValid(code),
  );

  it.each([
    // The right side of an assignment is a read.
    [inStep('this.pc = log.getPC;'), 'log.getPC is a method: call it as getPC()', '4:15'],
    // `!` is not `delete` or `typeof`: the method is read.
    [inStep('var e = !log.getError;'), 'log.getError is a method: call it as getError()', '4:14'],
    // The left of || is read, not written.
    [inStep("var e = log.getError || 'none';"), 'log.getError is a method: call it as getError()', '4:13'],
  ])('method-not-called %s', (code, message, at) => {
    expectInvalid(code, 'tracer/method-not-called', message, at);
  });
});

describe('bytes-to-hex: only toHex() and a hex toString() on a byte array', () => {
  it.each([
    // toString() without 'hex' is not asked to give hex.
    inStep('var a = log.contract.getAddress(); var t = a.toString();'),
    // Other calls, and a 16 that is not toString's.
    inStep('var p = log.memory.slice(0, 32).slice(16); var q = log.memory.slice(0, 32).subarray(1);'),
    // toHex read but not called on the byte array.
    inStep('var a = log.contract.getAddress(); var f = a.toHex; var h = JSON.stringify(a.toHex);'),
  ])('accepts %s (no diagnostic at all)', (code) => expectValid(code));

  it('reports toHex() called with new', () => {
    const code = inStep('var a = log.contract.getAddress(); var x = new a.toHex();');
    const message = 'A byte array (Uint8Array) has no toHex() method: use the global toHex(a)';
    const at = posOf(code, 'toHex', code.indexOf('new a'));
    expect(expectInvalid(code, 'tracer/bytes-to-hex', message, at)).toContain(' var x = toHex(a);\n');
  });

  it('reports toString(16) like toString(hex)', () => {
    const code = inStep('log.memory.slice(0, 4).toString(16);');
    const message =
      'A byte array (Uint8Array) has no hex toString(): use the global toHex(log.memory.slice(0, 4))';
    expect(expectInvalid(code, 'tracer/bytes-to-hex', message, '4:24')).toContain(
      '\ntoHex(log.memory.slice(0, 4));\n',
    );
  });
});

describe('unknown-member-call: suggestions from the log parts are for log only', () => {
  it.each([
    // peek is a log.stack method, but db is not log: no 'log.stack.peek' suggestion.
    [inStep('db.peek(0);'), "4:4 db has no member 'peek'"],
    // No log part has it and nothing is close.
    [inStep('log.qwertyuiop();'), "4:5 log has no member 'qwertyuiop'"],
  ])('%s', (code, expected) => {
    const d = single(code, 'tracer/unknown-member-call');
    expect(`${d.range.start.line}:${d.range.start.column} ${d.message}`).toBe(expected);
    expect(d.fix).toBeUndefined();
  });
});

// The title is what the quick-fix menu shows.
describe('fix titles of the member rules', () => {
  it.each([
    [inStep('log.stack.peak(0);'), 'tracer/unknown-member-call', "Replace with 'peek'"],
    [inStep('var p = log.stack.peak;'), 'tracer/unknown-member', "Replace with 'peek'"],
    [inStep('var n = log.stack.length;'), 'tracer/method-not-called', 'Call length()'],
    [inStep('log.op().toString();'), 'tracer/not-a-function', 'Remove the ()'],
    [
      inStep('log.contract.getAddress().toHex();'),
      'tracer/bytes-to-hex',
      'Use toHex(log.contract.getAddress())',
    ],
  ])('%s', (code, rule, title) => {
    expect(single(code, rule).fix?.title).toBe(title);
  });
});
