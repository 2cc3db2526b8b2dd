import { describe, expect, it } from 'vitest';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import type { TargetId } from '../../../src/core/targets.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';

// Issue 22: tracers of hundreds of thousands of small pieces. The check and the flattener must answer for them as for
// small ones (times are the benchmark's, `npm run bench -- core`): no stack overflow from spreading a long list into
// one call (a check that fails unexpectedly), and the same diagnostics, counted.

const hooks = 'fault: function(log) {}, result: function() { return 1; }';
const copies = (n: number, piece: (i: number) => string, separator = ', ') =>
  Array.from({ length: n }, (_, i) => piece(i)).join(separator);

interface Expected {
  /** `severity ruleId` → how many diagnostics. */
  diagnostics: Record<string, number>;
  /** The title of the fix of the first diagnostic, if it has one. */
  fix?: string;
  /** The flattened text, or false when the tracer is not flattened. */
  flattened: string | false;
}

const rows: Array<[string, string, TargetId, Expected]> = [
  [
    '80,000 small functions',
    `{h: [${copies(80_000, () => 'function () {}')}], ${hooks}}`,
    'es5',
    {
      diagnostics: {},
      flattened: `{h:[${copies(80_000, () => 'function(){}', ',')}],fault:function(log){},result:function(){return 1;}}`,
    },
  ],
  [
    '200,000 members of one name',
    `{${copies(200_000, () => 'f: 1')}, ${hooks}}`,
    'es5',
    {
      diagnostics: { 'warning tracer/duplicate-member': 199_999 },
      flattened: `{${copies(200_000, () => 'f:1', ',')},fault:function(log){},result:function(){return 1;}}`,
    },
  ],
  [
    '30,000 arrow functions',
    `{h: [${copies(30_000, (i) => `x => x + ${i}`)}], ${hooks}}`,
    'es5',
    {
      diagnostics: { 'error es5/arrow-function': 1, 'info es5/target-summary': 1 },
      fix: 'Convert the arrow function to a function expression (30000 places)',
      flattened: false,
    },
  ],
  // The inner arrow's edit lies inside the outer one's: one place per copy.
  [
    '10,000 arrows returning arrows',
    `{h: [${copies(10_000, () => 'x => y => 1')}], ${hooks}}`,
    'geth',
    {
      diagnostics: { 'info es5/arrow-function': 1, 'info es5/target-summary': 1 },
      fix: 'Convert the arrow function to a function expression (10000 places)',
      flattened: `{h:[${copies(10_000, () => 'x=>y=>1', ',')}],fault:function(log){},result:function(){return 1;}}`,
    },
  ],
  [
    "20,000 let declarations in one function, the last one's name declared before",
    `{step: function(log) { ${copies(20_000, (i) => `let a${i} = ${i};`, ' ')} let a19999 = 0; }, ${hooks}}`,
    'geth',
    { diagnostics: { 'error es5/syntax-error': 1 }, flattened: false },
  ],
];

describe('a big tracer is checked and flattened', () => {
  it.each(rows)(
    '%s',
    (_label, source, target, expected) => {
      const checked = checkTracer(source, { target });
      const counts: Record<string, number> = {};
      for (const d of checked.diagnostics) {
        const key = `${d.severity} ${d.ruleId}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
      expect(counts).toEqual(expected.diagnostics);
      if (expected.fix !== undefined) expect(checked.diagnostics[0].fix?.title).toBe(expected.fix);
      const flat = flattenTracer(source, { target });
      expect(flat.ok ? flat.code : false).toBe(expected.flattened);
    },
    120_000,
  );
});
