import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { FixtureDefaults } from '../../../src/core/fixture/fixtureTypes.ts';
import { loadFixture } from '../../../src/core/fixture/loadFixture.ts';
import { replayFixture } from '../../../src/evm/node/replayFixture.ts';
import { result } from './nodeHelpers.ts';

const root = join(import.meta.dirname, '../../../../shared/conformance/geth-tracetest');
const files = readdirSync(root)
  .filter((d) => !d.includes('.'))
  .flatMap((d) =>
    readdirSync(join(root, d))
      .filter((f) => f.endsWith('.json'))
      .map((f) => `${d}/${f}`),
  )
  .sort();
const tracer =
  '{fault: function() {}, result: function(ctx) { return {gasUsed: ctx.gasUsed, error: ctx.error || null, output: toHex(ctx.output)}; }}';

describe('a node serving a fixture (tracer serve --fixture)', () => {
  it('finds the shared fixtures', () => expect(files.length).toBeGreaterThan(70));

  it.each(files)('%s: mines the tx and traces it like the fixture harness', async (file) => {
    const json = JSON.parse(readFileSync(join(root, file), 'utf8'));
    const fixture = loadFixture(json);
    const node = await createEmbeddedNode({ fixture });
    const d = node.demoDefaults as FixtureDefaults;
    expect(d.blockNumber).toBe('0x' + fixture.context.number.toString(16));
    const traced = await result(node, 'debug_traceTransaction', [d.txHash, { tracer }]);
    expect(traced).toEqual(await replayFixture(fixture, { tracer }));
    if (file.startsWith('call_tracer/') || file.startsWith('call_tracer_withLog/')) {
      expect(traced.gasUsed).toBe(Number(json.result.gasUsed));
    }
  });
});
