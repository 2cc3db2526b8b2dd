import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostics.ts';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';

const dir = new URL('../../../tracer-templates/', import.meta.url);
const templates = readdirSync(dir)
  .filter((f) => f.endsWith('.js'))
  .sort()
  .map((f) => [f, readFileSync(new URL(f, dir), 'utf8')] as const);

const internalRules = new Set(['tracer/internal-error', 'flatten/internal', 'flatten/bad-input']);

function expectSound(d: Diagnostic, length: number) {
  expect(d.message.length).toBeGreaterThan(0);
  expect(d.range.start.offset).toBeGreaterThanOrEqual(0);
  expect(d.range.end.offset).toBeLessThanOrEqual(length);
  expect(d.range.start.offset).toBeLessThanOrEqual(d.range.end.offset);
  expect(d.range.start.line).toBeGreaterThanOrEqual(1);
  expect(d.range.start.column).toBeGreaterThanOrEqual(1);
}

/**
 * Runs both checkTracer and flattenTracer; fails unless neither throws, no diagnostic is an "internal error"
 * (the catch-all both keep for bugs), every range lies inside the source, and the two agree: the check's errors
 * block flattening, and a flattened tracer is one line without `"` or `</script`.
 */
function runBoth(source: string) {
  const check = checkTracer(source);
  const flat = flattenTracer(source);
  for (const d of [...check.diagnostics, ...flat.diagnostics]) {
    expect(internalRules.has(d.ruleId), `${d.ruleId}: ${d.message}`).toBe(false);
    expectSound(d, source.length);
  }
  const checkErrors = check.diagnostics.filter((d) => d.severity === 'error');
  if (checkErrors.length) expect(flat.ok).toBe(false);
  if (flat.ok) {
    expect(flat.code.length).toBeGreaterThan(0);
    expect(flat.code).not.toMatch(/["\n\r\u2028\u2029]/);
    expect(flat.code).not.toMatch(/<\/script/i);
  } else {
    expect(flat.code).toBe('');
    expect(flat.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  }
  return { check, flat };
}

// Every prefix (offsets 0, 1, 2, … and the whole file) of every template up to 3,000 characters; the three larger
// ones (flat-calls, call-tree, prestate) at every 5th offset. A cut costs about its length, so the larger ones made
// nine in ten of the work at every offset (over 4 minutes on a 2-core machine) while adding few kinds of cut that the
// smaller ones do not already make at every offset.
const everyOffsetUpTo = 3000;
const largeStride = 5;

/** The offsets a template is cut at: every one up to {@link everyOffsetUpTo} characters, else every `largeStride`th, and its length. */
function cutsOf(source: string): number[] {
  const step = source.length <= everyOffsetUpTo ? 1 : largeStride;
  const cuts: number[] = [];
  for (let i = 0; i < source.length; i += step) cuts.push(i);
  cuts.push(source.length);
  return cuts;
}

describe('prefixes of every template (truncated at each character, or every 5th for the largest)', () => {
  it('cuts the small templates at every offset and the large ones at every 5th', () => {
    expect(cutsOf('abc')).toEqual([0, 1, 2, 3]);
    expect(cutsOf('x'.repeat(3001)).length).toBe(601 + 1);
    expect(templates.filter(([, s]) => s.length > everyOffsetUpTo).map(([n]) => n)).toEqual([
      'call-tree.js',
      'flat-calls.js',
      'prestate.js',
    ]);
  });

  it.each(templates)(
    '%s',
    (_name, source) => {
      const cuts = cutsOf(source);
      let blocked = 0;
      for (const i of cuts) {
        const { flat } = runBoth(source.slice(0, i));
        if (!flat.ok) blocked++;
      }
      // The whole template flattens; almost every cut through it is an error with a message.
      expect(runBoth(source).flat.ok).toBe(true);
      expect(blocked).toBeGreaterThan(cuts.length / 2);
    },
    180_000,
  );
});

const hooks = 'fault: function (log, db) {}, result: function (ctx, db) { return this.r; }';

describe('hostile tracer sources', () => {
  it('1 MB of tracer source is checked and flattened', () => {
    const body = "if (log.op.toString() == 'SLOAD') { this.r.push(log.getPC()); }\n".repeat(16_000);
    const source = `{r: [], ${hooks}, step: function (log, db) {\n${body}}}`;
    expect(source.length).toBeGreaterThan(1_000_000);
    const { flat } = runBoth(source);
    expect(flat.ok).toBe(true);
  });

  it('1 MB of garbage is an error, not a crash', () => {
    const { flat } = runBoth('}{)(]['.repeat(175_000));
    expect(flat.ok).toBe(false);
  });

  it('10,000 nested parentheses around a tracer give a nesting error', () => {
    const { flat } = runBoth('('.repeat(10_000) + `{${hooks}}` + ')'.repeat(10_000));
    expect(flat.ok).toBe(false);
    expect(flat.diagnostics.filter((d) => d.severity === 'error').map((d) => d.ruleId)).toContain(
      'es5/too-deeply-nested',
    );
  });

  it('10,000 nested parentheses inside a hook give the same error', () => {
    const { flat } = runBoth(
      `{${hooks}, step: function (log) { var x = ${'('.repeat(10_000)}1${')'.repeat(10_000)}; }}`,
    );
    expect(flat.diagnostics.map((d) => d.ruleId)).toContain('es5/too-deeply-nested');
  });

  it('binary garbage (deterministic bytes 0–255), alone and inside a hook', () => {
    let seed = 42;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let n = 0; n < 40; n++) {
      const bytes = String.fromCharCode(...Array.from({ length: 1 + (next() % 400) }, () => next() % 256));
      expect(runBoth(bytes).flat.ok).toBe(false);
      runBoth(`{${hooks}, step: function (log) { ${bytes} }}`);
    }
  });

  it('lone surrogates in strings flatten; outside strings they are errors', () => {
    for (const s of ['\ud800', '\udc00x', `{${hooks}}\ud83d`, `{${hooks}, step: function (log) { \udfff }}`])
      expect(runBoth(s).flat.ok).toBe(false);
    const inString = runBoth(`{${hooks}, s: '\ud800', t: "\udc00"}`);
    expect(inString.flat.ok).toBe(true);
  });

  it('a lone surrogate in the middle is named as an escape', () => {
    expect(runBoth('\ud800 ').flat.diagnostics.map((d) => d.message)).toEqual([
      "Unexpected character '\\uD800'",
    ]);
  });

  // Regression: acorn names a lone high surrogate at the very end as U+10000.
  it('a lone high surrogate at the very end is named as an escape', () => {
    for (const [source, shown] of [
      ['\ud83d', '\\uD83D'],
      [`{${hooks}}\ud800`, '\\uD800'],
    ])
      expect(runBoth(source).flat.diagnostics.map((d) => d.message)).toEqual([
        `Unexpected character '${shown}'`,
      ]);
  });

  it.each([
    ['single-quoted', `'</script>'`],
    ['double-quoted', `"</script><script>alert(1)</script>"`],
    ['upper case', `'</SCRIPT >'`],
    ['in a regexp', `/<\\/script>/`],
    ['split across a concatenation', `'</scr' + 'ipt>'`],
  ])('</script> inside a string (%s) never reaches the flattened output', (_name, literal) => {
    const { flat } = runBoth(`{${hooks}, s: function () { return ${literal}; }}`);
    expect(flat.ok).toBe(true);
    expect(flat.code).not.toMatch(/<\/script/i);
    // Still the same string for the engine: evaluating the printed object gives back the text.
    const value = new Function(`return (${flat.code}).s();`)() as unknown;
    expect(String(value)).toMatch(/<\/scr|<\/script|\/script/i);
  });
});
