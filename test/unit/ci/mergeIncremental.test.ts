import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module script without types
import { mergeIncrementalReports } from '../../../scripts/mergeIncremental.mjs';

interface Mutant {
  id: string;
  mutatorName: string;
  status: string;
  coveredBy?: string[];
  killedBy?: string[];
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
  testFiles: Record<string, { source: string; tests: { id: string; name: string }[] }>;
}

const mutant = (id: string, status: string, coveredBy: string[], killedBy: string[] = []): Mutant => ({
  id,
  mutatorName: 'ConditionalExpression',
  status,
  coveredBy,
  killedBy,
});

/** A folder report of two source files, with tests a1, a2 (in a.test.ts) and b1 (in b.test.ts). */
const folder = (): Report => ({
  files: {
    'src/x/a.ts': {
      source: 'a',
      mutants: [mutant('0', 'Killed', ['0', '1'], ['1']), mutant('1', 'Survived', ['0'])],
    },
    'src/x/b.ts': { source: 'b', mutants: [mutant('2', 'Killed', ['2'], ['2'])] },
  },
  testFiles: {
    'test/a.test.ts': {
      source: 'A',
      tests: [
        { id: '0', name: 'a1' },
        { id: '1', name: 'a2' },
      ],
    },
    'test/b.test.ts': { source: 'B', tests: [{ id: '2', name: 'b1' }] },
  },
});

/** What a partial run of src/x/b.ts writes: its own numbering, b.test.ts only in the order it ran. */
const partialOfB = (bSource = 'B'): Report => ({
  files: {
    'src/x/b.ts': {
      source: 'b2',
      mutants: [mutant('0', 'Survived', ['0', '1']), mutant('1', 'Killed', ['1'], ['1'])],
    },
  },
  testFiles: {
    'test/b.test.ts': {
      source: bSource,
      tests: [
        { id: '0', name: 'b0 (new)' },
        { id: '1', name: 'b1' },
      ],
    },
  },
});

/** Coverage of each mutant as test names ("file:name"), the form that survives renumbering. */
function namedCoverage(r: Report): Record<string, { covered: string[]; killed: string[] }[]> {
  const nameById = new Map<string, string>();
  for (const [file, tf] of Object.entries(r.testFiles))
    for (const t of tf.tests) nameById.set(t.id, `${file}:${t.name}`);
  const out: Record<string, { covered: string[]; killed: string[] }[]> = {};
  for (const [path, fr] of Object.entries(r.files))
    out[path] = fr.mutants.map((m) => ({
      covered: (m.coveredBy ?? []).map((id) => nameById.get(id) ?? `dangling ${id}`),
      killed: (m.killedBy ?? []).map((id) => nameById.get(id) ?? `dangling ${id}`),
    }));
  return out;
}

describe('mergeIncrementalReports (a partial run merged into its folder file)', () => {
  it('no folder file yet: the partial report as it is', () => {
    expect(mergeIncrementalReports(undefined, partialOfB())).toEqual(partialOfB());
  });

  it('the partial run replaces its file, keeps the others, and every test reference names the same test', () => {
    const merged: Report = mergeIncrementalReports(folder(), partialOfB());
    expect(Object.keys(merged.files)).toEqual(['src/x/a.ts', 'src/x/b.ts']);
    expect(merged.files['src/x/b.ts'].source).toBe('b2');
    expect(merged.files['src/x/a.ts'].mutants.map((m) => m.status)).toEqual(['Killed', 'Survived']);
    expect(namedCoverage(merged)).toEqual({
      'src/x/a.ts': [
        { covered: ['test/a.test.ts:a1', 'test/a.test.ts:a2'], killed: ['test/a.test.ts:a2'] },
        { covered: ['test/a.test.ts:a1'], killed: [] },
      ],
      'src/x/b.ts': [
        { covered: ['test/b.test.ts:b0 (new)', 'test/b.test.ts:b1'], killed: [] },
        { covered: ['test/b.test.ts:b1'], killed: ['test/b.test.ts:b1'] },
      ],
    });
  });

  it('test and mutant ids are unique after the merge (each run numbers from 0)', () => {
    const merged: Report = mergeIncrementalReports(folder(), partialOfB());
    const testIds = Object.values(merged.testFiles).flatMap((tf) => tf.tests.map((t) => t.id));
    const mutantIds = Object.values(merged.files).flatMap((fr) => fr.mutants.map((m) => m.id));
    expect(new Set(testIds).size).toBe(4);
    expect(testIds).toHaveLength(4);
    expect(new Set(mutantIds).size).toBe(4);
  });

  it("the partial run's copy of a test file wins, and folder mutants lose references into it when it changed", () => {
    const f = folder();
    // a.ts's first mutant is also covered by b1 (a test file the partial run saw in a newer version).
    f.files['src/x/a.ts'].mutants[0].coveredBy = ['0', '2'];
    f.files['src/x/a.ts'].mutants[0].killedBy = ['2'];
    const changed: Report = mergeIncrementalReports(f, partialOfB('B changed'));
    expect(changed.testFiles['test/b.test.ts'].source).toBe('B changed');
    expect(namedCoverage(changed)['src/x/a.ts'][0]).toEqual({ covered: ['test/a.test.ts:a1'], killed: [] });
    const same: Report = mergeIncrementalReports(f, partialOfB('B'));
    expect(namedCoverage(same)['src/x/a.ts'][0]).toEqual({
      covered: ['test/a.test.ts:a1', 'test/b.test.ts:b1'],
      killed: ['test/b.test.ts:b1'],
    });
  });

  it("takes only the files the partial run mutated: its copies of the others may be older than the folder's", () => {
    const stale = partialOfB();
    // The partial run started from a copy of the folder file; another partial run has since merged a newer a.ts.
    stale.files['src/x/a.ts'] = { source: 'a (old)', mutants: [mutant('9', 'Survived', [])] };
    const merged: Report = mergeIncrementalReports(folder(), stale, (p: string) => p === 'src/x/b.ts');
    expect(merged.files['src/x/a.ts'].source).toBe('a');
    expect(merged.files['src/x/a.ts'].mutants.map((m) => m.status)).toEqual(['Killed', 'Survived']);
    expect(merged.files['src/x/b.ts'].source).toBe('b2');
  });

  it('leaves both inputs unchanged', () => {
    const [f, p] = [folder(), partialOfB()];
    mergeIncrementalReports(f, p);
    expect([f, p]).toEqual([folder(), partialOfB()]);
  });
});
