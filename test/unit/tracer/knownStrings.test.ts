import { describe, expect, it } from 'vitest';
import { expectInvalid, expectValid, inResult, inStep, single } from './lintHarness.ts';

// What lintKnownStrings compares, beyond opcodes.test.ts and stateAndChains.test.ts: only equality comparisons,
// switch cases and `[...].indexOf(x)` of a typed value with string literals count. A crash inside the rule would show
// as tracer/internal-error, so the rows that expect silence check every rule.
const rules = ['tracer/unknown-opcode', 'tracer/unknown-call-type', 'tracer/internal-error'];
const suicide = "geth names this opcode 'SELFDESTRUCT', not 'SUICIDE', so this comparison is never true";
const op = 'var op = log.op.toString();\n';

describe('lintKnownStrings: strings that are not compared with a typed value', () => {
  it.each([
    inStep("var s = 'op ' + log.op.toString();"),
    inStep("var name = log.op.toString() || 'none';"),
    inStep('if (log.op.toString() == this.lastOp) {}'),
    inStep('if (log.op.toString() == null) {}'),
    inStep("if (this.mode == 'calls') {}"),
    inStep("switch (this.mode) { case 'calls': break; }"),
    inStep("var ops = ['first'].concat(log.op.toString());"),
    inStep('if (this.seen.indexOf(log.op.toString()) < 0) {}'),
    inStep("var i = ['SLAOD'].indexOf();"),
    inStep("switch (log.op.toString()) { case 'SHA3': case 'KECCAK256': break; default: }"),
    inStep("var call = 'CALL'; if ([call, 'STATICCALL'].indexOf(log.op.toString()) >= 0) {}"),
    inStep("if ([, 'CALL'].indexOf(log.op.toString()) >= 0) {}"),
  ])('accepts %s', (code) => expectValid(code, rules));
});

describe('lintKnownStrings: reported strings', () => {
  const rows: [string, string, string, string, string | null][] = [
    // code, rule, message, line:col, fixed literal (null: no fix)
    [
      inStep("if (log.op.toString() == 'slaod') {}"),
      'tracer/unknown-opcode',
      "geth has no opcode named 'slaod'; did you mean 'SLOAD'?",
      '4:26',
      "'SLOAD'",
    ],
    [
      inResult("return ctx.type == 'transfer';"),
      'tracer/unknown-call-type',
      "ctx.type is never 'transfer' (it is one of CALL, CREATE)",
      '4:20',
      null,
    ],
    [
      inStep("switch (log.op.toString()) { case 'SUICIDE': break; default: }"),
      'tracer/unknown-opcode',
      suicide,
      '4:35',
      "'SELFDESTRUCT'",
    ],
    // A chain handles the modern name only where it compares the same kind of value with it by equality.
    [
      inStep(`${op}if (this.on && op == 'SUICIDE') {}`),
      'tracer/unknown-opcode',
      suicide,
      '5:22',
      "'SELFDESTRUCT'",
    ],
    [
      inStep(`${op}if (op == 'SUICIDE' || this.label == 'SELFDESTRUCT') {}`),
      'tracer/unknown-opcode',
      suicide,
      '5:11',
      "'SELFDESTRUCT'",
    ],
    [
      inStep(`${op}if (op == 'SUICIDE' || op > 'SELFDESTRUCT') {}`),
      'tracer/unknown-opcode',
      suicide,
      '5:11',
      "'SELFDESTRUCT'",
    ],
  ];
  it.each(rows)('%s', (code, rule, message, at, literal) => {
    const fixed = expectInvalid(code, rule, message, at);
    const fix = single(code, rule).fix;
    if (literal === null) {
      expect(fixed).toBeUndefined();
    } else {
      expect(fix?.title).toBe(`Replace with ${literal}`);
      expect(fix?.edits.map((e) => e.text)).toEqual([literal]);
    }
  });
});
