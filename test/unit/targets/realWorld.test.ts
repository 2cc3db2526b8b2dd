import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertToEs5 } from '../../../src/core/convert/convertToEs5.ts';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { defaultsOf, demoNode, result } from '../node/nodeHelpers.ts';

// Issue #12, "Must show": tracers written in the styles users publish (wrappers, let-heavy, arrows, function-wrapped,
// legacy API). With the target geth, no error on code goja runs; with the target es5, every rejection comes with a
// one-action conversion whose output the es5 check accepts and the embedded node runs with the same result.

const dir = new URL('../../fixtures/real-world-tracers/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.js'))
  .sort();

/** Per file: the es5 rules the original breaks (sorted), and geth's errors (only the function wrapper has one). */
const expected: Record<string, { es5: string[]; geth?: string[] }> = {
  '01-let-wrapper-opcount.js': { es5: ['es5/let-const'] },
  '02-const-wrapper-shorthand.js': { es5: ['es5/shorthand-method'] },
  '03-var-wrapper-es5.js': { es5: [] },
  '04-arrows-no-this.js': { es5: ['es5/arrow-function'] },
  '05-arrows-with-this.js': { es5: ['es5/arrow-function'] },
  '06-templates.js': { es5: ['es5/template-literal'] },
  '07-module-exports.js': { es5: ['es5/shorthand-method'] },
  '08-export-default.js': { es5: ['es5/shorthand-method'] },
  '09-function-wrapped.js': { es5: [], geth: ['tracer/function-wrapper'] },
  '10-legacy-call-tracer.js': { es5: [] },
  '11-let-heavy-loops.js': { es5: ['es5/let-const'] },
  '12-for-of.js': { es5: ['es5/for-of', 'es5/let-const'] },
  '13-spread-default.js': { es5: ['es5/default-parameter', 'es5/spread'] },
  '14-destructuring.js': { es5: ['es5/destructuring'] },
  '15-computed-keys.js': { es5: ['es5/computed-key', 'es5/template-literal'] },
  '16-optional-chaining.js': { es5: ['es5/optional-chaining'] },
  '17-object-spread.js': { es5: ['es5/object-spread'] },
  '18-mixed-wrapper-arrows.js': {
    es5: ['es5/arrow-function', 'es5/let-const', 'es5/shorthand-method', 'es5/template-literal'],
  },
  '19-selector-counter.js': { es5: ['es5/let-const', 'es5/template-literal'] },
  '20-legacy-prestate.js': { es5: [] },
  '21-arrow-member-this.js': { es5: ['es5/arrow-function'] },
  '22-default-and-arrow-result.js': { es5: ['es5/arrow-function', 'es5/default-parameter'] },
};

const errorsOf = (source: string, target: 'es5' | 'geth') =>
  checkTracer(source, { target }).diagnostics.filter((d) => d.severity === 'error');

/** What a node is sent for the original: its flattened form (a function wrapper with its one-click fix applied). */
function sendableOriginal(source: string): string {
  const wrapper = errorsOf(source, 'geth').find((d) => d.ruleId === 'tracer/function-wrapper');
  const fixed = wrapper?.fix ? applyEdits(source, wrapper.fix.edits) : source;
  const flat = flattenTracer(fixed, { target: 'geth' });
  expect(flat.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return flat.code;
}

async function runOnEmbeddedNode(code: string): Promise<unknown> {
  const node = await demoNode();
  const config = { tracer: code, tracerConfig: { label: 'demo', a: { b: 2 } } };
  return result(node, 'debug_traceTransaction', [defaultsOf(node).txHash, config]);
}

describe('real-world tracers', () => {
  it('has at least 20 tracers, each in the table', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(files).toEqual(Object.keys(expected).sort());
  });

  for (const file of files) {
    const source = readFileSync(new URL(file, dir), 'utf8');
    const want = expected[file];

    it(`${file}: target geth has no error on code goja runs`, () => {
      expect(errorsOf(source, 'geth').map((d) => d.ruleId)).toEqual(want.geth ?? []);
      for (const d of errorsOf(source, 'geth')) expect(d.fix).toBeDefined();
    });

    it(`${file}: target es5 rejects only what the one-action conversion fixes, and the node agrees`, async () => {
      const es5 = errorsOf(source, 'es5');
      const rules = [...new Set(es5.map((d) => d.ruleId))].filter((r) => r.startsWith('es5/')).sort();
      expect(rules).toEqual(want.es5);
      const converted = convertToEs5(source);
      expect(converted.notConverted).toEqual([]);
      expect(converted.ok).toBe(true);
      // The conversion keeps one object literal, which the es5 check accepts as it is: no error, no wrapper.
      expect(errorsOf(converted.code, 'es5').map((d) => `${d.ruleId} ${d.message}`)).toEqual([]);
      expect(checkTracer(converted.code).tracer?.form).toBe('bare');
      const flat = flattenTracer(converted.code);
      expect(flat.ok).toBe(true);
      const before = await runOnEmbeddedNode(sendableOriginal(source));
      const after = await runOnEmbeddedNode(flat.code);
      expect(after).toEqual(before);
    });
  }
});
