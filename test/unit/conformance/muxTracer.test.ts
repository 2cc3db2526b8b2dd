import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../../../src/core/fixture/loadFixture.ts';
import { readTemplateSource } from '../../../src/cli/readTemplateSource.ts';
import { createVmRealm } from '../../../src/evm/host/realm/createVmRealm.ts';
import { replayFixture } from '../../../src/evm/node/replayFixture.ts';
import { projectCallTrace } from './gethShapes.ts';
import { knownFailures } from './knownFailures.ts';
import { fixtureFiles, fixturesRoot } from './runFixtureFolder.ts';

const templates = readTemplateSource();
/** A JavaScript tracer inside the mux (geth's directory takes source for any name it does not know). */
const opcodeHistogram = readFileSync(
  join(import.meta.dirname, '../../../tracer-templates/opcode-histogram.js'),
  'utf8',
);

function read(folder: string, file: string) {
  return JSON.parse(readFileSync(join(fixturesRoot, folder, file), 'utf8')) as {
    tracerConfig?: unknown;
    result: any;
  };
}

function replay(json: object, tracer: string, tracerConfig: unknown) {
  return replayFixture(loadFixture(json), {
    tracer,
    tracerConfig,
    timeout: '100s',
    createRealm: createVmRealm,
    templates,
  });
}

const opts = { timeout: 120_000 };

describe('muxTracer on geth fixtures: each member answers what it answers alone, and geth fixtures agree', () => {
  it.each(fixtureFiles('call_tracer'))('call_tracer/%s', opts, async (file) => {
    const json = read('call_tracer', file);
    const config = {
      callTracer: json.tracerConfig ?? {},
      '4byteTracer': {},
      noopTracer: null,
      [opcodeHistogram]: {},
    };
    const result = (await replay(json, 'muxTracer', config)) as Record<string, unknown>;
    // Keys in the order Go marshals a map: sorted.
    expect(Object.keys(result)).toEqual(Object.keys(config).sort());
    expect(projectCallTrace(result.callTracer as Record<string, unknown>)).toEqual(
      projectCallTrace(json.result),
    );
    expect(result.noopTracer).toEqual({});
    expect(result['4byteTracer']).toEqual(await replay(json, '4byteTracer', {}));
    expect(result[opcodeHistogram]).toEqual(await replay(json, opcodeHistogram, {}));
  });

  const diffFailures = knownFailures['prestate_tracer_with_diff_mode'];
  it.each(fixtureFiles('prestate_tracer_with_diff_mode').filter((f) => !diffFailures[f]))(
    'prestate_tracer_with_diff_mode/%s: prestateTracer {diffMode} inside a mux with a nested mux',
    opts,
    async (file) => {
      const json = read('prestate_tracer_with_diff_mode', file);
      const result = (await replay(json, 'muxTracer', {
        prestateTracer: { ...(json.tracerConfig as object), diffMode: true },
        muxTracer: { noopTracer: {} },
      })) as Record<string, unknown>;
      expect(result).toEqual({ muxTracer: { noopTracer: {} }, prestateTracer: json.result });
    },
  );

  it.each([
    // [config, geth's answer]
    [undefined, {}],
    [null, {}],
    [{}, {}],
  ])('config %j: %j', opts, async (config, want) => {
    expect(await replay(read('call_tracer', 'simple.json'), 'muxTracer', config)).toEqual(want);
  });

  it.each([
    [
      'a string config',
      'x',
      'json: cannot unmarshal string into Go value of type map[string]json.RawMessage',
    ],
    ['an array config', [], 'json: cannot unmarshal array into Go value of type map[string]json.RawMessage'],
    [
      'a member that fails',
      { noopTracer: {}, '{result: function () { throw new Error("no") }, fault: function () {}}': {} },
      /no/,
    ],
  ] as const)('%s is refused', opts, async (_name, config, error) => {
    await expect(replay(read('call_tracer', 'simple.json'), 'muxTracer', config)).rejects.toThrow(error);
  });
});
