import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RpcResult, classifyResponse } from '../../../src/core/rpc/protocol/classifyResponse.ts';
import { type DialectCall, dialectCanaries, probeDialect } from '../../../src/core/rpc/probe/probeDialect.ts';
import { type TransportOutcome, textResponse } from '../../../src/core/rpc/protocol/transportOutcome.ts';
import { type Answer, fail, gethDialectAnswers, ok } from '../../helpers/dialectAnswers.ts';

// Each canary's judge, fed answers as classifyResponse reads them from a node's body.

const nonce = 'probe-test-nonce'; // hex digits b, e, e, c, e: the number 0xbeece

const answer = (a: Answer | { body: string }): RpcResult =>
  classifyResponse(
    textResponse(
      'body' in (a as object)
        ? (a as { body: string }).body
        : JSON.stringify({ jsonrpc: '2.0', id: 1, ...(a as object) }),
    ),
    { method: 'debug_traceCall' },
  );

const canary = (id: string) => dialectCanaries.find((c) => c.id === id)!;

const zero = '0x0000000000000000000000000000000000000000';
const transfer = {
  from: zero,
  to: '0x000000000000000000000000000000000000dead',
  gas: '0x5208',
  value: '0x0',
};
const creation = (data: string) => ({ from: zero, gas: '0x30000', value: '0x0', data });
const gethFrames = 'STATICCALL:u,exit,SELFDESTRUCT:0,exit';
const gethSlot = '0x' + 'beece'.padStart(64, '0');
/** A body that is JSON but no JSON-RPC answer (a proxy's own reply). */
const notRpc = { body: '{"jsonrpc":"2.0","id":1}' };
const notRpcSaid = 'The body is JSON but has neither result nor error: not a JSON-RPC response';

describe('dialect canaries: what each one sends', () => {
  it.each([
    ['setup', transfer, { tracerConfig: { k: nonce }, timeout: '5s' }],
    ['bigint', transfer, { timeout: '5s' }],
    ['hook-errors', creation('0x60015b5a5000'), { timeout: '5s' }],
    ['timeout', transfer, { timeout: '50ms' }],
    ['es2015', transfer, { timeout: '5s' }],
    ['getcost', creation('0x60015b5a5000'), { timeout: '5s' }],
    ['frames', creation('0x600060006000600060de5afa5061deadff'), { timeout: '5s' }],
    // SSTORE of the nonce's number, 0xbeece, as PUSH4 000beece.
    ['result-db', creation('0x63000beece60005500'), { timeout: '5s' }],
  ])('%s → debug_traceCall(%j, latest, …)', (id, call, options) => {
    const [sentCall, block, { tracer, ...rest }] = canary(id).params(nonce) as [
      unknown,
      unknown,
      { tracer: string },
    ];
    expect([sentCall, block, rest]).toEqual([call, 'latest', options]);
    expect(typeof tracer).toBe('string');
  });

  // The number a canary derives from the nonce: its last six hex digits, 1 when it has none.
  it.each([
    ['probe-test-nonce', 'function:beecf', '0x63000beece60005500'],
    ['probe-00000000000abc12', 'function:abc13', '0x63000abc1260005500'],
    ['proxy-qrstuvwxyz', 'function:2', '0x630000000160005500'],
  ])('nonce %s → bigint geth answer %s, result-db code %s', (n, bigint, code) => {
    expect(canary('bigint').judge(answer(ok(bigint)), n)).toEqual({ outcome: 'geth' });
    expect((canary('result-db').params(n)[0] as { data: string }).data).toBe(code);
  });
});

describe('dialect canaries: how each one reads its answer', () => {
  const unexpected = (detail: string) => ({ outcome: 'unexpected', detail });
  const differs = (id: string, detail: string) => ({ outcome: 'differs', differences: [{ id, detail }] });
  const geth = { outcome: 'geth' };
  it.each<[string, Answer | { body: string }, object]>([
    ['setup', ok(`string:${nonce}`), geth],
    [
      'setup',
      ok(`object:${nonce}`),
      differs(
        'setup-receives-object',
        'setup(cfg) got an object, not a JSON string (JSON.parse(cfg) throws)',
      ),
    ],
    ['setup', ok('string:other'), unexpected(`got "string:other"; geth answers "string:${nonce}"`)],
    [
      'setup',
      fail('TypeError: x\n    at setup'),
      unexpected(`got the error "TypeError: x"; geth answers "string:${nonce}"`),
    ],
    [
      'setup',
      fail('E'.repeat(200)),
      unexpected(`got the error "${'E'.repeat(160)}"; geth answers "string:${nonce}"`),
    ],
    ['setup', ok('x'.repeat(200)), unexpected(`got "${'x'.repeat(119)}; geth answers "string:${nonce}"`)],
    ['setup', notRpc, unexpected(`got ${notRpcSaid}; geth answers "string:${nonce}"`)],
    ['bigint', ok('function:beecf'), geth],
    ['bigint', ok('undefined:'), differs('no-bigint', 'there is no bigInt global')],
    ['bigint', ok('function:1'), unexpected('got "function:1"; geth answers "function:beecf"')],
    ['bigint', notRpc, unexpected(`got ${notRpcSaid}; geth answers "function:beecf"`)],
    ['hook-errors', fail(`Error: ${nonce}-step at step (<eval>:1:38(6))`), geth],
    [
      'hook-errors',
      fail('Error: other-step'),
      unexpected(`got the error "Error: other-step"; geth answers an error naming '${nonce}-step'`),
    ],
    [
      'hook-errors',
      ok(1),
      differs(
        'hook-errors-swallowed',
        'an error thrown in step was swallowed: the trace succeeded with 1 (geth fails with the error)',
      ),
    ],
    [
      'hook-errors',
      ok(5),
      differs(
        'hook-errors-swallowed',
        'an error thrown in step was swallowed: the trace succeeded with 5 (geth fails with the error)',
      ),
    ],
    ['hook-errors', ok(0), unexpected(`got 0; geth answers an error naming '${nonce}-step'`)],
    ['hook-errors', ok('2'), unexpected(`got "2"; geth answers an error naming '${nonce}-step'`)],
    ['hook-errors', notRpc, unexpected(`got ${notRpcSaid}; geth answers an error naming '${nonce}-step'`)],
    ['timeout', fail('execution timeout'), geth],
    [
      'timeout',
      fail(
        'RuntimeLimit: Maximum loop iteration limit 200000 exceeded\n    at result (unknown at :1:39)',
        -32603,
      ),
      differs(
        'timeout-ignored',
        'timeout was ignored: the loop was stopped by a loop-iteration limit instead ("RuntimeLimit: Maximum loop iteration limit 200000 exceeded")',
      ),
    ],
    [
      'timeout',
      ok(`${nonce}-late`),
      differs('timeout-ignored', 'timeout was ignored: a 600 ms loop ran to its end past a 50ms timeout'),
    ],
    ['timeout', ok('other-late'), unexpected('got "other-late"; geth answers "execution timeout"')],
    ['timeout', fail('boom'), unexpected('got the error "boom"; geth answers "execution timeout"')],
    ['timeout', notRpc, unexpected(`got ${notRpcSaid}; geth answers "execution timeout"`)],
    ['es2015', ok(`${nonce}-es`), geth],
    [
      'es2015',
      fail('SyntaxError: (anonymous): Line 1:8 Unexpected token ('),
      differs(
        'es2015-rejected',
        'ES2015 syntax was rejected (the error "SyntaxError: (anonymous): Line 1:8 Unexpected token (")',
      ),
    ],
    [
      'es2015',
      fail('Unexpected token =>'),
      differs('es2015-rejected', 'ES2015 syntax was rejected (the error "Unexpected token =>")'),
    ],
    [
      'es2015',
      fail('ReferenceError: f is not defined'),
      unexpected(`got the error "ReferenceError: f is not defined"; geth answers "${nonce}-es"`),
    ],
    ['es2015', ok('x-es'), unexpected(`got "x-es"; geth answers "${nonce}-es"`)],
    ['es2015', notRpc, unexpected(`got ${notRpcSaid}; geth answers "${nonce}-es"`)],
    ['getcost', ok('3,1,2,2,0'), geth],
    [
      'getcost',
      ok('0,3,1,2,2'),
      differs('getcost-late', 'log.getCost() lags one step: got 0,3,1,2,2 where geth gives 3,1,2,2,0'),
    ],
    ['getcost', ok('3,1,2,2'), unexpected('got "3,1,2,2"; geth answers "3,1,2,2,0"')],
    ['getcost', ok('0,3,1,2,9'), unexpected('got "0,3,1,2,9"; geth answers "3,1,2,2,0"')],
    ['getcost', ok(5), unexpected('got 5; geth answers "3,1,2,2,0"')],
    ['getcost', notRpc, unexpected(`got ${notRpcSaid}; geth answers "3,1,2,2,0"`)],
    ['frames', ok(gethFrames), geth],
    ['frames', fail('x'), unexpected(`got the error "x"; geth answers "${gethFrames}"`)],
    ['frames', ok(5), unexpected(`got 5; geth answers "${gethFrames}"`)],
    ['frames', notRpc, unexpected(`got ${notRpcSaid}; geth answers "${gethFrames}"`)],
    [
      'frames',
      ok(`CREATE:0,${gethFrames},exit`),
      differs('top-level-enter-exit', 'enter/exit were called for the outermost frame (CREATE)'),
    ],
    // An outermost enter without its exit is no known dialect, even if the rest would be geth's.
    [
      'frames',
      ok(`CREATE:0,${gethFrames},CALL:0`),
      unexpected(`got "CREATE:0,${gethFrames},CALL:0"; geth answers "${gethFrames}"`),
    ],
    [
      'frames',
      ok(`STATICCALL:0,exit,SELFDESTRUCT:0,exit,CALL:0,exit`),
      unexpected(`got "STATICCALL:0,exit,SELFDESTRUCT:0,exit,CALL:0,exit"; geth answers "${gethFrames}"`),
    ],
    [
      'frames',
      ok('STATICCALL:0,exit,CALL:0,exit'),
      {
        outcome: 'differs',
        differences: [
          { id: 'frame-value-zero', detail: 'frame.getValue() of a STATICCALL was 0 (geth: undefined)' },
          {
            id: 'selfdestruct-as-call',
            detail:
              'SELFDESTRUCT reached enter as a copy of the frame that ran it (type CALL; geth: type SELFDESTRUCT)',
          },
        ],
      },
    ],
    ['result-db', ok(gethSlot), geth],
    [
      'result-db',
      ok('0x' + '0'.repeat(64)),
      differs(
        'result-db-pre-state',
        'db in result() read the slot as it was before the transaction (0), not the value it stored',
      ),
    ],
    ['result-db', ok('0x1'), unexpected(`got "0x1"; geth answers "${gethSlot}"`)],
    ['result-db', notRpc, unexpected(`got ${notRpcSaid}; geth answers "${gethSlot}"`)],
  ])('%s canary, answer %j → %j', (id, a, expected) => {
    expect(canary(id).judge(answer(a), nonce)).toEqual(expected);
  });
});

describe('probeDialect: the battery', () => {
  afterEach(() => vi.restoreAllMocks());

  /** A call that answers each canary from `answers`, by the canary's note. */
  const caller =
    (answers: Record<string, Answer | TransportOutcome>): DialectCall =>
    async (method, params, note) => {
      const id = dialectCanaries.find((c) => c.note === note)!.id;
      const a = answers[id];
      const outcome =
        'kind' in (a as object)
          ? (a as TransportOutcome)
          : textResponse(JSON.stringify({ jsonrpc: '2.0', id: 1, ...(a as object) }));
      return classifyResponse(outcome, { method });
    };

  it('times each canary and the whole battery', async () => {
    // Each Date.now() is 10 ms after the one before: one at the start, two per canary, one at the end.
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 10));
    const r = await probeDialect(caller(gethDialectAnswers(nonce)), nonce, 'geth');
    expect(r.checks.map((c) => c.ms)).toEqual(Array(8).fill(10));
    expect(r.durationMs).toBe(170);
    expect(r.matchesGeth).toBe(true);
  });

  it('a canary answered with an HTTP error got no answer: not measured, and the battery goes on', async () => {
    const r = await probeDialect(
      caller({ ...gethDialectAnswers(nonce), setup: textResponse('slow down', { status: 429 }) }),
      nonce,
      'geth',
    );
    expect(r.checks.map((c) => c.outcome)).toEqual(['no-answer', ...Array(7).fill('geth')]);
    expect(r.differences).toEqual([
      { id: 'not-measured', detail: 'the setup canary got no answer: HTTP 429: rate limit reached' },
    ]);
    expect(r.matchesGeth).toBe(false);
    expect(r.target).toBe('unknown');
  });
});
