import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { describeDialect, detectDialectTarget } from '../../../src/core/rpc/probe/dialect.ts';
import {
  type ProbeReport,
  type ProbeSend,
  probeNode,
  probeVerdict,
} from '../../../src/core/rpc/probe/probe.ts';
import { dialectCanaries } from '../../../src/core/rpc/probe/probeDialect.ts';
import { textResponse } from '../../../src/core/rpc/protocol/transportOutcome.ts';
import {
  type Answer,
  anvilDialectAnswers,
  fail,
  gethDialectAnswers,
  ok,
} from '../../helpers/dialectAnswers.ts';

const nonce = 'probe-00000000000abc12';

/** Which canary a tracer is (by its text), or the probe's own canary / negative control. */
function canaryOf(tracer: string): string {
  if (tracer.includes('negative-control')) return 'broken';
  if (tracer.startsWith('{n:') && !tracer.includes('step')) return 'nonce';
  if (tracer.includes('setup:function(c)')) return 'setup';
  if (tracer.includes('typeof bigInt')) return 'bigint';
  if (tracer.includes('-step')) return 'hook-errors';
  if (tracer.includes('Date.now()')) return 'timeout';
  if (tracer.includes('fault(){}')) return 'es2015';
  if (tracer.includes('getCost')) return 'getcost';
  if (tracer.includes('getValue')) return 'frames';
  if (tracer.includes('db.getState')) return 'result-db';
  throw new Error(`unknown tracer ${tracer}`);
}

/** An in-process node: web3_clientVersion, eth_blockNumber and debug_traceCall answered from `answers`. */
function fakeNode(clientVersion: string, answers: Record<string, Answer>): ProbeSend {
  return async (method, params, request) => {
    let body: Answer;
    if (method === 'web3_clientVersion') body = { result: clientVersion };
    else if (method === 'eth_blockNumber') body = { result: '0x10' };
    else if (method === 'debug_traceCall') {
      const tracer = (params[2] as { tracer: string }).tracer;
      const which = canaryOf(tracer);
      body =
        which === 'nonce'
          ? { result: /n:'([^']*)'/.exec(tracer)![1] }
          : which === 'broken'
            ? { error: { code: -32000, message: "Error: x    in server-side tracer function 'result'" } }
            : (answers[which] ?? { result: null });
    } else
      body = { error: { code: -32601, message: `the method ${method} does not exist/is not available` } };
    if (body === 'hang') return new Promise(() => {});
    return textResponse(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...body }));
  };
}

const gethAnswers = gethDialectAnswers(nonce);
const anvilAnswers = anvilDialectAnswers(nonce);

const probe = (send: ProbeSend, canaryTimeoutMs?: number) => probeNode(send, { nonce, canaryTimeoutMs });
const ids = (r: ProbeReport) => r.dialect?.differences.map((d) => d.id);

describe('the dialect battery', () => {
  it('has one request per canary, each a few bytes of tracer', () => {
    expect(dialectCanaries.map((c) => c.id)).toEqual([
      'setup',
      'bigint',
      'hook-errors',
      'timeout',
      'es2015',
      'getcost',
      'frames',
      'result-db',
    ]);
    for (const c of dialectCanaries) {
      const [, , options] = c.params(nonce) as [unknown, unknown, { tracer: string; timeout: string }];
      expect(options.tracer.length).toBeLessThan(250);
      expect(options.timeout).toMatch(/^\d+m?s$/);
    }
  });

  it('geth answers → supported — behaves like geth, target geth', async () => {
    const r = await probe(fakeNode('Geth/v1.16.1-stable/linux-amd64/go1.24.4', gethAnswers));
    expect(r.jsTracing).toBe('supported');
    expect(r.dialect).toMatchObject({ matchesGeth: true, target: 'geth', differences: [] });
    expect(r.dialect!.checks.map((c) => c.outcome)).toEqual(Array(8).fill('geth'));
    expect(probeVerdict(r)).toBe('supported — behaves like geth');
    const battery = r.evidence.slice(4);
    expect(battery.map((e) => e.request.method)).toEqual(Array(8).fill('debug_traceCall'));
    expect(battery[0].note).toBe('dialect: what setup(cfg) receives (geth: the JSON string of tracerConfig)');
  });

  it('anvil 1.7.1 answers → differs from geth, each difference named, target reth-anvil', async () => {
    const r = await probe(fakeNode('anvil/v1.7.1', anvilAnswers));
    expect(ids(r)).toEqual([
      'setup-receives-object',
      'no-bigint',
      'hook-errors-swallowed',
      'timeout-ignored',
      'getcost-late',
      'frame-value-zero',
      'selfdestruct-as-call',
      'result-db-pre-state',
    ]);
    expect(r.dialect).toMatchObject({ matchesGeth: false, target: 'reth-anvil' });
    expect(probeVerdict(r)).toBe(
      'supported — differs from geth: setup(cfg) got an object, not a JSON string (JSON.parse(cfg) throws); ' +
        'there is no bigInt global; an error thrown in step was swallowed: the trace succeeded with 1 (geth fails ' +
        'with the error); timeout was ignored: the loop was stopped by a loop-iteration limit instead ' +
        '("RuntimeLimit: Maximum loop iteration limit 200000 exceeded"); log.getCost() lags one step: got ' +
        '0,3,1,2,2 where geth gives 3,1,2,2,0; frame.getValue() of a STATICCALL was 0 (geth: undefined); ' +
        'SELFDESTRUCT reached enter as a copy of the frame that ran it (type CREATE; geth: type SELFDESTRUCT); db ' +
        'in result() read the slot as it was before the transaction (0), not the value it stored',
    );
  });

  it.each([
    [
      'a reth that reports the outermost frame',
      ok('CREATE:0,STATICCALL:u,exit,SELFDESTRUCT:0,exit,exit'),
      ['top-level-enter-exit'],
    ],
    [
      'outermost frame, value 0 and SELFDESTRUCT as CALL together',
      ok('CREATE:0,STATICCALL:0,exit,CALL:0,exit,exit'),
      ['top-level-enter-exit', 'frame-value-zero', 'selfdestruct-as-call'],
    ],
    ['no enter at all', ok(''), ['unexpected-answer']],
    [
      'a frame geth never reports',
      ok('STATICCALL:u,exit,SELFDESTRUCT:0,exit,CALL:0,exit'),
      ['unexpected-answer'],
    ],
  ])('frames canary: %s → %j', async (_name, frames, expected) => {
    const r = await probe(fakeNode('Reth/v1.5.0', { ...gethAnswers, frames }));
    expect(ids(r)).toEqual(expected);
  });

  it.each([
    [
      'es2015 rejected (old duktape-era geth)',
      'es2015',
      fail('SyntaxError: (anonymous): Line 1:8 Unexpected token ('),
      'es2015-rejected',
    ],
    ['a 600 ms loop that ran to its end', 'timeout', ok(`${nonce}-late`), 'timeout-ignored'],
    ['hook errors swallowed', 'hook-errors', ok(3), 'hook-errors-swallowed'],
  ])('%s → %s', async (_name, canary, answer, id) => {
    const r = await probe(fakeNode('Geth/v1.9.0', { ...gethAnswers, [canary]: answer }));
    expect(ids(r)).toEqual([id]);
    expect(r.dialect).toMatchObject({ matchesGeth: false, target: 'unknown' });
  });

  it('a client family with a known runtime names its target even when the battery matched geth', async () => {
    const r = await probe(fakeNode('Nethermind/v1.31.0', gethAnswers));
    expect(r.dialect).toMatchObject({ matchesGeth: true, target: 'nethermind' });
  });

  it('a canary that does not answer within its bound is not measured (and the battery goes on)', async () => {
    const started = Date.now();
    const r = await probe(fakeNode('Geth/v1.16.1', { ...gethAnswers, timeout: 'hang' }), 300);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(r.dialect!.differences).toEqual([
      {
        id: 'not-measured',
        detail: "the timeout canary got no answer: No answer within 0.3 s (the probe's bound for one canary)",
      },
    ]);
    expect(r.dialect!.checks.map((c) => c.outcome)).toEqual([
      'geth',
      'geth',
      'geth',
      'no-answer',
      'geth',
      'geth',
      'geth',
      'geth',
    ]);
    expect(r.dialect!.matchesGeth).toBe(false);
  });

  it('is not measured when only debug_traceTransaction ran the canary (no debug_traceCall)', async () => {
    const txOnly: ProbeSend = async (method, params, request) => {
      const tracer = (params[1] as { tracer?: string } | undefined)?.tracer ?? '';
      const body =
        method === 'web3_clientVersion'
          ? { result: 'Geth/v1.16.1-stable' }
          : method === 'eth_blockNumber'
            ? { result: '0x10' }
            : method === 'eth_getBlockByNumber'
              ? { result: { number: '0x10', transactions: ['0x' + '11'.repeat(32)] } }
              : method === 'debug_traceTransaction' && tracer.includes('throw')
                ? { error: { code: -32000, message: 'Error: x' } }
                : method === 'debug_traceTransaction'
                  ? { result: /n:'([^']*)'/.exec(tracer)?.[1] }
                  : {
                      error: {
                        code: -32601,
                        message: `the method ${method} does not exist/is not available`,
                      },
                    };
      return textResponse(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...body }));
    };
    const r = await probe(txOnly);
    expect(r.jsTracing).toBe('supported');
    expect(r.dialect).toEqual({
      matchesGeth: false,
      target: 'unknown',
      differences: [
        {
          id: 'not-measured',
          detail: 'the dialect battery needs debug_traceCall, and only debug_traceTransaction ran the canary',
        },
      ],
      checks: [],
      durationMs: 0,
    });
    expect(probeVerdict(r)).toBe(
      'supported — dialect not measured: the dialect battery needs debug_traceCall, and only debug_traceTransaction ran the canary',
    );
  });

  it('is not run when the verdict is not supported, or when turned off', async () => {
    const ignoring: ProbeSend = async (method, _params, request) =>
      textResponse(
        JSON.stringify({ jsonrpc: '2.0', id: request.id, result: method === 'eth_blockNumber' ? '0x1' : {} }),
      );
    const ignored = await probe(ignoring);
    expect(ignored.jsTracing).toBe('ignored');
    expect(ignored.dialect).toBeUndefined();
    const off = await probeNode(fakeNode('Geth/v1.16.1', gethAnswers), { nonce, dialect: false });
    expect(off.dialect).toBeUndefined();
    expect(off.evidence).toHaveLength(4);
  });
});

describe('the battery is not fooled', () => {
  it('a node that echoes the nonce of any tracer and fails only on throw: supported, but nothing like geth', async () => {
    // Each canary's answer is the tracer's quoted nonce or null: never geth's exact answer.
    const echo: ProbeSend = async (method, params, request) => {
      const tracer = method === 'debug_traceCall' ? (params[2] as { tracer: string }).tracer : '';
      const body =
        method === 'web3_clientVersion'
          ? { result: 'Geth/v1.16.1-stable' }
          : tracer.includes('throw')
            ? { error: { code: -32000, message: 'Error: x' } }
            : { result: /'([^']*)'/.exec(tracer)?.[1] ?? null };
      return textResponse(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...body }));
    };
    const r = await probe(echo);
    expect(r.jsTracing).toBe('supported');
    expect(r.dialect!.matchesGeth).toBe(false);
    expect(r.dialect!.target).toBe('unknown');
    expect(r.dialect!.checks.filter((c) => c.outcome === 'geth')).toEqual([]);
    expect(probeVerdict(r)).toMatch(/^supported — differs from geth: the setup canary got /);
  });

  it('a node that fails every tracer but the canary with every keyword in one error: not geth-like', async () => {
    const all = fail(`execution timeout SyntaxError ${nonce}-step`);
    const answers = Object.fromEntries(dialectCanaries.map((c) => [c.id, all]));
    const r = await probe(fakeNode('Geth/v1.16.1', answers));
    expect(r.dialect!.matchesGeth).toBe(false);
    // Two canaries read an error as geth's answer; the other six cannot be answered by an error.
    expect(r.dialect!.checks.filter((c) => c.outcome === 'geth').map((c) => c.canary)).toEqual([
      'hook-errors',
      'timeout',
    ]);
  });

  it('a node that runs setup and result but no EVM steps or frames: not geth-like', async () => {
    // Evaluates the tracer for real (setup gets geth's JSON string, bigInt is there), but executes no code.
    const resultOnly: ProbeSend = async (method, params, request) => {
      let body: Answer;
      if (method === 'web3_clientVersion') body = ok('Geth/v1.16.1-stable');
      else if (method !== 'debug_traceCall') body = ok('0x10');
      else {
        const { tracer, tracerConfig } = params[2] as { tracer: string; tracerConfig?: unknown };
        try {
          const t = runInNewContext(`(${tracer})`, {
            bigInt: (x: number) => ({
              plus: (y: number) => ({ toString: (b: number) => (x + y).toString(b) }),
            }),
          });
          if (t.setup) t.setup(JSON.stringify(tracerConfig ?? {}));
          body = ok(t.result({}, {}));
        } catch (e) {
          body = fail(String(e));
        }
      }
      return textResponse(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...(body as object) }));
    };
    const r = await probe(resultOnly, 2000);
    expect(r.jsTracing).toBe('supported');
    expect(r.dialect!.matchesGeth).toBe(false);
    const geth = r.dialect!.checks.filter((c) => c.outcome === 'geth').map((c) => c.canary);
    expect(geth).toEqual(['setup', 'bigint', 'es2015']);
    expect(r.dialect!.checks.find((c) => c.canary === 'hook-errors')!.outcome).toBe('unexpected');
  });
});

describe('describeDialect and detectDialectTarget', () => {
  it('words the verdict', () => {
    const base = {
      checks: [{ canary: 'setup', outcome: 'geth' as const, ms: 1 }],
      durationMs: 1,
      target: 'geth' as const,
    };
    expect(describeDialect({ ...base, matchesGeth: true, differences: [] })).toBe('behaves like geth');
    expect(
      describeDialect({
        ...base,
        matchesGeth: false,
        differences: [
          { id: 'no-bigint', detail: 'a' },
          { id: 'getcost-late', detail: 'b' },
        ],
      }),
    ).toBe('differs from geth: a; b');
  });

  it.each([
    ['anvil', [], true, 'reth-anvil'],
    ['reth', [], false, 'reth-anvil'],
    ['nethermind', ['no-bigint'], true, 'nethermind'],
    ['geth', [], true, 'geth'],
    ['unknown', [], false, 'unknown'],
    ['unknown', ['setup-receives-object', 'hook-errors-swallowed'], true, 'reth-anvil'],
    ['unknown', ['setup-receives-object'], true, 'unknown'],
    ['unknown', ['setup-receives-object', 'no-bigint'], true, 'reth-anvil'],
    ['unknown', ['no-bigint', 'hook-errors-swallowed'], true, 'unknown'],
    ['geth', ['unexpected-answer'], true, 'unknown'],
    ['geth', [], false, 'unknown'],
  ] as const)('family %s with %j (measured %s) → %s', (family, found, measured, target) => {
    const differences = found.map((id) => ({ id, detail: '' }));
    expect(detectDialectTarget(family, measured ? differences : undefined)).toBe(target);
  });

  it.each([
    [[], 'dialect not measured: no canary ran'],
    [[{ id: 'not-measured', detail: 'a' }], 'dialect not measured: a'],
    [
      [
        { id: 'not-measured', detail: 'a' },
        { id: 'not-measured', detail: 'b' },
      ],
      'dialect not measured: a; b',
    ],
  ] as const)('no canary ran, differences %j → %s', (differences, text) => {
    expect(
      describeDialect({
        matchesGeth: false,
        target: 'unknown',
        differences: [...differences],
        checks: [],
        durationMs: 0,
      }),
    ).toBe(text);
  });
});
