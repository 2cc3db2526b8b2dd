import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import { expectValid, inResult, inStep, single } from './lintHarness.ts';

const members = 'result: function(ctx, db) { return 1; }, fault: function(log, db) {}';

describe('helper calls: fix titles and texts', () => {
  // code, rule, fix title, the fixed text of the step line
  const rows: [string, string, string, string][] = [
    [
      inStep('var s = log.stack.peek(3);\ntoContract2(1, s, []);'),
      'tracer/create2-salt-not-hex',
      'Use .toString(16)',
      'toContract2(1, s.toString(16), []);',
    ],
    [
      inResult('toContract2(1, ctx.value, []);'),
      'tracer/create2-salt-not-hex',
      'Use .toString(16)',
      'toContract2(1, ctx.value.toString(16), []);',
    ],
    [
      inStep('var s = log.stack.peek(3);\ntoContract2(1, s.add(1), []);'),
      'tracer/create2-salt-not-hex',
      'Use .toString(16)',
      'toContract2(1, s.add(1).toString(16), []);',
    ],
    [
      inStep('var s = log.stack.peek(3);\ntoContract2(1, log.op.isPush() ? s : s, []);'),
      'tracer/create2-salt-not-hex',
      'Use .toString(16)',
      'toContract2(1, (log.op.isPush() ? s : s).toString(16), []);',
    ],
    [
      inStep("var v = bigInt('0Xff');"),
      'tracer/bigint-hex-prefix',
      "Drop '0x' and use radix 16",
      "var v = bigInt('ff', 16);",
    ],
    [
      inStep('var v = bigInt(toHex(log.memory.slice(0, 32)), 16);'),
      'tracer/bigint-hex-prefix',
      "Drop '0x' with .slice(2)",
      'var v = bigInt(toHex(log.memory.slice(0, 32)).slice(2), 16);',
    ],
  ];
  it.each(rows)('%s', (code, rule, title, fixedLine) => {
    const fix = single(code, rule).fix!;
    expect(fix.title).toBe(title);
    expect(applyEdits(code, fix.edits).split('\n').slice(3, -1).join('\n')).toContain(fixedLine);
  });
});

describe('helper calls: no report', () => {
  it.each([
    [`{${members}, x: isPrecompiled('0x01')}`, 'tracer/precompiled-in-setup'],
    [inStep("var o = {bigInt: bigInt}; o.bigInt('0xff');"), 'tracer/bigint-hex-prefix'],
    [inStep('var v = bigInt();'), 'tracer/bigint-hex-prefix'],
    [inStep("var v = bigInt('0xff', 10);"), 'tracer/bigint-hex-prefix'],
    [inStep("var r = 16; var v = bigInt('0xff', r);"), 'tracer/bigint-hex-prefix'],
    [inStep("var v = bigInt('10x');"), 'tracer/bigint-hex-prefix'],
    [inStep('var v = bigInt(0x1f); var w = bigInt(log.getGas());'), 'tracer/bigint-hex-prefix'],
    [inStep('var v = bigInt(toHex(log.memory.slice(0, 32)));'), 'tracer/bigint-hex-prefix'],
  ])('%s', (code, rule) => expectValid(code, [rule, 'tracer/internal-error']));
});
