import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tracerRules } from '../../../src/core/tracer/tracerRules.ts';

const dir = new URL('../../../src/core/tracer/', import.meta.url);

describe('tracerRules', () => {
  it('lists exactly the rule ids the sources can report', () => {
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'tracerRules.ts')) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      for (const m of text.matchAll(/'(tracer\/[a-z0-9-]+)'/g)) used.add(m[1]);
      if (text.includes('`tracer/missing-${name}`'))
        ['tracer/missing-result', 'tracer/missing-fault'].forEach((id) => used.add(id));
    }
    expect([...used].sort()).toEqual(tracerRules.map((r) => r.id).sort());
  });

  it('has unique ids and a summary for each', () => {
    expect(new Set(tracerRules.map((r) => r.id)).size).toBe(tracerRules.length);
    for (const r of tracerRules) expect(r.summary.length).toBeGreaterThan(10);
  });
});
