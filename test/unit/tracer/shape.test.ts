import { describe, expect, it } from 'vitest';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { expectInvalid, expectValid, single } from './lintHarness.ts';

const shapeRules = [
  'tracer/missing-result',
  'tracer/missing-fault',
  'tracer/enter-exit-pair',
  'tracer/hook-not-function',
  'tracer/hook-arity',
  'tracer/duplicate-member',
  'tracer/accessor-hook',
];

describe('shape: valid tracers', () => {
  it.each([
    '{result: function() {}, fault: function() {}}',
    '{result: function(ctx, db) {}, fault: function(log, db) {}, step: function(log, db) {}}',
    '{result: function(ctx, db) {}, fault: function(log, db) {}, enter: function(f) {}, exit: function(r) {}}',
    '{setup: function(cfg) {}, result: function(c) {}, fault: function(l) {}, data: [], count: 0, helper: function(a, b, c, d) {}}',
    '{\'result\': function() {}, "fault": function() {}}',
    '{result(ctx, db) { return 1; }, fault(log, db) {}}',
  ])('%s', (code) => expectValid(code, shapeRules));
});

describe('shape: errors and warnings', () => {
  const cases: [string, string, string, string, string?][] = [
    [
      '{fault: function() {}}',
      'tracer/missing-result',
      'trace object must expose a function result(): add result: function(ctx, db) {...}',
      '1:1',
    ],
    [
      '{result: function() {}}',
      'tracer/missing-fault',
      'trace object must expose a function fault(): add fault: function(log, db) {...}',
      '1:1',
      '{result: function() {}, fault: function(log, db) {}}',
    ],
    [
      '{result: function() {}, fault: 1}',
      'tracer/missing-fault',
      "trace object must expose a function fault(): 'fault' is not a function here",
      '1:32',
    ],
    [
      '{result: [], fault: function() {}}',
      'tracer/missing-result',
      "trace object must expose a function result(): 'result' is not a function here",
      '1:10',
    ],
    [
      '{result: function() {}, fault: function() {}, enter: function(f) {}}',
      'tracer/enter-exit-pair',
      'trace object must expose either both or none of enter() and exit(): add exit: function(frameResult) {}',
      '1:47',
      '{result: function() {}, fault: function() {}, enter: function(f) {}, exit: function(frameResult) {}}',
    ],
    [
      '{result: function() {}, fault: function() {}, exit: function(r) {}}',
      'tracer/enter-exit-pair',
      'trace object must expose either both or none of enter() and exit(): add enter: function(callFrame) {}',
      '1:47',
      '{result: function() {}, fault: function() {}, exit: function(r) {}, enter: function(callFrame) {}}',
    ],
    [
      '{result: function() {}, fault: function() {}, step: 5}',
      'tracer/hook-not-function',
      "'step' must be a function: geth ignores it otherwise",
      '1:53',
    ],
    [
      '{result: function() {}, fault: function() {}, setup: {a: 1}}',
      'tracer/hook-not-function',
      "'setup' must be a function: geth ignores it otherwise",
      '1:54',
    ],
    [
      '{result: function() {}, fault: function() {}, step: function(log, db, extra) {}}',
      'tracer/hook-arity',
      'step() gets 2 arguments (log, db); the extra parameter is always undefined',
      '1:71',
    ],
    [
      '{result: function(ctx, db, a, b) {}, fault: function() {}}',
      'tracer/hook-arity',
      'result() gets 2 arguments (ctx, db); the extra parameters are always undefined',
      '1:28',
    ],
    [
      '{result: function() {}, fault: function() {}, enter: function(f, g) {}, exit: function(r) {}}',
      'tracer/hook-arity',
      'enter() gets 1 argument (callFrame); the extra parameter is always undefined',
      '1:66',
    ],
    [
      '{result: function() {}, fault: function() {}, setup: function(config, other) {}}',
      'tracer/hook-arity',
      'setup() gets 1 argument (config); the extra parameter is always undefined',
      '1:71',
    ],
    [
      '{result: function() {}, fault: function() {}, step: function() {}, step: function() {}}',
      'tracer/duplicate-member',
      "'step' is defined more than once; only the last definition is used",
      '1:68',
    ],
    [
      '{result: function() {}, fault: function() {}, get step() { return function() {}; }}',
      'tracer/accessor-hook',
      "'step' is a getter: geth reads it once and calls what it returns; write step: function(log, db) {...}",
      '1:51',
    ],
  ];
  it.each(cases)('%s', (code, ruleId, message, at, fixed) => {
    const result = expectInvalid(code, ruleId, message, at);
    expect(result).toBe(fixed);
  });

  it('explains the enter/exit pairing for a data enter', () => {
    const code = '{result: function() {}, fault: function() {}, enter: 1, exit: function(r) {}}';
    expectInvalid(
      code,
      'tracer/hook-not-function',
      "'enter' must be a function: geth ignores it otherwise (and enter and exit must both be functions)",
      '1:54',
    );
    expect(single(code, 'tracer/enter-exit-pair').message).toBe(
      'trace object must expose either both or none of enter() and exit(): add enter: function(callFrame) {}',
    );
  });

  it('uses the right severities', () => {
    expect(single('{fault: function() {}}', 'tracer/missing-result').severity).toBe('error');
    expect(
      single('{result: function() {}, fault: function() {}, enter: function(f) {}}', 'tracer/enter-exit-pair')
        .severity,
    ).toBe('error');
    expect(
      single('{result: function() {}, fault: function() {}, step: 5}', 'tracer/hook-not-function').severity,
    ).toBe('error');
    expect(single('{result: function(a, b, c) {}, fault: function() {}}', 'tracer/hook-arity').severity).toBe(
      'warning',
    );
    expect(
      single('{result: function() {}, fault: function() {}, a: 1, a: 2}', 'tracer/duplicate-member').severity,
    ).toBe('warning');
  });

  it('reports both missing hooks of an empty object, with the fault fix inserting into {}', () => {
    const r = checkTracer('{}');
    expect(r.diagnostics.map((d) => d.ruleId)).toEqual(['tracer/missing-result', 'tracer/missing-fault']);
    expect(r.diagnostics[1].fix?.edits).toEqual([{ start: 1, end: 1, text: 'fault: function (log, db) {}' }]);
  });

  it('accepts a getter result (geth reads the function it returns) but warns', () => {
    const code = '{get result() { return function() {}; }, fault: function() {}}';
    expect(checkTracer(code).diagnostics.map((d) => d.ruleId)).toEqual(['tracer/accessor-hook']);
  });
});

describe('members', () => {
  it('lists every member with kind, arity and range', () => {
    const code =
      "{data: [], 'n': 1, step: function(log, db) {}, result(ctx) {}, fault: function() {}, [k]: 1, get g() { return 1; }}";
    const r = checkTracer(code);
    expect(r.members.map((m) => [m.name, m.kind, m.params, code.slice(m.start, m.end)])).toEqual([
      ['data', 'data', 0, 'data: []'],
      ['n', 'data', 0, "'n': 1"],
      ['step', 'function', 2, 'step: function(log, db) {}'],
      ['result', 'function', 1, 'result(ctx) {}'],
      ['fault', 'function', 0, 'fault: function() {}'],
      ['g', 'data', 0, 'get g() { return 1; }'],
    ]);
    expect(r.tracer?.form).toBe('bare');
  });

  it('has no members and no tracer when the source is not a tracer object', () => {
    const r = checkTracer('[1]');
    expect(r.members).toEqual([]);
    expect(r.tracer).toBeNull();
    expect(r.es5.goal).toBe('expression');
  });
});
