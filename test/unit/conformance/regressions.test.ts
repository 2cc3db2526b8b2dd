import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { loadFixture } from '../../../src/core/fixture/loadFixture.ts';
import { replayFixture } from '../../../src/evm/node/replayFixture.ts';
import { fixturesRoot } from './runFixtureFolder.ts';

const templatesRoot = join(import.meta.dirname, '../../../tracer-templates');

type Json = Record<string, any>;

interface Regression {
  /** What went wrong in the template before its fix. */
  name: string;
  fixture: string;
  template: string;
  config: object;
  /** Picks the part of the result the fix is about. */
  pick: (result: Json) => unknown;
  /** From the fixture's expected result. */
  want: unknown;
}

const regressions: Regression[] = [
  {
    name: 'call-tree: a pre-Homestead code-deposit out of gas is no error (frame keeps to and logs)',
    fixture: 'call_tracer_withLog/frontier_create_outofstorage.json',
    template: 'call-tree.js',
    config: { withLog: true },
    pick: (r) => ({ error: r.error, to: r.to, logs: r.calls[5].logs.length }),
    want: { error: undefined, to: '0xc24431c1a1147456414355b1f1769de450e524da', logs: 1 },
  },
  {
    name: 'prestate: the delegation target of a transaction to an EIP-7702 account is looked up',
    fixture: 'prestate_tracer/7702_delegate.json',
    template: 'prestate.js',
    config: {},
    pick: (r) => r['0xb684710e6d5914ad6e64493de2a3c424cc43e970']?.codeHash,
    want: '0x710e40f71ebfefb907b9970505d085952d073dedc9a67e7ce2db450194c9ad04',
  },
  {
    name: 'prestate: after London the sender pays baseFee + tip, derived from the refund (ctx.gasPrice is the tip)',
    fixture: 'prestate_tracer/create_post_eip158.json',
    template: 'prestate.js',
    config: {},
    pick: (r) => r['0x82211934c340b29561381392348d48413e15adc8'],
    want: { balance: '0x6abd7a808913ed2', nonce: 64 },
  },
  {
    name: 'prestate: the coinbase pre-balance has the fee taken off, and it is only in post when empty before',
    fixture: 'prestate_tracer_with_diff_mode/simple.json',
    template: 'prestate.js',
    config: { diffMode: true },
    pick: (r) => [
      r.pre['0x1585936b53834b021f68cc13eeefdec2efc8e724'],
      r.post['0x1585936b53834b021f68cc13eeefdec2efc8e724'],
    ],
    want: [undefined, { balance: '0x420eed1bd6c00' }],
  },
  {
    name: 'prestate diff: after Cancun a SELFDESTRUCT of an old contract keeps the account in post',
    fixture: 'prestate_tracer_with_diff_mode/suicide_cancun.json',
    template: 'prestate.js',
    config: { diffMode: true },
    pick: (r) => r.post['0x2222222222222222222222222222222222222222'],
    want: {
      balance: '0x0',
      storage: {
        '0x0000000000000000000000000000000000000000000000000000000000000001':
          '0x0000000000000000000000000000000000000000000000000000000000000099',
      },
    },
  },
  {
    name: 'prestate diff: before London a SELFDESTRUCT ending the transaction drops the account from post',
    fixture: 'prestate_tracer_with_diff_mode/suicide.json',
    template: 'prestate.js',
    config: { diffMode: true },
    pick: (r) => [
      r.post['0x2861bf89b6c640c79040d357c1e9513693ef5d3f'],
      r.pre['0x2861bf89b6c640c79040d357c1e9513693ef5d3f']?.balance,
    ],
    want: [undefined, '0x0'],
  },
];

describe('template regressions found with the geth fixtures', () => {
  it.each(regressions)('$name', { timeout: 120_000 }, async ({ fixture, template, config, pick, want }) => {
    const json: unknown = JSON.parse(readFileSync(join(fixturesRoot, fixture), 'utf8'));
    const tracer = readFileSync(join(templatesRoot, template), 'utf8');
    const result = (await replayFixture(loadFixture(json), {
      tracer,
      tracerConfig: config,
      timeout: '100s',
    })) as Json;
    expect(pick(result)).toEqual(want);
  });
});

describe('flattened templates (what is sent over HTTPS) give the same result', () => {
  const cases: [string, string, object][] = [
    ['call-tree.js', 'call_tracer_withLog/multi_contracts.json', { withLog: true }],
    ['prestate.js', 'prestate_tracer_with_diff_mode/inner_create.json', { diffMode: true }],
    ['flat-calls.js', 'call_tracer_flat/deep_calls.json', {}],
  ];
  it.each(cases)('%s on %s', { timeout: 120_000 }, async (template, fixture, config) => {
    const source = readFileSync(join(templatesRoot, template), 'utf8');
    const flat = flattenTracer(source);
    expect(flat.ok).toBe(true);
    const json: unknown = JSON.parse(readFileSync(join(fixturesRoot, fixture), 'utf8'));
    const replay = (tracer: string) =>
      replayFixture(loadFixture(json), { tracer, tracerConfig: config, timeout: '100s' });
    const [original, flattened] = [await replay(source), await replay(flat.code)];
    expect(flattened).toEqual(original);
  });
});
