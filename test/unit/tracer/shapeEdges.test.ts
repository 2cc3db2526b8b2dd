import { describe, expect, it } from 'vitest';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { posOf } from './lintHarness.ts';

const shapeRules = [
  'tracer/missing-result',
  'tracer/missing-fault',
  'tracer/enter-exit-pair',
  'tracer/hook-not-function',
  'tracer/hook-arity',
  'tracer/duplicate-member',
  'tracer/accessor-hook',
];
const shapeDiagnostics = (code: string) =>
  checkTracer(code).diagnostics.filter((d) => shapeRules.includes(d.ruleId));
const found = (code: string) =>
  shapeDiagnostics(code).map((d) => [d.ruleId, d.message, `${d.range.start.line}:${d.range.start.column}`]);

const notHere = (name: string) =>
  `trace object must expose a function ${name}(): '${name}' is not a function here`;
const pairMessage = 'trace object must expose either both or none of enter() and exit(): ';
const pairSuffix = ' (and enter and exit must both be functions)';
const both = 'result: function() {}, fault: function() {}';

describe('a spread entry is not a member', () => {
  it('lists only the properties and checks their shape', () => {
    const code = '{...base, result: function(ctx, db) {}, fault: function(log, db) {}}';
    const r = checkTracer(code);
    expect(r.members.map((m) => m.name)).toEqual(['result', 'fault']);
    expect(found(code)).toEqual([]);
  });
});

describe('a hook that is not a function is reported once', () => {
  const cases: [string, [string, string, string][]][] = [
    ['{result: [], fault: function() {}}', [['tracer/missing-result', notHere('result'), '1:10']]],
    ['{result: function() {}, fault: 1}', [['tracer/missing-fault', notHere('fault'), '1:32']]],
    [
      "{result: 'x', fault: {}}",
      [
        ['tracer/missing-result', notHere('result'), '1:10'],
        ['tracer/missing-fault', notHere('fault'), '1:22'],
      ],
    ],
    [
      `{${both}, enter: function(f) {}, exit: 1}`,
      [
        ['tracer/enter-exit-pair', `${pairMessage}add exit: function(frameResult) {}`, '1:47'],
        [
          'tracer/hook-not-function',
          `'exit' must be a function: geth ignores it otherwise${pairSuffix}`,
          '1:76',
        ],
      ],
    ],
    [
      `{${both}, setup: 'x', step: null}`,
      [
        ['tracer/hook-not-function', "'setup' must be a function: geth ignores it otherwise", '1:54'],
        ['tracer/hook-not-function', "'step' must be a function: geth ignores it otherwise", '1:65'],
      ],
    ],
  ];
  it.each(cases)('%s', (code, expected) => {
    expect(found(code)).toEqual(expected);
  });
});

describe('where missing hooks are reported and how they are fixed', () => {
  it('marks the opening brace when result is missing', () => {
    const code = '{fault: function() {}}';
    const [d] = shapeDiagnostics(code);
    expect(d.ruleId).toBe('tracer/missing-result');
    expect(code.slice(d.range.start.offset, d.range.end.offset)).toBe('{');
  });

  it.each([
    ['{result: function() {}}', 'tracer/missing-fault', 'Add an empty fault function'],
    [`{${both}, enter: function(f) {}}`, 'tracer/enter-exit-pair', 'Add an empty exit function'],
    [`{${both}, exit: function(r) {}}`, 'tracer/enter-exit-pair', 'Add an empty enter function'],
  ])('%s: %s is fixed by "%s"', (code, ruleId, title) => {
    const d = shapeDiagnostics(code).find((x) => x.ruleId === ruleId);
    expect(d?.fix?.title).toBe(title);
  });

  it('has no fix for enter/exit when the other one is there but no function', () => {
    const code = `{${both}, enter: function(f) {}, exit: 1}`;
    const d = shapeDiagnostics(code).find((x) => x.ruleId === 'tracer/enter-exit-pair');
    expect(d && `${d.range.start.line}:${d.range.start.column}`).toBe(posOf(code, 'enter'));
    expect(d?.fix).toBeUndefined();
  });
});
