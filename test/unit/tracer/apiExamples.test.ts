import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { apiExamples } from '../../../src/core/tracer/apiExamples.ts';
import { tracerApiTypes, tracerGlobals } from '../../../src/core/tracer/apiModel.ts';

const documented = [
  ...Object.values(tracerApiTypes).flatMap((t) => t.members.map((m) => ({ key: `${t.name}.${m.name}`, m }))),
  ...tracerGlobals.map((m) => ({ key: m.name, m })),
];

// An example is a statement, a hook property (`step: function …`) or a `return` from result.
function parsesAsEs5(code: string): boolean {
  for (const wrapped of [`function f() {\n${code}\n}`, `({\n${code}\n})`])
    try {
      parse(wrapped, { ecmaVersion: 5 });
      return true;
    } catch {
      // try the next shape
    }
  return false;
}

describe('the tracer API examples', () => {
  it('give every documented member one example, carried into the editor model', () => {
    expect(documented.filter(({ m }) => !m.example).map(({ key }) => key)).toEqual([]);
    for (const { key, m } of documented) expect(m.example).toBe(apiExamples[key]);
  });

  it('name no member the model does not document', () => {
    const keys = new Set(documented.map(({ key }) => key));
    expect(Object.keys(apiExamples).filter((k) => !keys.has(k))).toEqual([]);
  });

  it.each(documented.map(({ key, m }) => [key, m.name, m.example ?? ''] as const))(
    '%s: valid ES5 that uses the member',
    (_key, name, example) => {
      expect(parsesAsEs5(example)).toBe(true);
      expect(example).toMatch(new RegExp(`\\b${name}\\b`));
    },
  );
});
