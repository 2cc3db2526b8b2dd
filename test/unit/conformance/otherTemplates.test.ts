import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTemplateHeader } from '../../../src/core/templates/parseTemplateHeader.ts';
import { loadFixture } from '../../../src/core/fixture/loadFixture.ts';
import { replayFixture } from '../../../src/evm/node/replayFixture.ts';
import { fixturesRoot } from './runFixtureFolder.ts';

/**
 * The templates without a geth twin, replayed on geth fixtures and checked against facts read from the fixtures'
 * expected callTracer / prestateTracer results (so the expectations come from geth, not from the templates).
 */

const templatesRoot = join(import.meta.dirname, '../../../tracer-templates');

type Json = Record<string, any>;

function fixture(path: string): Json {
  return JSON.parse(readFileSync(join(fixturesRoot, path), 'utf8')) as Json;
}

async function run(template: string, path: string, tracerConfig: object = {}): Promise<any> {
  const tracer = readFileSync(join(templatesRoot, template), 'utf8');
  return replayFixture(loadFixture(fixture(path)), { tracer, tracerConfig, timeout: '100s' });
}

/** Every frame of a callTracer result, depth first (the order frames start in). */
function frames(frame: Json, depth = 0, out: { frame: Json; depth: number }[] = []) {
  out.push({ frame, depth });
  for (const c of frame.calls ?? []) frames(c, depth + 1, out);
  return out;
}

const opts = { timeout: 120_000 };

describe('templates checked against facts from geth fixtures', () => {
  it('call.js: one entry per CALL frame of the callTracer result', opts, async () => {
    const expected = fixture('call_tracer/deep_calls.json').result as Json;
    const calls = frames(expected).filter((f) => f.depth > 0 && f.frame.type === 'CALL');
    const data = (await run('call.js', 'call_tracer/deep_calls.json')) as string[];
    expect(data).toHaveLength(calls.length);
    for (const gas of data) expect(gas).toMatch(/^\d+$/);
  });

  it('selector-counter.js: the selectors and input sizes of every call frame', opts, async () => {
    const expected = fixture('call_tracer/deep_calls.json').result as Json;
    const want: Record<string, number> = {};
    for (const { frame } of frames(expected)) {
      const input = frame.input as string;
      if (input.length < 10) continue;
      const key = `${input.slice(0, 10)}-${(input.length - 10) / 2}`;
      want[key] = (want[key] ?? 0) + 1;
    }
    expect(await run('selector-counter.js', 'call_tracer/deep_calls.json')).toEqual(want);
  });

  it('revert-finder.js: the failed frames with depth, address and error', opts, async () => {
    const expected = fixture('call_tracer/inner_throw_outer_revert.json').result as Json;
    const want = frames(expected)
      .filter((f) => f.frame.error !== undefined)
      .map((f) => ({ depth: f.depth, address: f.frame.to, caller: f.frame.from, error: f.frame.error }));
    const got = (await run('revert-finder.js', 'call_tracer/inner_throw_outer_revert.json')) as Json[];
    const sortKey = (e: Json) => e.depth;
    expect(
      got
        .map((e) => ({ depth: e.depth, address: e.address, caller: e.caller, error: e.error }))
        .sort((a, b) => sortKey(a) - sortKey(b)),
    ).toEqual(want.sort((a, b) => sortKey(a) - sortKey(b)));
  });

  it('revert-finder.js: decodes the revert reason', opts, async () => {
    const expected = fixture('call_tracer/revert_reason.json').result as Json;
    const got = (await run('revert-finder.js', 'call_tracer/revert_reason.json')) as Json[];
    expect(got).toEqual([
      {
        depth: 0,
        type: 'CALL',
        address: expected.to,
        caller: expected.from,
        error: 'execution reverted',
        reason: expected.revertReason,
      },
    ]);
  });

  it('event-logs.js and erc20-transfers.js: the logs of the callTracer withLog result', opts, async () => {
    const path = 'call_tracer_withLog/multi_contracts.json';
    const expected = fixture(path).result as Json;
    const logs = frames(expected).flatMap((f) => (f.frame.logs ?? []) as Json[]);
    const key = (l: Json) => `${l.address} ${(l.topics as string[]).join(',')} ${l.data}`;
    const got = (await run('event-logs.js', path)) as Json[];
    expect(got.map(key).sort()).toEqual(logs.map(key).sort());

    const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
    const transfers = logs
      .filter((l) => l.topics.length === 3 && l.topics[0] === transferTopic)
      .map((l) => ({
        token: l.address,
        from: '0x' + l.topics[1].slice(26),
        to: '0x' + l.topics[2].slice(26),
        value: BigInt(l.data).toString(),
      }));
    expect(transfers.length).toBeGreaterThan(0);
    const got20 = (await run('erc20-transfers.js', path)) as Json[];
    const k20 = (t: Json) => `${t.token} ${t.from} ${t.to} ${t.value}`;
    expect(got20.map(k20).sort()).toEqual(transfers.map(k20).sort());
  });

  it(
    'sload-sstore.js: the slots touched and the values read match the prestateTracer result',
    opts,
    async () => {
      const path = 'prestate_tracer/simple.json';
      const contract = '0x3b873a919aa0512d5a0f09e6dcceaa4a6727fafe';
      const pre = (fixture(path).result as Json)[contract].storage as Record<string, string>;
      const got = (await run('sload-sstore.js', path)) as Json[];
      expect(new Set(got.map((e) => e.slot))).toEqual(new Set(Object.keys(pre)));
      const written = new Set<string>();
      for (const e of got) {
        expect(e.address).toBe(contract);
        expect(typeof e.pc).toBe('number');
        if (e.op === 'SSTORE') written.add(e.slot);
        else if (!written.has(e.slot)) expect(e.value).toBe(pre[e.slot]);
      }
      expect(got.some((e) => e.op === 'SLOAD')).toBe(true);
    },
  );

  it(
    'opcode-histogram.js and gas-per-step.js agree on the steps; gasUsed is the receipt gas',
    opts,
    async () => {
      const path = 'call_tracer/simple.json';
      const expected = fixture(path).result as Json;
      const counts = (await run('opcode-histogram.js', path)) as Record<string, number>;
      const steps = (await run('gas-per-step.js', path)) as Json;
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      expect(steps.steps).toHaveLength(total);
      expect(steps.skipped).toBe(0);
      expect(counts.CALL).toBe(frames(expected).filter((f) => f.depth === 1).length);
      expect('0x' + steps.gasUsed.toString(16)).toBe(expected.gasUsed);
      expect(steps.steps[0]).toMatchObject({ pc: 0, depth: 1 });
      const limited = (await run('gas-per-step.js', path, { limit: 5 })) as Json;
      expect(limited.steps).toHaveLength(5);
      expect(limited.skipped).toBe(total - 5);
    },
  );

  it('storage-diff.js: the changed slots of the prestateTracer diffMode result', opts, async () => {
    const path = 'prestate_tracer_with_diff_mode/simple.json';
    const { pre, post } = fixture(path).result as { pre: Json; post: Json };
    const want: Json = {};
    for (const [address, account] of Object.entries(post)) {
      for (const [slot, after] of Object.entries((account as Json).storage ?? {})) {
        want[address] ??= {};
        want[address][slot] = { before: pre[address].storage[slot], after };
      }
    }
    expect(Object.keys(want)).toHaveLength(1);
    expect(await run('storage-diff.js', path)).toEqual(want);
  });
});

describe('every template runs with its example tracerConfig', () => {
  const names = readdirSync(templatesRoot).filter((f) => f.endsWith('.js'));
  it.each(names)('%s on call_tracer_withLog/multi_contracts.json', opts, async (name) => {
    const parsed = parseTemplateHeader(readFileSync(join(templatesRoot, name), 'utf8'), name.slice(0, -3));
    expect(parsed.ok).toBe(true);
    const config =
      parsed.ok && parsed.template.tracerConfig !== undefined ? parsed.template.tracerConfig : {};
    const result: unknown = await run(name, 'call_tracer_withLog/multi_contracts.json', config as object);
    expect(result).not.toBeUndefined();
    expect(JSON.stringify(result).length).toBeGreaterThan(2);
  });
});
