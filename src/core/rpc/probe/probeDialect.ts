import type { RpcResult } from '../protocol/classifyResponse.ts';
import {
  type DialectCheck,
  type DialectDifference,
  type DialectReport,
  describeDialect,
  detectDialectTarget,
} from './dialect.ts';
import { okValue } from './probeSession.ts';

export { describeDialect };

/** Sends one request of the battery (the probe session's `call`, bounded in time). */
export type DialectCall = (
  method: string,
  params: unknown[],
  note: string,
  boundMs: number,
) => Promise<RpcResult>;

/** Options of {@link probeDialect}. */
export interface DialectOptions {
  /** How long one canary may take before it counts as unanswered (default 5000 ms). */
  canaryTimeoutMs?: number;
}

/** What a canary's answer showed. */
type Judgement =
  | { outcome: 'geth' }
  | { outcome: 'differs'; differences: DialectDifference[] }
  | { outcome: 'unexpected'; detail: string };

/** One canary tracer: a few bytes of JavaScript, one debug_traceCall, and how to read its answer. */
interface Canary {
  id: string;
  /** The evidence note: what the canary looks at. */
  note: string;
  /** The call, block and trace options sent with debug_traceCall. */
  params(nonce: string): unknown[];
  judge(r: RpcResult, nonce: string): Judgement;
}

const zero = '0x0000000000000000000000000000000000000000';

/** A plain transfer (no code runs): enough for canaries that only need setup/result. */
const transfer = {
  from: zero,
  to: '0x000000000000000000000000000000000000dead',
  gas: '0x5208',
  value: '0x0',
};

/**
 * A contract creation from the zero address running `code` as init code: steps and frames without any contract on
 * the chain or state overrides (the zero address has nonce 0; traceCall charges no gas price).
 */
const creation = (code: string) => ({ from: zero, gas: '0x30000', value: '0x0', data: code });

/** PUSH1 1, JUMPDEST, GAS, POP, STOP: five steps costing 3, 1, 2, 2, 0 gas. */
const stepsCode = '0x60015b5a5000';
const stepsCosts = '3,1,2,2,0';

/**
 * STATICCALL to 0xde (value undefined in geth), then SELFDESTRUCT to 0xdead (type SELFDESTRUCT, value 0), inside a
 * creation (the outermost frame, CREATE, which geth does not report to enter/exit).
 */
const framesCode = '0x600060006000600060de5afa5061deadff';
const gethFrames = 'STATICCALL:u,exit,SELFDESTRUCT:0,exit';

/** A number from the nonce, so that geth's exact answers cannot be guessed by a node that does not run the code. */
const nonceNumber = (nonce: string) => parseInt(nonce.replace(/[^0-9a-f]/gi, '').slice(-6) || '1', 16);

/** SSTORE of the nonce number to slot 0, inside a creation. */
const storeCode = (nonce: string) => `0x63${nonceNumber(nonce).toString(16).padStart(8, '0')}60005500`;

/** A result parsed from JSON is never undefined, so it always has a JSON text. */
const preview = (v: unknown) => JSON.stringify(v).slice(0, 120);

/** How an answer reads in a detail: the value, or the node's error text. */
function said(r: RpcResult): string {
  if (r.kind === 'ok') return preview(r.result);
  if (r.kind === 'rpc-error') return `the error "${r.error.rpcMessage.split('\n')[0].slice(0, 160)}"`;
  return r.message;
}

const unexpected = (r: RpcResult, geth: string): Judgement => ({
  outcome: 'unexpected',
  detail: `got ${said(r)}; geth answers ${geth}`,
});

const differs = (id: DialectDifference['id'], detail: string): Judgement => ({
  outcome: 'differs',
  differences: [{ id, detail }],
});

/** The battery, in the order it runs. Each canary is one request. */
export const dialectCanaries: readonly Canary[] = [
  {
    id: 'setup',
    note: 'dialect: what setup(cfg) receives (geth: the JSON string of tracerConfig)',
    params: (nonce) => [
      transfer,
      'latest',
      {
        tracer:
          "{r:'',k:'',setup:function(c){this.r=typeof c;try{this.k=(typeof c==='string'?JSON.parse(c):c).k}catch(e){this.k='?'}},fault:function(){},result:function(){return this.r+':'+this.k}}",
        tracerConfig: { k: nonce },
        timeout: '5s',
      },
    ],
    judge: (r, nonce) => {
      const v = okValue(r);
      if (v === `string:${nonce}`) return { outcome: 'geth' };
      if (v === `object:${nonce}`)
        return differs(
          'setup-receives-object',
          'setup(cfg) got an object, not a JSON string (JSON.parse(cfg) throws)',
        );
      return unexpected(r, `"string:${nonce}"`);
    },
  },
  {
    id: 'bigint',
    note: 'dialect: is the bigInt global there (geth: yes)',
    params: (nonce) => [
      transfer,
      'latest',
      {
        tracer: `{fault:function(){},result:function(){return typeof bigInt+':'+(typeof bigInt==='function'?bigInt(${nonceNumber(nonce)}).plus(1).toString(16):'')}}`,
        timeout: '5s',
      },
    ],
    judge: (r, nonce) => {
      const geth = `function:${(nonceNumber(nonce) + 1).toString(16)}`;
      const v = okValue(r);
      if (v === geth) return { outcome: 'geth' };
      if (v === 'undefined:') return differs('no-bigint', 'there is no bigInt global');
      return unexpected(r, `"${geth}"`);
    },
  },
  {
    id: 'hook-errors',
    note: 'dialect: is an error thrown in step reported (geth: the trace fails with it)',
    params: (nonce) => [
      creation(stepsCode),
      'latest',
      {
        tracer: `{n:0,step:function(){this.n++;throw new Error('${nonce}-step')},fault:function(){},result:function(){return this.n}}`,
        timeout: '5s',
      },
    ],
    judge: (r, nonce) => {
      if (r.kind === 'rpc-error' && r.error.rpcMessage.includes(`${nonce}-step`)) return { outcome: 'geth' };
      const v = okValue(r);
      if (typeof v === 'number' && v >= 1)
        return differs(
          'hook-errors-swallowed',
          `an error thrown in step was swallowed: the trace succeeded with ${v} (geth fails with the error)`,
        );
      return unexpected(r, `an error naming '${nonce}-step'`);
    },
  },
  {
    id: 'timeout',
    note: 'dialect: is the timeout option honoured (a 600 ms loop in result with timeout 50ms; geth: execution timeout)',
    params: (nonce) => [
      transfer,
      'latest',
      {
        tracer: `{fault:function(){},result:function(){var t=Date.now();while(Date.now()-t<600){}return '${nonce}-late'}}`,
        timeout: '50ms',
      },
    ],
    judge: (r, nonce) => {
      if (r.kind === 'rpc-error' && /execution timeout/i.test(r.error.rpcMessage)) return { outcome: 'geth' };
      if (r.kind === 'rpc-error' && /loop iteration limit/i.test(r.error.rpcMessage))
        return differs(
          'timeout-ignored',
          `timeout was ignored: the loop was stopped by a loop-iteration limit instead ("${r.error.rpcMessage.split('\n')[0]}")`,
        );
      if (okValue(r) === `${nonce}-late`)
        return differs(
          'timeout-ignored',
          'timeout was ignored: a 600 ms loop ran to its end past a 50ms timeout',
        );
      return unexpected(r, '"execution timeout"');
    },
  },
  {
    id: 'es2015',
    note: 'dialect: is ES2015 syntax accepted (shorthand methods, const/let, arrows, template literals; geth: yes)',
    params: (nonce) => [
      transfer,
      'latest',
      {
        tracer: `{fault(){},result(){const f=(a)=>\`\${a}-es\`;let x=f('${nonce}');return x}}`,
        timeout: '5s',
      },
    ],
    judge: (r, nonce) => {
      if (okValue(r) === `${nonce}-es`) return { outcome: 'geth' };
      if (r.kind === 'rpc-error' && /SyntaxError|Unexpected/i.test(r.error.rpcMessage))
        return differs('es2015-rejected', `ES2015 syntax was rejected (${said(r)})`);
      return unexpected(r, `"${nonce}-es"`);
    },
  },
  {
    id: 'getcost',
    note: `dialect: log.getCost() over PUSH1, JUMPDEST, GAS, POP, STOP (geth: ${stepsCosts})`,
    params: () => [
      creation(stepsCode),
      'latest',
      {
        tracer:
          "{c:[],step:function(l){this.c.push(l.getCost())},fault:function(){},result:function(){return this.c.join(',')}}",
        timeout: '5s',
      },
    ],
    judge: (r) => {
      const v = okValue(r);
      if (v === stepsCosts) return { outcome: 'geth' };
      const late = stepsCosts.split(',').slice(0, -1).join(',');
      if (typeof v === 'string' && v.split(',').slice(1).join(',') === late)
        return differs(
          'getcost-late',
          `log.getCost() lags one step: got ${v} where geth gives ${stepsCosts}`,
        );
      return unexpected(r, `"${stepsCosts}"`);
    },
  },
  {
    id: 'frames',
    note: `dialect: enter/exit over a creation that does STATICCALL then SELFDESTRUCT (geth: ${gethFrames})`,
    params: () => [
      creation(framesCode),
      'latest',
      {
        tracer:
          "{e:[],enter:function(f){var v=f.getValue();this.e.push(f.getType()+':'+(v===undefined?'u':v.toString()))},exit:function(){this.e.push('exit')},fault:function(){},result:function(){return this.e.join(',')}}",
        timeout: '5s',
      },
    ],
    judge: (r) => judgeFrames(r),
  },
  {
    id: 'result-db',
    note: 'dialect: what db shows in result() after an SSTORE (geth: the state after the transaction)',
    params: (nonce) => [
      creation(storeCode(nonce)),
      'latest',
      {
        tracer:
          "{fault:function(){},result:function(ctx,db){return toHex(db.getState(ctx.to,toWord('0x00')))}}",
        timeout: '5s',
      },
    ],
    judge: (r, nonce) => {
      const geth = '0x' + nonceNumber(nonce).toString(16).padStart(64, '0');
      const v = okValue(r);
      if (v === geth) return { outcome: 'geth' };
      if (v === '0x' + '0'.repeat(64))
        return differs(
          'result-db-pre-state',
          'db in result() read the slot as it was before the transaction (0), not the value it stored',
        );
      return unexpected(r, `"${geth}"`);
    },
  },
];

/** The frames canary: top-level frames, STATICCALL's value and SELFDESTRUCT's type, each its own difference. */
function judgeFrames(r: RpcResult): Judgement {
  const v = okValue(r);
  if (typeof v !== 'string') return unexpected(r, `"${gethFrames}"`);
  if (v === gethFrames) return { outcome: 'geth' };
  // split gives at least one item, so items[0] is always there.
  let items = v.split(',');
  const differences: DialectDifference[] = [];
  if (items[0].startsWith('CREATE:') && items[items.length - 1] === 'exit') {
    differences.push({
      id: 'top-level-enter-exit',
      detail: `enter/exit were called for the outermost frame (${items[0].split(':')[0]})`,
    });
    items = items.slice(1, -1);
  }
  if (items[0] === 'STATICCALL:0') {
    differences.push({
      id: 'frame-value-zero',
      detail: 'frame.getValue() of a STATICCALL was 0 (geth: undefined)',
    });
    items[0] = 'STATICCALL:u';
  }
  // anvil copies the frame that ran SELFDESTRUCT: CALL in a call, CREATE here.
  if (items[2] === 'CALL:0' || items[2] === 'CREATE:0') {
    differences.push({
      id: 'selfdestruct-as-call',
      detail: `SELFDESTRUCT reached enter as a copy of the frame that ran it (type ${items[2].split(':')[0]}; geth: type SELFDESTRUCT)`,
    });
    items[2] = 'SELFDESTRUCT:0';
  }
  // Each difference must explain the answer completely; anything left over is not a known dialect. (With no
  // difference found, items is the answer as it came, which is not geth's: the comparison alone rejects it.)
  if (items.join(',') !== gethFrames) return unexpected(r, `"${gethFrames}"`);
  return { outcome: 'differs', differences };
}

/**
 * Runs the dialect battery after the probe found that custom tracers run: each canary tracer (a few bytes, one
 * debug_traceCall, bounded by `canaryTimeoutMs`) compares one behaviour with geth's. Only exact geth answers count
 * as geth-like: a node that ignores tracers or echoes them gets `unexpected-answer`, never `matchesGeth`.
 */
export async function probeDialect(
  call: DialectCall,
  nonce: string,
  clientFamily: string,
  o: DialectOptions = {},
): Promise<DialectReport> {
  const bound = o.canaryTimeoutMs ?? 5000;
  const started = Date.now();
  const checks: DialectCheck[] = [];
  const differences: DialectDifference[] = [];
  for (const canary of dialectCanaries) {
    const t0 = Date.now();
    const r = await call('debug_traceCall', canary.params(nonce), canary.note, bound);
    const ms = Date.now() - t0;
    if (r.kind === 'unreachable' || r.kind === 'http-error') {
      checks.push({ canary: canary.id, outcome: 'no-answer', ms });
      differences.push({ id: 'not-measured', detail: `the ${canary.id} canary got no answer: ${r.message}` });
      continue;
    }
    const j = canary.judge(r, nonce);
    checks.push({ canary: canary.id, outcome: j.outcome, ms });
    if (j.outcome === 'differs') differences.push(...j.differences);
    if (j.outcome === 'unexpected')
      differences.push({ id: 'unexpected-answer', detail: `the ${canary.id} canary ${j.detail}` });
  }
  const report: DialectReport = {
    // The battery is never empty, so `every` always looks at eight checks.
    matchesGeth: checks.every((c) => c.outcome === 'geth'),
    target: detectDialectTarget(clientFamily, differences),
    differences,
    checks,
    durationMs: Date.now() - started,
  };
  return report;
}

/** The dialect when the battery could not run (only debug_traceTransaction answered the canary). */
export function unmeasuredDialect(clientFamily: string, why: string): DialectReport {
  return {
    matchesGeth: false,
    target: detectDialectTarget(clientFamily),
    differences: [{ id: 'not-measured', detail: why }],
    checks: [],
    durationMs: 0,
  };
}
