import { describe, it } from 'vitest';
import { expectInvalid, expectValid, inEnterExit, inStep, posOf } from './lintHarness.ts';

const rule = 'tracer/stored-reused-object';
const stepMessage = (what: string) =>
  `geth reuses one ${what} object for every step: what you store here always shows the current step. Store the values instead (e.g. log.getPC(), log.stack.peek(0).toString(16))`;

describe('tracer/stored-reused-object', () => {
  it.each([
    inStep(
      'this.pcs.push(log.getPC()); this.top = log.stack.peek(0); this.addr = log.contract.getAddress();',
    ),
    inStep('this.items.push({pc: log.getPC(), op: log.op.toString()});'),
    inStep('var s = log.stack; var n = s.length(); this.helper(log, db);'),
    inEnterExit(
      'this.frames.push({type: frame.getType(), to: toHex(frame.getTo())});',
      'this.used = res.getGasUsed();',
    ),
  ])('accepts %s', (code) => expectValid(code, [rule]));

  const cases: [string, string, string][] = [
    [inStep('this.logs.push(log);'), stepMessage('log'), 'log)'],
    [inStep('this.last = log;'), stepMessage('log'), 'log;'],
    [inStep('this.x = log.stack;'), stepMessage('log.stack'), 'log.stack'],
    [inStep('var m = log.memory;\nthis.mem = m;'), stepMessage('log.memory'), 'm;'],
    [
      inStep('this.items.unshift({pc: log.getPC(), contract: log.contract});'),
      stepMessage('log.contract'),
      'log.contract}',
    ],
    [inStep('this.ops[log.getPC()] = log.op;'), stepMessage('log.op'), 'log.op;'],
    [inStep('this.pairs.push([log.getPC(), log]);'), stepMessage('log'), 'log])'],
    [
      inEnterExit('this.frames.push(frame);'),
      'geth reuses one call frame object for every call: what you store here changes with the next call. Store the values instead (e.g. toHex(frame.getTo()))',
      'frame);',
    ],
    [
      inEnterExit('', 'this.results.push(res);'),
      'geth reuses one frame result object for every call: what you store here changes with the next call. Store the values instead (e.g. frameResult.getGasUsed())',
      'res);',
    ],
  ];
  it.each(cases)('%s', (code, message, marker) => {
    expectInvalid(
      code,
      rule,
      message,
      posOf(code, marker, code.indexOf('step:') >= 0 ? code.indexOf('step:') : code.indexOf('enter:')),
    );
  });
});
