import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';

// Issue 25 item 4: "Add an empty fault function" writes a member formatted like those around it, before result.
const fixOf = (code: string) =>
  checkTracer(code).diagnostics.find((d) => d.ruleId === 'tracer/missing-fault')?.fix;

describe('"Add an empty fault function"', () => {
  it.each([
    [
      'a template: on its own line before result, indented and spaced like the others',
      '{\n  counts: {},\n  step: function (log, db) {\n    this.n++;\n  },\n  result: function (ctx, db) {\n    return this.counts;\n  }\n}\n',
      '{\n  counts: {},\n  step: function (log, db) {\n    this.n++;\n  },\n  fault: function (log, db) {},\n  result: function (ctx, db) {\n    return this.counts;\n  }\n}\n',
    ],
    [
      'a comment above result stays with result',
      '{\n    step: function(log) {},\n    // The answer.\n    result: function(ctx) { return 1; }\n}',
      '{\n    step: function(log) {},\n    fault: function(log, db) {},\n    // The answer.\n    result: function(ctx) { return 1; }\n}',
    ],
    [
      'tabs',
      '{\n\tstep: function (log) {},\n\tresult: function (ctx) { return 1; }\n}',
      '{\n\tstep: function (log) {},\n\tfault: function (log, db) {},\n\tresult: function (ctx) { return 1; }\n}',
    ],
    [
      'result first: after it, before the next member',
      '{\n  result: function (ctx, db) { return 1; },\n  step: function (log, db) {}\n}',
      '{\n  result: function (ctx, db) { return 1; },\n  fault: function (log, db) {},\n  step: function (log, db) {}\n}',
    ],
    ['one line: inline', '{result: function() {}}', '{result: function() {}, fault: function(log, db) {}}'],
    [
      'one line, result second',
      '{n: 0, result: function() { return this.n; }}',
      '{n: 0, fault: function(log, db) {}, result: function() { return this.n; }}',
    ],
    [
      'a trailing comma is kept',
      '{\n  result: function (ctx) { return 1; },\n}',
      '{\n  result: function (ctx) { return 1; },\n  fault: function (log, db) {},\n}',
    ],
    [
      'a comment between a member and its comma',
      '{\n  step: function (log) {} /* hot */ ,\n  result: function (ctx) { return 1; }\n}',
      '{\n  step: function (log) {} /* hot */ ,\n  fault: function (log, db) {},\n  result: function (ctx) { return 1; }\n}',
    ],
    [
      'the style of result wins over other functions',
      '{\n  step: function(log) { [].map(function (x) {}); },\n  result: function (ctx) { return 1; }\n}',
      '{\n  step: function(log) { [].map(function (x) {}); },\n  fault: function (log, db) {},\n  result: function (ctx) { return 1; }\n}',
    ],
    [
      'no result: after the last member',
      '{\n  step: function(log) {}\n}',
      '{\n  step: function(log) {},\n  fault: function(log, db) {}\n}',
    ],
    [
      'result is no function: it still sets the place',
      '{\n  step: function (log) {},\n  result: 1\n}',
      '{\n  step: function (log) {},\n  fault: function (log, db) {},\n  result: 1\n}',
    ],
    ['an empty object', '{}', '{fault: function (log, db) {}}'],
  ])('%s', (_name, code, fixed) => {
    const fix = fixOf(code);
    expect(fix?.title).toBe('Add an empty fault function');
    const out = applyEdits(code, fix!.edits);
    expect(out).toBe(fixed);
    expect(checkTracer(out).diagnostics.filter((d) => d.ruleId === 'tracer/missing-fault')).toEqual([]);
    expect(checkTracer(out).diagnostics.filter((d) => d.ruleId.startsWith('es5/'))).toEqual([]);
  });
});
