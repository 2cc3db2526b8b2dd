import { type RpcResult, classifyResponse } from '../protocol/classifyResponse.ts';
import type { ClientFamily } from '../protocol/describeTracerEcho.ts';
import type { DialectReport } from './dialect.ts';
import { type JsonRpcRequest, buildRequest } from '../protocol/jsonRpc.ts';
import type { TransportOutcome } from '../protocol/transportOutcome.ts';

/** The probe's verdict on custom JavaScript tracing. */
export type JsTracingSupport =
  'supported' | 'ignored' | 'unsupported' | 'debug-disabled' | 'auth-required' | 'unreachable' | 'ambiguous';

/** One request the probe made, what came back and what it showed. */
export interface ProbeEvidence {
  request: JsonRpcRequest;
  kind: RpcResult['kind'];
  /** The classifier's message for the answer. */
  message: string;
  /** The start of the result as JSON (results can be huge struct-log traces). */
  resultPreview?: string;
  note: string;
}

/** What {@link probeNode} found. */
export interface ProbeReport {
  jsTracing: JsTracingSupport;
  /** One or two sentences explaining the verdict. */
  summary: string;
  clientVersion?: string;
  latestBlock?: string;
  clientFamily: ClientFamily;
  /**
   * How the node's tracer runtime compares with geth's (src/core/rpc/probe/dialect.ts), measured by a battery of canary
   * tracers; present only when `jsTracing` is `supported`.
   */
  dialect?: DialectReport;
  evidence: ProbeEvidence[];
}

/** Sends one request: implementations should send `request` as is (method and params are given for convenience). */
export type ProbeSend = (
  method: string,
  params: unknown[],
  request: JsonRpcRequest,
) => Promise<TransportOutcome>;

/** Options of {@link probeNode}. */
export interface ProbeOptions {
  /** The canary's nonce (random by default). */
  nonce?: string;
  /** How many recent blocks to scan for a transaction when debug_traceCall is missing (default 16). */
  maxBlocksToScan?: number;
  /** The `timeout` tracing option sent with the canary (default "10s"). */
  timeout?: string;
  /** Run the dialect battery after `supported` (default true). */
  dialect?: boolean;
  /** How long one canary of the dialect battery may take (default 5000 ms). */
  canaryTimeoutMs?: number;
}

/** The trivial call traced by the canary: a zero-value transfer to an account without code. */
export const probeCall = {
  from: '0x0000000000000000000000000000000000000000',
  to: '0x000000000000000000000000000000000000dead',
  gas: '0x5208',
  value: '0x0',
};

/** The canary tracer: returns the nonce and nothing else. */
export function canaryTracer(nonce: string): string {
  return `{n:'${nonce}',fault:function(){},result:function(){return this.n;}}`;
}

/** The negative control: valid syntax, but `result` throws, so a node that really runs it must answer with an error. */
export function brokenTracer(nonce: string): string {
  return `{fault:function(){},result:function(){throw new Error('${nonce}-negative-control');}}`;
}

/** A random canary nonce such as `probe-1f2e…`. */
export function randomNonce(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return 'probe-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `outcome`, or a timeout failure when it has not arrived within `ms`. */
async function bounded(outcome: Promise<TransportOutcome>, ms: number): Promise<TransportOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<TransportOutcome>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          kind: 'no-response',
          reason: 'timeout',
          message: `No answer within ${ms / 1000} s (the probe's bound for one canary)`,
          durationMs: ms,
        }),
      ms,
    );
  });
  try {
    return await Promise.race([outcome, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The value of an `ok` answer, or undefined for every other kind (a JSON-RPC result is never undefined). */
export function okValue(r: RpcResult): unknown {
  // Stryker disable next-line ConditionalExpression: only ok results have a `result` field, so for every other kind r.result reads undefined too (`true` is equivalent; `false` would be killed)
  return r.kind === 'ok' ? r.result : undefined;
}

/** Builds the probe state: a request counter, evidence list and a `call` helper. */
export function createProbeSession(send: ProbeSend) {
  const evidence: ProbeEvidence[] = [];
  let id = 1;
  /** Sends one request; with `boundMs`, an answer that takes longer counts as none (the request is left to end). */
  const call = async (
    method: string,
    params: unknown[],
    note: string,
    boundMs?: number,
  ): Promise<RpcResult> => {
    // Stryker disable next-line StringLiteral: buildRequest builds a JSON-RPC 2.0 request for every family but 'bitcoin'
    const request = buildRequest(method, params, 'ethereum', id++);
    const outcome =
      boundMs === undefined
        ? await send(method, params, request)
        : await bounded(send(method, params, request), boundMs);
    const result = classifyResponse(outcome, { method });
    const item: ProbeEvidence = { request, kind: result.kind, message: result.message, note };
    if (result.kind === 'ok')
      // A result parsed from JSON is never undefined, so it always has a JSON text.
      item.resultPreview = JSON.stringify(result.result).slice(0, 400);
    evidence.push(item);
    return result;
  };
  return { evidence, call };
}
