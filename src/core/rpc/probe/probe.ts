import type { RpcResult } from '../protocol/classifyResponse.ts';
import { describeIgnoredResult, detectClientFamily } from '../protocol/describeTracerEcho.ts';
import { describeDialect } from './dialect.ts';
import { probeDialect, unmeasuredDialect } from './probeDialect.ts';
import {
  type JsTracingSupport,
  type ProbeOptions,
  type ProbeReport,
  type ProbeSend,
  brokenTracer,
  canaryTracer,
  createProbeSession,
  okValue,
  probeCall,
  randomNonce,
} from './probeSession.ts';

export type {
  JsTracingSupport,
  ProbeEvidence,
  ProbeOptions,
  ProbeReport,
  ProbeSend,
} from './probeSession.ts';
export { brokenTracer, canaryTracer, probeCall } from './probeSession.ts';
export type { DialectReport, DialectTarget } from './dialect.ts';

type Call = ReturnType<typeof createProbeSession>['call'];

/** A verdict and the sentence explaining it. */
type Verdict = { verdict: JsTracingSupport; summary: string };

/** A verdict, or `next` to try debug_traceTransaction, or `candidate` when the nonce came back. */
type Step = Verdict | { next: string } | 'candidate';

function isAuthError(r: RpcResult): boolean {
  // Stryker disable next-line ConditionalExpression: only http-error results have a `status`; for the others it reads undefined, which is neither 401 nor 403
  if (r.kind !== 'http-error') return false;
  return r.status === 401 || r.status === 403;
}

function judgeCanary(r: RpcResult, nonce: string, method: string): Step {
  if (r.kind === 'unreachable') return { verdict: 'unreachable', summary: r.message };
  if (isAuthError(r)) return { verdict: 'auth-required', summary: r.message };
  if (r.kind === 'ok') {
    if (r.result === nonce) return 'candidate';
    const what = describeIgnoredResult(r.result);
    return {
      verdict: 'ignored',
      summary: `${method} answered with ${what} instead of the canary's nonce: the node ignores custom tracers (a "no error means supported" check would be fooled)`,
    };
  }
  if (r.kind === 'rpc-error') {
    if (r.error.category === 'js-unsupported') {
      return { verdict: 'unsupported', summary: `The node refuses custom JavaScript tracers: ${r.message}` };
    }
    if (r.error.category === 'rate-limit') return { verdict: 'ambiguous', summary: r.message };
    return { next: r.message };
  }
  return { verdict: 'ambiguous', summary: `${method}: ${r.message}` };
}

/** Runs the negative control with the method that returned the nonce. */
async function confirm(call: Call, method: string, target: unknown, nonce: string): Promise<Verdict> {
  const r = await call(
    method,
    [...(Array.isArray(target) ? target : [target]), { tracer: brokenTracer(nonce) }],
    'negative control: a tracer whose result throws must produce an error',
  );
  // Only debug_traceBlock* answers carry per-transaction errors (classifyResponse), so an error is an rpc-error here.
  if (r.kind === 'rpc-error') {
    return {
      verdict: 'supported',
      summary: `The node ran the canary tracer (${method} returned its nonce) and reported the failing tracer as an error: custom JavaScript tracing works`,
    };
  }
  if (r.kind === 'ok') {
    return {
      verdict: 'ignored',
      summary: `The node returned the nonce but also accepted a tracer that throws (answer: ${describeIgnoredResult(r.result)}): it does not really run tracers`,
    };
  }
  return { verdict: 'ambiguous', summary: `The canary worked, but the negative control gave: ${r.message}` };
}

/** Finds a transaction hash in the most recent blocks, newest first. */
export async function findRecentTransaction(
  call: Call,
  latest: bigint | undefined,
  maxBlocks: number,
): Promise<string | undefined> {
  for (let i = 0; i < maxBlocks; i++) {
    if (latest !== undefined && latest - BigInt(i) < 0n) return undefined;
    const tag = latest === undefined ? 'latest' : '0x' + (latest - BigInt(i)).toString(16);
    const r = await call(
      'eth_getBlockByNumber',
      [tag, false],
      `looking for a transaction to trace (block ${tag})`,
    );
    const block = okValue(r);
    if (!block || typeof block !== 'object') return undefined;
    // Without full transactions (`false`), a block lists its transactions as hashes.
    const hash = (block as { transactions?: unknown[] }).transactions?.[0];
    if (typeof hash === 'string') return hash;
    if (latest === undefined) return undefined;
  }
  return undefined;
}

async function fallback(
  call: Call,
  nonce: string,
  latest: bigint | undefined,
  o: ProbeOptions,
  traceCallSaid: string,
): Promise<Verdict> {
  const options = { tracer: canaryTracer(nonce), timeout: o.timeout ?? '10s' };
  const hash = await findRecentTransaction(call, latest, o.maxBlocksToScan ?? 16);
  const target = hash ?? '0x' + '00'.repeat(32);
  const note = hash
    ? 'canary tracer on a recent transaction'
    : 'no recent transaction: does debug_traceTransaction exist at all?';
  const r = await call('debug_traceTransaction', [target, options], note);
  if (r.kind === 'rpc-error' && r.error.category === 'method-missing') {
    return {
      verdict: 'debug-disabled',
      summary: `Neither debug_traceCall nor debug_traceTransaction is available: the debug namespace is off or blocked (${r.error.rpcMessage})`,
    };
  }
  if (!hash) {
    return {
      verdict: 'ambiguous',
      summary: `debug_traceCall gave: ${traceCallSaid}; and there is no recent transaction to try debug_traceTransaction on`,
    };
  }
  const step = judgeCanary(r, nonce, 'debug_traceTransaction');
  if (step === 'candidate') return confirm(call, 'debug_traceTransaction', target, nonce);
  if ('next' in step)
    return {
      verdict: 'ambiguous',
      summary: `debug_traceCall gave: ${traceCallSaid}; debug_traceTransaction gave: ${step.next}`,
    };
  // The negative control is still run (and shown in the evidence), but the verdict stays `ignored`.
  if (step.verdict === 'ignored') await confirm(call, 'debug_traceTransaction', target, nonce);
  return step;
}

type Base = Omit<ProbeReport, 'jsTracing' | 'summary' | 'clientFamily'>;

/**
 * The report: the verdict, what was learnt on the way, and the client family from the version or, failing that,
 * from the answers' texts (success messages never name a client, so all of them are searched).
 */
function finish(v: Verdict, base: Base): ProbeReport {
  return {
    jsTracing: v.verdict,
    summary: v.summary,
    clientFamily: detectClientFamily(
      base.clientVersion,
      base.evidence.map((e) => e.message),
    ),
    ...base,
  };
}

/**
 * Finds out whether a node really runs custom JavaScript tracers, without being fooled by nodes that ignore them:
 * a canary tracer must return its random nonce, and a tracer that throws must produce an error
 * (node-support-and-pitfalls "Probe design implications"). Transport-agnostic: `send` carries each request.
 */
export async function probeNode(send: ProbeSend, o: ProbeOptions = {}): Promise<ProbeReport> {
  const nonce = o.nonce ?? randomNonce();
  const { evidence, call } = createProbeSession(send);
  const base: Base = { evidence };
  const v = await call('web3_clientVersion', [], 'which client answers');
  if (v.kind === 'unreachable') return finish({ verdict: 'unreachable', summary: v.message }, base);
  if (isAuthError(v)) return finish({ verdict: 'auth-required', summary: v.message }, base);
  const version = okValue(v);
  if (typeof version === 'string') base.clientVersion = version;
  const b = await call('eth_blockNumber', [], 'latest block');
  if (isAuthError(b)) return finish({ verdict: 'auth-required', summary: b.message }, base);
  let latest: bigint | undefined;
  const blockNumber = okValue(b);
  if (typeof blockNumber === 'string' && /^0x[0-9a-f]+$/i.test(blockNumber)) {
    base.latestBlock = blockNumber;
    latest = BigInt(blockNumber);
  }
  const c = await call(
    'debug_traceCall',
    [probeCall, 'latest', { tracer: canaryTracer(nonce), timeout: o.timeout ?? '10s' }],
    `canary tracer: must return exactly '${nonce}'`,
  );
  const step = judgeCanary(c, nonce, 'debug_traceCall');
  const viaTraceCall = step === 'candidate';
  let verdict: Verdict;
  if (step === 'candidate') verdict = await confirm(call, 'debug_traceCall', [probeCall, 'latest'], nonce);
  else if ('next' in step) verdict = await fallback(call, nonce, latest, o, step.next);
  else {
    // The negative control is still run (and shown in the evidence), but the verdict stays `ignored`.
    if (step.verdict === 'ignored') await confirm(call, 'debug_traceCall', [probeCall, 'latest'], nonce);
    verdict = step;
  }
  const report = finish(verdict, base);
  if (report.jsTracing !== 'supported' || o.dialect === false) return report;
  report.dialect = viaTraceCall
    ? await probeDialect(call, nonce, report.clientFamily, { canaryTimeoutMs: o.canaryTimeoutMs })
    : unmeasuredDialect(
        report.clientFamily,
        'the dialect battery needs debug_traceCall, and only debug_traceTransaction ran the canary',
      );
  return report;
}

/**
 * The verdict in one line: the `jsTracing` value, and after `supported` how the node's tracer runtime compares with
 * geth's, e.g. "supported — behaves like geth" or "supported — differs from geth: …".
 */
export function probeVerdict(r: ProbeReport): string {
  return r.dialect ? `${r.jsTracing} — ${describeDialect(r.dialect)}` : r.jsTracing;
}
