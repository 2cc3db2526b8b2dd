/** One JSON-RPC answer to a canary of the dialect battery (src/core/rpc/probe/probeDialect.ts), or no answer at all. */
export type Answer = { result: unknown } | { error: { code: number; message: string } } | 'hang';

export const ok = (result: unknown): Answer => ({ result });
export const fail = (message: string, code = -32000): Answer => ({ error: { code, message } });

/** The number the canaries derive from a nonce (its last six hex digits). */
export const nonceNumber = (nonce: string) => parseInt(nonce.replace(/[^0-9a-f]/gi, '').slice(-6) || '1', 16);

/** geth's answers to each canary (goja, geth ≥ 1.14; the error texts' positions are illustrative). */
export function gethDialectAnswers(nonce: string): Record<string, Answer> {
  const n = nonceNumber(nonce);
  return {
    setup: ok(`string:${nonce}`),
    bigint: ok(`function:${(n + 1).toString(16)}`),
    'hook-errors': fail(
      `Error: ${nonce}-step at step (<eval>:1:38(6))    in server-side tracer function 'step'`,
    ),
    timeout: fail("execution timeout at result (<eval>:1:60(12))    in server-side tracer function 'result'"),
    es2015: ok(`${nonce}-es`),
    getcost: ok('3,1,2,2,0'),
    frames: ok('STATICCALL:u,exit,SELFDESTRUCT:0,exit'),
    'result-db': ok('0x' + n.toString(16).padStart(64, '0')),
  };
}

/** anvil 1.7.1's answers to each canary, as measured (test/unit/anvil/anvilDialect.test.ts compares them with anvil). */
export function anvilDialectAnswers(nonce: string): Record<string, Answer> {
  return {
    ...gethDialectAnswers(nonce),
    setup: ok(`object:${nonce}`),
    bigint: ok('undefined:'),
    'hook-errors': ok(1),
    timeout: fail(
      'RuntimeLimit: Maximum loop iteration limit 200000 exceeded\n    at result (unknown at :1:39)',
      -32603,
    ),
    getcost: ok('0,3,1,2,2'),
    frames: ok('STATICCALL:0,exit,CREATE:0,exit'),
    'result-db': ok('0x' + '0'.repeat(64)),
  };
}
