import { describe, expect, it } from 'vitest';
import { judgeReply, type ReplyToJudge } from '../../../src/ui/result/judgeReply.ts';

const jsTracer =
  "{data: [], step: function (log) {}, fault: function () {}, result: function () { return 'x'; }}";
const tx = '0x' + 'ab'.repeat(32);
const withTracer = (tracer: string) => [tx, { tracer }];
// What ganache 7.9 answers to debug_traceTransaction whatever the tracer (seen against a real ganache).
const ganacheReply = { gas: '0x0', structLogs: [], returnValue: '', storage: {} };
const gethReply = {
  gas: 21000,
  failed: false,
  returnValue: '',
  structLogs: [{ pc: 0, op: 'PUSH1', gas: 100, gasCost: 3, depth: 1, stack: [] }],
};
const envelope = (result: string) => `{"jsonrpc":"2.0","id":3,"result":${result}`;

type Row = [string, ReplyToJudge, 'ok' | 'tracer-ignored' | 'maybe-ignored'];
const rows: Row[] = [
  [
    'ganache struct logs for a JS tracer',
    { method: 'debug_traceTransaction', params: withTracer(jsTracer), value: ganacheReply },
    'tracer-ignored',
  ],
  [
    'geth-style struct logs for a JS tracer',
    { method: 'debug_traceCall', params: [{}, 'latest', { tracer: jsTracer }], value: gethReply },
    'tracer-ignored',
  ],
  [
    'struct logs for a built-in tracer name',
    { method: 'debug_traceTransaction', params: withTracer('callTracer'), value: gethReply },
    'tracer-ignored',
  ],
  [
    'struct logs when no tracer was sent (the default trace was asked for)',
    { method: 'debug_traceTransaction', params: [tx], value: gethReply },
    'ok',
  ],
  [
    'struct logs when the options carry no tracer',
    { method: 'debug_traceTransaction', params: [tx, { timeout: '5s' }], value: gethReply },
    'ok',
  ],
  [
    'the tracer’s own object',
    { method: 'debug_traceTransaction', params: withTracer(jsTracer), value: { PUSH1: 3, STOP: 1 } },
    'ok',
  ],
  [
    'a tracer result with structLogs among other fields',
    {
      method: 'debug_traceTransaction',
      params: withTracer(jsTracer),
      value: { structLogs: [], gas: 1, mine: true },
    },
    'ok',
  ],
  [
    'struct logs from a tracer that names structLogs itself',
    {
      method: 'debug_traceTransaction',
      params: withTracer('{structLogs: [], gas: 0, result: function () { return this; }}'),
      value: gethReply,
    },
    'maybe-ignored',
  ],
  [
    'a block trace of struct logs (geth shape)',
    {
      method: 'debug_traceBlockByNumber',
      params: ['0x1', { tracer: jsTracer }],
      value: [{ txHash: tx, result: gethReply }, { result: ganacheReply }],
    },
    'tracer-ignored',
  ],
  [
    'a block trace of bare struct logs',
    { method: 'debug_traceBlockByHash', params: [tx, { tracer: jsTracer }], value: [gethReply] },
    'tracer-ignored',
  ],
  [
    'a block trace where one transaction has the tracer’s result',
    {
      method: 'debug_traceBlockByNumber',
      params: ['0x1', { tracer: jsTracer }],
      value: [{ result: gethReply }, { result: 'x' }],
    },
    'ok',
  ],
  [
    'an empty block trace',
    { method: 'debug_traceBlockByNumber', params: ['0x1', { tracer: jsTracer }], value: [] },
    'ok',
  ],
  [
    'a block trace of struct logs beside a failed transaction',
    {
      method: 'debug_traceBlockByNumber',
      params: ['0x1', { tracer: jsTracer }],
      value: [{ result: gethReply }, { error: 'boom' }],
    },
    'tracer-ignored',
  ],
  [
    'not a trace method',
    { method: 'eth_call', params: [{}, 'latest', { tracer: jsTracer }], value: gethReply },
    'ok',
  ],
  [
    'a large reply whose text starts like struct logs',
    {
      method: 'debug_traceTransaction',
      params: withTracer(jsTracer),
      preview: envelope('{"gas":21000,"failed":false,"returnValue":"","structLogs":[{"pc":0,"op":"PUSH1"'),
    },
    'tracer-ignored',
  ],
  [
    'a large ganache reply',
    {
      method: 'debug_traceTransaction',
      params: withTracer(jsTracer),
      preview: '{"id":7,"jsonrpc":"2.0","result":{"gas":"0x5208","structLogs":[{"depth":1',
    },
    'tracer-ignored',
  ],
  [
    'a large block trace of struct logs',
    {
      method: 'debug_traceBlockByNumber',
      params: ['0x1', { tracer: jsTracer }],
      preview: envelope(`[{"txHash":"${tx}","result":{"gas":1,"structLogs":[{"pc":0`),
    },
    'tracer-ignored',
  ],
  [
    'a large reply of the tracer’s own',
    {
      method: 'debug_traceTransaction',
      params: withTracer(jsTracer),
      preview: envelope('{"steps":[{"structLogs":[1]}'),
    },
    'ok',
  ],
];

describe('judgeReply', () => {
  it.each(rows)('%s → %s', (_name, reply, status) => {
    expect(judgeReply(reply).status).toBe(status);
  });

  it('names the tracer it did not run and what came instead', () => {
    const v = judgeReply({
      method: 'debug_traceTransaction',
      params: withTracer('callTracer'),
      value: gethReply,
    });
    expect(v).toMatchObject({
      headline: 'Not your tracer’s result: the node ignored the tracer',
      sentence: expect.stringMatching(/default opcode trace .* instead of running the tracer "callTracer"/),
    });
  });
});
