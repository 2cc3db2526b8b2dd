import type { Severity } from '../diagnostics.ts';

/** One rule of the tracer check: its id, the severity it reports with, and what it is about. */
export interface TracerRule {
  id: string;
  severity: Severity;
  summary: string;
}

const rule = (id: string, severity: Severity, summary: string): TracerRule => ({
  id: `tracer/${id}`,
  severity,
  summary,
});

/** Every rule id `checkTracer` can report (besides checkEs5's `es5/*`), for docs, help and filters. */
export const tracerRules: readonly TracerRule[] = [
  rule('not-an-object', 'error', 'the source is not one object literal in an accepted form'),
  rule('parenthesized', 'info', 'the object is wrapped in parentheses'),
  rule('trailing-semicolon', 'info', "a ';' follows the object (a syntax error in geth)"),
  rule('variable-declaration', 'info', "the object is written as 'var NAME = {...}'"),
  rule('module-exports', 'info', "the object is written as 'module.exports = {...}'"),
  rule('missing-result', 'error', 'no result function'),
  rule('missing-fault', 'error', 'no fault function'),
  rule('enter-exit-pair', 'error', 'only one of enter and exit is a function'),
  rule('hook-not-function', 'error', 'step, setup, enter or exit is not a function'),
  rule('hook-arity', 'warning', 'a hook declares more parameters than geth passes'),
  rule('duplicate-member', 'warning', 'a member is defined twice'),
  rule('accessor-hook', 'warning', 'a hook is written as a getter or setter'),
  rule('unknown-member', 'warning', 'an accessor geth does not have (log, db, ctx, frames, bigInt)'),
  rule('method-not-called', 'warning', 'an accessor method is read without calling it'),
  rule('not-a-function', 'warning', 'a value accessor is called like a function'),
  rule('bytes-to-hex', 'warning', "toHex()/toString('hex') called on a byte array"),
  rule('unknown-opcode', 'warning', 'log.op.toString() compared with a name geth does not print'),
  rule('unknown-call-type', 'warning', 'frame.getType() or ctx.type compared with a type that never occurs'),
  rule('this-in-nested-function', 'warning', "'this' inside a nested callback is not the tracer"),
  rule('arrow-member-this', 'warning', "an arrow-function member uses 'this'"),
  rule(
    'invalid-buffer-argument',
    'warning',
    "a string, bigInt or number where geth needs a byte array ('invalid buffer type')",
  ),
  rule('stored-reused-object', 'warning', 'the reused log, frame or frame result object is stored'),
  rule('setup-config-not-parsed', 'warning', 'setup reads a field of its config string without JSON.parse'),
  rule('result-returns-bytes', 'warning', 'result returns a byte array (encoded as {"0":…})'),
  rule('result-returns-bigint', 'warning', 'result returns a bigInt (encoded as a decimal string)'),
  rule('result-returns-go-string', 'warning', 'result returns a geth-made string directly (encoded as {})'),
  rule('double-quoted-string', 'info', 'a double-quoted string literal (breaks hand-written JSON payloads)'),
  rule('unknown-global', 'warning', 'a global geth does not provide (console, require, BigInt, …)'),
  rule('negative-stack-index', 'warning', 'log.stack.peek() with a negative index'),
  rule('bigint-equality', 'warning', 'a bigInt compared with === or with another bigInt'),
  rule('create2-salt-not-hex', 'warning', 'toContract2() gets a bigInt salt (read as decimal text)'),
  rule('precompiled-in-setup', 'warning', 'isPrecompiled() in setup (always false there)'),
  rule('bigint-hex-prefix', 'warning', "bigInt() given a '0x' string"),
  rule('internal-error', 'error', 'the check itself failed (a bug)'),
];
