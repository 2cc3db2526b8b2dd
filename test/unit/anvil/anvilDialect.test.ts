import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { buildRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import { type ProbeReport, probeNode, probeVerdict } from '../../../src/core/rpc/probe/probe.ts';
import { dialectCanaries } from '../../../src/core/rpc/probe/probeDialect.ts';
import { responseText } from '../../../src/core/rpc/protocol/transportOutcome.ts';
import { createVmRealm } from '../../../src/evm/host/realm/createVmRealm.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { createEmbeddedTransport } from '../../../src/io/transport/createEmbeddedTransport.ts';
import { createHttpTransport } from '../../../src/io/transport/createHttpTransport.ts';
import { createProbeSender } from '../../../src/io/transport/createProbeSender.ts';
import {
  type WebSocketConstructorLike,
  createWsTransport,
} from '../../../src/io/transport/createWsTransport.ts';
import type { Transport } from '../../../src/io/transport/transport.ts';
import { anvilDialectAnswers } from '../../helpers/dialectAnswers.ts';
import { type RunningNode, startAnvil } from '../../helpers/nodes.ts';
import { rawRpc } from './anvilChain.ts';

/*
 * The probe's dialect verdict against a real node that runs JS tracers (anvil 1.7.1, Boa, started as a user would:
 * its default hardfork) and against the embedded node, which implements geth's semantics.
 */

const nonce = 'probe-anvil0000000d1a1e';
const Impl = WebSocket as unknown as WebSocketConstructorLike;

/** The differences anvil 1.7.1 shows, in the battery's order (docs/dialects.md has the evidence). */
const anvilDifferences = [
  'setup-receives-object',
  'no-bigint',
  'hook-errors-swallowed',
  'timeout-ignored',
  'getcost-late',
  'frame-value-zero',
  'selfdestruct-as-call',
  'result-db-pre-state',
];

let anvil: RunningNode;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil?.stop();
});

const probeWith = (t: Transport) => probeNode(createProbeSender(t), { nonce });

function expectAnvilDialect(r: ProbeReport) {
  expect(r.jsTracing).toBe('supported');
  expect(r.clientFamily).toBe('anvil');
  expect(r.dialect?.differences.map((d) => d.id)).toEqual(anvilDifferences);
  expect(r.dialect).toMatchObject({ matchesGeth: false, target: 'reth-anvil' });
  expect(r.dialect!.checks.map((c) => [c.canary, c.outcome])).toEqual([
    ['setup', 'differs'],
    ['bigint', 'differs'],
    ['hook-errors', 'differs'],
    ['timeout', 'differs'],
    ['es2015', 'geth'],
    ['getcost', 'differs'],
    ['frames', 'differs'],
    ['result-db', 'differs'],
  ]);
  expect(probeVerdict(r)).toMatch(/^supported — differs from geth: setup\(cfg\) got an object/);
}

describe('anvil 1.7.1', () => {
  it('answers each canary exactly as recorded in test/helpers/dialectAnswers.ts', async () => {
    const recorded = anvilDialectAnswers(nonce);
    for (const canary of dialectCanaries) {
      const answer = await rawRpc(anvil.url, 'debug_traceCall', canary.params(nonce));
      expect(answer, canary.id).toEqual(recorded[canary.id]);
    }
  });

  it('probe over HTTP: supported — differs from geth, each known difference named, in a bounded time', async () => {
    const r = await probeWith(createHttpTransport({ url: anvil.url, timeoutMs: 20_000 }));
    expectAnvilDialect(r);
    expect(r.clientVersion).toBe('anvil/v1.7.1');
    // Eight one-request canaries; each bounded by the probe (5 s), together well under that on a local node.
    expect(r.evidence.filter((e) => e.note.startsWith('dialect:'))).toHaveLength(8);
    expect(r.dialect!.durationMs).toBeLessThan(5000);
  });

  it('probe over WebSocket (ws://, same port) gives the same dialect', async () => {
    const t = createWsTransport({ url: anvil.wsUrl, WebSocketImpl: Impl, supportsHeaders: true });
    try {
      expectAnvilDialect(await probeWith(t));
    } finally {
      t.close?.();
    }
  });

  it('a WebSocket round trip: a template traced over ws:// answers what HTTP answers', async () => {
    const source = readFileSync(
      join(import.meta.dirname, '../../../tracer-templates/opcode-histogram.js'),
      'utf8',
    );
    const call = {
      from: '0x0000000000000000000000000000000000000000',
      gas: '0x30000',
      data: '0x60015b5a5000',
    };
    const request = buildRequest(
      'debug_traceCall',
      [call, 'latest', { tracer: flattenTracer(source).code }],
      'ethereum',
      7,
    );
    const t = createWsTransport({ url: anvil.wsUrl, WebSocketImpl: Impl, supportsHeaders: true });
    try {
      const outcome = await t.send(request);
      expect(outcome.kind).toBe('response');
      const body = JSON.parse(responseText(outcome as Parameters<typeof responseText>[0]));
      expect(body).toEqual({
        jsonrpc: '2.0',
        id: 7,
        result: { PUSH1: 1, JUMPDEST: 1, GAS: 1, POP: 1, STOP: 1 },
      });
      expect(await rawRpc(anvil.url, 'debug_traceCall', request.params)).toEqual({ result: body.result });
    } finally {
      t.close?.();
    }
  });
});

describe('tracer probe against anvil', () => {
  const tracer = (args: string[]) =>
    promisify(execFile)(process.execPath, [join(import.meta.dirname, '../../../bin/tracer.mjs'), ...args]);

  it('--json shows dialect with each difference', async () => {
    const { stdout } = await tracer(['probe', '--endpoint', anvil.url, '--json']);
    const report = JSON.parse(stdout) as ProbeReport;
    expect(report.dialect?.differences.map((d) => d.id)).toEqual(anvilDifferences);
    expect(report.dialect).toMatchObject({ matchesGeth: false, target: 'reth-anvil' });
  });

  it('the human report names the differences on the verdict line and details them', async () => {
    const { stdout } = await tracer(['probe', '--endpoint', anvil.url]);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(`JS tracing: supported — differs from geth: ${anvilDifferences.join(', ')}`);
    expect(lines).toContain(
      '  - getcost-late: log.getCost() lags one step: got 0,3,1,2,2 where geth gives 3,1,2,2,0',
    );
    expect(lines.find((l) => l.startsWith('dialect: '))).toMatch(
      /^dialect: target reth-anvil, 8 canaries in \d+ ms$/,
    );
  });
});

describe('the embedded node', () => {
  it.each([
    ['QuickJS realm (the page)', undefined],
    ['V8-context realm (the CLI)', createVmRealm],
  ])('%s: supported — behaves like geth', async (_name, createRealm) => {
    const node = await createEmbeddedNode({ createRealm });
    const t = createEmbeddedTransport({ request: (req) => node.request(req), restart: () => {} });
    const r = await probeWith(t);
    expect(r.jsTracing).toBe('supported');
    expect(r.dialect).toMatchObject({ matchesGeth: true, target: 'geth', differences: [] });
    expect(r.dialect!.checks.every((c) => c.outcome === 'geth')).toBe(true);
    expect(probeVerdict(r)).toBe('supported — behaves like geth');
  });
});
