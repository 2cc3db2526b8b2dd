import { describe, expect, it } from 'vitest';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { expectInvalid, expectValid, inEnterExit, inResult, inStep, single } from './lintHarness.ts';

// Issue #25 item 6: calling a member a closed API object lacks throws on every node (an error); reading it does not.
const read = 'tracer/unknown-member';
const call = 'tracer/unknown-member-call';

describe('tracer/unknown-member and tracer/unknown-member-call', () => {
  const validCases = [
    inStep('log.getPC(); log.getGas(); log.getCost(); log.getDepth(); log.getRefund(); log.getError();'),
    inStep('log.op.toNumber(); log.op.toString(); log.op.isPush();'),
    inStep(
      'log.stack.peek(0); log.stack.length(); log.memory.slice(0, 32); log.memory.getUint(0); log.memory.length();',
    ),
    inStep(
      'log.contract.getCaller(); log.contract.getAddress(); log.contract.getValue(); log.contract.getInput();',
    ),
    inStep(
      'db.getBalance(log.contract.getAddress()); db.getNonce(log.contract.getAddress()); db.exists(log.contract.getAddress());',
    ),
    inStep(
      'var v = log.stack.peek(0); v.add(1).multiply(2).shiftLeft(3).toString(16); v.isZero(); v.toJSNumber(); v.compare(1);',
    ),
    inStep('var x = bigInt(5); x.pow(2).mod(7).eq(4); bigInt.zero.lt(x); bigInt.isInstance(x);'),
    inStep('log.hasOwnProperty("op"); log.stack.toString();'),
    inResult(
      'return [ctx.type, ctx.from, ctx.to, ctx.input, ctx.value, ctx.block, ctx.gas, ctx.gasPrice, ctx.coinbase, ctx.output, ctx.error, ctx.gasUsed, ctx.blockHash, ctx.txIndex, ctx.txHash].length;',
    ),
    inEnterExit(
      'frame.getType(); frame.getFrom(); frame.getTo(); frame.getInput(); frame.getGas(); frame.getValue();',
      'res.getGasUsed(); res.getOutput(); res.getError();',
    ),
    // Parameters named differently, and names that shadow the hook parameter.
    '{fault: function(l, d) {}, result: function(c) { return 1; }, step: function(l) { l.stack.peek(0); }}',
    inStep('var log = {foo: 1}; log.foo;'),
    inStep('(function(log) { log.whatever(); })({whatever: function() {}});'),
    // A reassigned alias is no longer typed.
    inStep('var s = log.stack; s = {peak: function() {}}; s.peak();'),
    // Writes are not reads.
    inStep('log.custom = 1;'),
  ];
  it.each(validCases)('accepts %s', (code) => expectValid(code, [read, call]));

  const cases: [string, string, string, string, string?][] = [
    [
      call,
      inStep('log.stack.peak(0);'),
      "log.stack has no member 'peak'; did you mean 'peek'?",
      '4:11',
      'log.stack.peek(0);',
    ],
    [
      call,
      inStep('log.getAddress();'),
      "log has no member 'getAddress'; did you mean 'log.contract.getAddress'?",
      '4:5',
      'log.contract.getAddress();',
    ],
    [
      call,
      inStep('log.peek(0);'),
      "log has no member 'peek'; did you mean 'log.stack.peek'?",
      '4:5',
      'log.stack.peek(0);',
    ],
    [
      call,
      inStep('log.length();'),
      "log has no member 'length'; did you mean 'log.stack.length' or 'log.memory.length'?",
      '4:5',
    ],
    [call, inStep('log.getpc();'), "log has no member 'getpc'; did you mean 'getPC'?", '4:5', 'log.getPC();'],
    [
      call,
      inStep('var s = log.stack;\ns.peak(0);'),
      "log.stack has no member 'peak'; did you mean 'peek'?",
      '5:3',
      's.peek(0);',
    ],
    [
      read,
      inStep('log.stack.peek(0).String();'),
      "a bigInt value has no member 'String'; did you mean 'toString'? (geth's values are BigInteger.js objects, not Go big.Int)",
      '4:19',
      'log.stack.peek(0).toString();',
    ],
    [
      read,
      inStep('log.memory.getUint(0).String(16);'),
      "a bigInt value has no member 'String'; did you mean 'toString'? (geth's values are BigInteger.js objects, not Go big.Int)",
      '4:23',
    ],
    [
      read,
      inStep('log.contract.getValue().String();'),
      "a bigInt value has no member 'String'; did you mean 'toString'? (geth's values are BigInteger.js objects, not Go big.Int)",
      '4:25',
    ],
    [
      read,
      inStep('db.getBalance(log.contract.getAddress()).String();'),
      "a bigInt value has no member 'String'; did you mean 'toString'? (geth's values are BigInteger.js objects, not Go big.Int)",
      '4:42',
    ],
    [
      read,
      inStep('bigInt(5).String();'),
      "a bigInt value has no member 'String'; did you mean 'toString'? (geth's values are BigInteger.js objects, not Go big.Int)",
      '4:11',
    ],
    [
      read,
      inResult('return ctx.value.String();'),
      "a bigInt value has no member 'String'; did you mean 'toString'? (geth's values are BigInteger.js objects, not Go big.Int)",
      '4:18',
    ],
    [
      read,
      inResult('return ctx.gasPrice.add(1).String();'),
      "a bigInt value has no member 'String'; did you mean 'toString'? (geth's values are BigInteger.js objects, not Go big.Int)",
      '4:28',
    ],
    [
      read,
      inStep('log.stack.peek(0).toNumber();'),
      "a bigInt value has no member 'toNumber'; did you mean 'toJSNumber'?",
      '4:19',
      'log.stack.peek(0).toJSNumber();',
    ],
    [
      read,
      inStep('log.stack.peek(0).bitLength();'),
      "a bigInt value has no member 'bitLength'; did you mean 'toString(2).length'? (geth's bundled BigInteger.js is older and has no bitLength())",
      '4:19',
    ],
    [
      read,
      inStep('log.stack.peek(0).substract(1);'),
      "a bigInt value has no member 'substract'; did you mean 'subtract'?",
      '4:19',
      'log.stack.peek(0).subtract(1);',
    ],
    [
      read,
      inResult('return ctx.gasLimit;'),
      "ctx has no member 'gasLimit'; did you mean 'ctx.gas'? (ctx.gas is the transaction gas limit)",
      '4:12',
      'return ctx.gas;',
    ],
    [
      read,
      inResult('return ctx.time;'),
      "ctx has no member 'time' (ctx.time was removed in geth v1.11.0)",
      '4:12',
    ],
    [
      read,
      inResult('return ctx.gasUsd;'),
      "ctx has no member 'gasUsd'; did you mean 'gasUsed'?",
      '4:12',
      'return ctx.gasUsed;',
    ],
    [
      read,
      inResult("return ctx['gasLimit'];"),
      "ctx has no member 'gasLimit'; did you mean 'ctx.gas'? (ctx.gas is the transaction gas limit)",
      '4:12',
    ],
    [
      call,
      inStep('db.getBalanse(log.contract.getAddress());'),
      "db has no member 'getBalanse'; did you mean 'getBalance'?",
      '4:4',
      'db.getBalance(log.contract.getAddress());',
    ],
    [call, inStep('db.qwertyuiop();'), "db has no member 'qwertyuiop'", '4:4'],
    [
      call,
      inEnterExit('frame.getCaller();'),
      "the call frame (enter) has no member 'getCaller'; did you mean 'getFrom'?",
      '4:7',
      'frame.getFrom();',
    ],
    [
      call,
      inEnterExit('', 'res.getGas();'),
      "the frame result (exit) has no member 'getGas'; did you mean 'getGasUsed'?",
      '7:5',
      'res.getGasUsed();',
    ],
    [
      read,
      inStep('bigInt.ZERO;'),
      "bigInt has no member 'ZERO'; did you mean 'zero'?",
      '4:8',
      'bigInt.zero;',
    ],
    [
      call,
      '{fault: function(l, d) {}, result: function(c) { return 1; }, step: function(l) { l.stack.peak(0); }}',
      "log.stack has no member 'peak'; did you mean 'peek'?",
      '1:91',
      'l.stack.peek(0)',
    ],
  ];
  it.each(cases)('%s: reports %s', (rule, code, message, at, fixedBody) => {
    const fixed = expectInvalid(code, rule, message, at);
    if (fixedBody) expect(fixed).toContain(fixedBody);
    else if (fixed !== undefined) expect(single(code, rule).fix?.edits.length).toBeGreaterThan(0);
  });

  it('gives a fix only when there is a replacement', () => {
    expect(single(inStep('db.qwertyuiop();'), call).fix).toBeUndefined();
    expect(single(inStep('log.length();'), call).fix).toBeUndefined();
    expect(single(inResult("return ctx['gasLimit'];"), read).fix).toBeUndefined();
  });

  // source → every unknown-member diagnostic as 'line:col rule severity'
  const severities: [string, string[]][] = [
    [inStep('log.stack.peak(0);'), [`4:11 ${call} error`]],
    [inStep('var p = log.stack.peak;'), [`4:19 ${read} warning`]],
    [inStep('log.peek(0);'), [`4:5 ${call} error`]],
    [inStep('new log.Foo();'), [`4:9 ${call} error`]],
    [inResult('return ctx.foo();'), [`4:12 ${call} error`]],
    [inEnterExit('frame.getCaller();', 'res.getGas();'), [`4:7 ${call} error`, `7:5 ${call} error`]],
    [inStep('db.getCodXYZ(log.contract.getAddress());'), [`4:4 ${call} error`]],
    [
      inStep('log.memory.getUnit(0); log.contract.getCallr(); log.op.toStr();'),
      [`4:12 ${call} error`, `4:37 ${call} error`, `4:56 ${call} error`],
    ],
    // Guarded by a read of the same member, or called with ?.(): it may not throw, so a warning.
    [inStep('if (log.stack.peak) log.stack.peak(0);'), [`4:15 ${read} warning`, `4:31 ${read} warning`]],
    [
      inStep(
        "if (typeof db.getTransientState === 'function') db.getTransientState(log.contract.getAddress(), 0);",
      ),
      [`4:15 ${read} warning`, `4:52 ${read} warning`],
    ],
    [inStep('log.stack.peak?.(0);'), [`4:11 ${read} warning`]],
    // A bigInt value is BigInteger.js, whose members the model does not list completely: a warning.
    [inStep('bigInt(5).String();'), [`4:11 ${read} warning`]],
    [inStep('bigInt.ZERO();'), [`4:8 ${read} warning`]],
  ];
  it.each(severities)('%s', (code, expected) => {
    const found = checkTracer(code).diagnostics.filter((d) => d.ruleId === read || d.ruleId === call);
    expect(
      found.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.ruleId} ${d.severity}`),
    ).toEqual(expected);
  });
});

describe('tracer/method-not-called and tracer/not-a-function', () => {
  it.each([
    inStep('log.stack.length();'),
    inStep('typeof log.getError;'),
    inResult('return ctx.gasUsed;'),
    // The tracer tests what the value is before calling it.
    inResult("return typeof ctx.gasUsed === 'function' ? ctx.gasUsed() : ctx.gasUsed;"),
    inStep("if (typeof(log.op) == 'function') log.op();"),
  ])('accepts %s', (code) => expectValid(code, ['tracer/method-not-called', 'tracer/not-a-function']));

  // Issue 25 item 4: calling a value throws a TypeError on every node, so it is an error and the tracer is not sent.
  it.each([
    [inStep('log.op();'), ['4:5 error']],
    [inStep('log.op?.();'), ['4:5 error']],
    [inStep('log.op.toString(); log.op();'), ['4:24 error']],
    [inResult('return ctx.gasUsed(1);'), ['4:12 error']],
    // Another member's typeof does not guard this one.
    [inStep("if (typeof log.opx === 'function') log.op();"), ['4:40 error']],
  ])('%s is an error', (code, expected) => {
    const found = checkTracer(code).diagnostics.filter((d) => d.ruleId === 'tracer/not-a-function');
    expect(found.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.severity}`)).toEqual(expected);
    expect(flattenTracer(code).ok).toBe(false);
  });

  it.each([
    [
      inStep('var n = log.stack.length;'),
      'log.stack.length is a method: call it as length()',
      '4:19',
      'var n = log.stack.length();',
    ],
    [
      inStep('if (log.getError) {}'),
      'log.getError is a method: call it as getError()',
      '4:9',
      'if (log.getError()) {}',
    ],
  ])('method-not-called %s', (code, message, at, fixedBody) => {
    expect(expectInvalid(code, 'tracer/method-not-called', message, at)).toContain(fixedBody);
  });

  it.each([
    [
      inResult('return ctx.gasUsed();'),
      'ctx.gasUsed is a value, not a function: remove the ()',
      '4:12',
      'return ctx.gasUsed;',
    ],
    [
      inStep('log.op().toString();'),
      'log.op is a value, not a function: remove the ()',
      '4:5',
      'log.op.toString();',
    ],
  ])('not-a-function %s', (code, message, at, fixedBody) => {
    expect(expectInvalid(code, 'tracer/not-a-function', message, at)).toContain(fixedBody);
  });

  it('has no fix when the call has arguments', () => {
    expect(single(inResult('return ctx.gasUsed(1);'), 'tracer/not-a-function').fix).toBeUndefined();
  });
});

describe('tracer/bytes-to-hex', () => {
  it.each([inStep('toHex(log.contract.getAddress()); log.contract.getAddress().length;')])(
    'accepts %s',
    (code) => expectValid(code, ['tracer/bytes-to-hex']),
  );
  it.each([
    [
      inStep('log.contract.getAddress().toHex();'),
      'A byte array (Uint8Array) has no toHex() method: use the global toHex(log.contract.getAddress())',
      '4:27',
      'toHex(log.contract.getAddress());',
    ],
    [
      inStep("log.memory.slice(0, 4).toString('hex');"),
      'A byte array (Uint8Array) has no hex toString(): use the global toHex(log.memory.slice(0, 4))',
      '4:24',
      'toHex(log.memory.slice(0, 4));',
    ],
  ])('reports %s', (code, message, at, fixedBody) => {
    expect(expectInvalid(code, 'tracer/bytes-to-hex', message, at)).toContain(fixedBody);
  });
});
