import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadFixture } from '../../../src/core/fixture/loadFixture.ts';
import { replayFixture } from '../../../src/evm/node/replayFixture.ts';
import { realms } from '../host/realms.ts';
import { readTemplateSource } from '../../../src/cli/readTemplateSource.ts';
import type { RealmFactory } from '../../../src/evm/host/realm/tracerRealm.ts';

const templates = readTemplateSource();

/** The fixtures, next to the clone: `../shared/conformance/geth-tracetest` from the repository root. */
export const fixturesRoot = join(import.meta.dirname, '../../../../shared/conformance/geth-tracetest');
const templatesRoot = join(import.meta.dirname, '../../../tracer-templates');

/** How one fixture folder is replayed and compared. */
export interface FolderPlan {
  folder: string;
  template: string;
  /** Overrides the fixture's own tracerConfig (the withLog and diffMode folders). */
  config?: (fixtureConfig: unknown) => unknown;
  /** Turns the expected `result` into what the template must return (geth's harness projection). */
  expected?: (result: unknown) => unknown;
  /** Applied to the template's output before comparing (only where geth's harness does the same). */
  actual?: (result: unknown) => unknown;
  /** Fixtures that fail for a diagnosed reason outside the template: file → reason. */
  knownFailures?: Record<string, string>;
  /**
   * Also send the tracer by geth's built-in name (e.g. callTracer), as a client of a geth node would: the embedded
   * node runs the template for it. In Node's realm only (the template itself runs in both).
   */
  builtinName?: string;
}

/** The fixture files of a folder, sorted. */
export function fixtureFiles(folder: string): string[] {
  const dir = join(fixturesRoot, folder);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
}

/**
 * Declares one `it` per fixture, named `<folder>/<file>`; diagnosed failures become `it.fails` with the reason in
 * the name (set CONFORMANCE_ALL=1 to run them as plain tests).
 */
export function declareFolder(plan: FolderPlan): void {
  const tracer = readFileSync(join(templatesRoot, plan.template), 'utf8');
  const files = fixtureFiles(plan.folder);
  it(`${plan.folder} has fixtures`, () => {
    const where = join(fixturesRoot, plan.folder);
    expect(
      files.length,
      `no *.json fixtures in ${where} (shared/ must sit next to the clone)`,
    ).toBeGreaterThan(0);
  });
  // Every fixture in both realms: Node's V8 context (serve, replay) and QuickJS (the browser's embedded node); by the
  // built-in name in Node's.
  const runs: [string, RealmFactory, string][] = realms.map(([n, r]) => [n, r, tracer]);
  if (plan.builtinName)
    runs.push([`${realms[0][0]}, by name ${plan.builtinName}`, realms[0][1], plan.builtinName]);
  for (const [realmName, createRealm, sent] of runs)
    for (const file of files) {
      const reason = plan.knownFailures?.[file];
      const name = `[${realmName}] ${plan.folder}/${file}` + (reason ? ` (known failure: ${reason})` : '');
      // CONFORMANCE_ALL=1 runs the known failures as plain tests, to see their current diff.
      const run = reason && process.env.CONFORMANCE_ALL !== '1' ? it.fails : it;
      run(name, { timeout: 120_000 }, async () => {
        const json = JSON.parse(readFileSync(join(fixturesRoot, plan.folder, file), 'utf8')) as {
          tracerConfig?: unknown;
          result: unknown;
        };
        const fixture = loadFixture(json);
        const tracerConfig = plan.config ? plan.config(json.tracerConfig) : json.tracerConfig;
        const raw = await replayFixture(fixture, {
          tracer: sent,
          tracerConfig,
          timeout: '100s',
          createRealm,
          templates,
        });
        const actual = plan.actual ? plan.actual(raw) : raw;
        const expected = plan.expected ? plan.expected(json.result) : json.result;
        expect(actual).toEqual(expected);
      });
    }
}
