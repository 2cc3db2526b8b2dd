import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostics.ts';
import type { Es5Options } from '../../../src/core/es5/checkEs5.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { posOf } from './lintHarness.ts';

const hooks = 'fault: function(log, db) {}, result: function(ctx, db) { return 1; }';
const show = (d: Diagnostic) => `${d.range.start.line}:${d.range.start.column} ${d.severity} ${d.ruleId}`;
const full = (d: Diagnostic) => `${show(d)} ${d.message}`;
const notString = (type: string) =>
  `1:1 error es5/internal-error The ES5 check failed unexpectedly: expected the tracer source as a string, got ${type}`;

describe('checkTracer: a source that is not a string', () => {
  // A String object or an array whose text starts with a wrapper head is not read as a wrapper (nor blanked).
  const rows: [string, unknown, string][] = [
    ['undefined', undefined, notString('undefined')],
    ['null', null, notString('object')],
    ['a number', 42, notString('number')],
    ['a String object with a wrapper head', new String('var t = {a: 1}'), notString('object')],
    ['an array holding a wrapped tracer', ['module.exports = {a: 1}'], notString('object')],
  ];
  it.each(rows)('%s', (_, source, expected) => {
    const r = checkTracer(source as string);
    expect(r.diagnostics.map(full)).toEqual([expected]);
    expect(r.es5.diagnostics).toEqual(r.diagnostics);
    expect(r.tracer).toBeNull();
    expect(r.members).toEqual([]);
  });
});

describe('checkTracer: a wrapper head whose rest is not one expression', () => {
  // The whole source is checked as written, so the error starts at the head, not after it.
  const rows: [string, string[]][] = [
    [
      'var t = {a: 1}; var u = 2;',
      ['1:1 error tracer/not-an-object The tracer must be one object literal, not 2 statements'],
    ],
    [
      `module.exports = {${hooks}};\nrun();`,
      ['1:1 error tracer/not-an-object The tracer must be one object literal, not 2 statements'],
    ],
  ];
  it.each(rows)('%s', (source, expected) => {
    expect(checkTracer(source).diagnostics.map(full)).toEqual(expected);
  });
});

describe('checkTracer: diagnostics are listed by position', () => {
  // The ES5 check's diagnostics are collected first, the form and shape ones after: the list is sorted, and the two
  // ES5 diagnostics at the same place keep their order (the error, then the summary).
  const parenthesized = `({${hooks}, step: function(log) { let op = log.op; }})`;
  const noFault = '{result: function(ctx, db) { let n = 1; return n; }}';
  const rows: [string, string[]][] = [
    [
      parenthesized,
      [
        '1:1 info tracer/parenthesized',
        `${posOf(parenthesized, 'let')} error es5/let-const`,
        `${posOf(parenthesized, 'let')} info es5/target-summary`,
      ],
    ],
    [
      noFault,
      [
        '1:1 error tracer/missing-fault',
        `${posOf(noFault, 'let')} error es5/let-const`,
        `${posOf(noFault, 'let')} info es5/target-summary`,
      ],
    ],
  ];
  it.each(rows)('%s', (source, expected) => {
    expect(checkTracer(source).diagnostics.map(show)).toEqual(expected);
  });
});

/** Options whose target can be read once (by the ES5 check) and throws `thrown` when the tracer check reads it. */
function targetReadOnce(thrown: unknown): Es5Options {
  let reads = 0;
  return {
    get target() {
      reads += 1;
      if (reads > 1) throw thrown;
      return 'es5' as const;
    },
  };
}

describe('checkTracer: a failure inside the check is one diagnostic, never a throw', () => {
  const source = `{${hooks}, step: function(log) { let op = log.op; }}`;
  const failed = 'The tracer check failed unexpectedly: ';
  const rows: [string, unknown, string][] = [
    ['an Error: its message', new Error('no target'), `${failed}no target`],
    ['a long text: its first 200 characters', 'x'.repeat(300), `${failed}${'x'.repeat(200)}`],
    ['undefined', undefined, `${failed}undefined`],
    ['null', null, `${failed}null`],
  ];
  it.each(rows)('%s', (_, thrown, message) => {
    const r = checkTracer(source, targetReadOnce(thrown));
    // The ES5 diagnostics are kept, after the failure at 1:1.
    expect(r.diagnostics.map(full)).toEqual([
      `1:1 error tracer/internal-error ${message}`,
      ...r.es5.diagnostics.map(full),
    ]);
    expect(r.es5.diagnostics.map(show)).toEqual([
      `${posOf(source, 'let')} error es5/let-const`,
      `${posOf(source, 'let')} info es5/target-summary`,
    ]);
    expect(r.diagnostics[0].range.end).toEqual({ offset: 0, line: 1, column: 1 });
    expect(r.tracer).toBeNull();
    expect(r.members).toEqual([]);
  });
});
