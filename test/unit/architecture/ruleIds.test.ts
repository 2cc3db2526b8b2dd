import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tracerRules } from '../../../src/core/tracer/tracerRules.ts';

// A check of the source text, kept out of test/unit/tracer: Stryker runs that folder's tests on instrumented
// sources, where `defineRule('id'` no longer appears as written.
const dir = new URL('../../../src/core/tracer/', import.meta.url);

describe('tracer rule ids', () => {
  it('lists every rule the sources define, and the sources write rule ids nowhere else', () => {
    const defined = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      for (const m of text.matchAll(/defineRule\(\s*'([a-z0-9-]+)'/g)) defined.add(`tracer/${m[1]}`);
      if (file !== 'defineRule.ts') expect(text, file).not.toMatch(/['`]tracer\//);
    }
    expect([...defined].sort()).toEqual(tracerRules.map((r) => r.id).sort());
  });
});
