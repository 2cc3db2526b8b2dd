import { describe, it } from 'vitest';
import { expectInvalid, expectValid, inStep, posOf } from './lintHarness.ts';

const rule = 'tracer/stored-reused-object';
const logMessage =
  'geth reuses one log object for every step: what you store here always shows the current step. Store the values instead (e.g. log.getPC(), log.stack.peek(0).toString(16))';

describe('tracer/stored-reused-object edges', () => {
  it.each([
    // not an assignment to a member: a compound assignment makes text, a local variable is not kept
    inStep('this.text += log;'),
    inStep('var a; a = log;'),
    // not a storing method, or no method name at all
    inStep('var k = 0; this.fns[k](log); this.list.indexOf(log);'),
  ])('accepts %s', (code) => expectValid(code, [rule]));

  it.each([[inStep('var k = 0; this.all.push(log.getPC(), log);'), 'log);']])('%s', (code, marker) => {
    expectInvalid(code, rule, logMessage, posOf(code, marker, code.indexOf('step:')));
  });
});
