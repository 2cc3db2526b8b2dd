import { describe, expect, it } from 'vitest';
import { capTraceTimeout } from '../../../src/cli/serve/capTraceTimeout.ts';
import { describeChildExit } from '../../../src/cli/serve/describeChildExit.ts';
import { describeListenError } from '../../../src/cli/serve/describeListenError.ts';

const hash = '0x' + 'ab'.repeat(32);
const tx = (params: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'debug_traceTransaction', params });
const call = (params: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'debug_traceCall', params });
const block = (params: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'debug_traceBlockByNumber', params });
const byHash = (params: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'debug_traceBlockByHash', params });

describe('capTraceTimeout (cap 60 s)', () => {
  // request → params the trace process sees (undefined: unchanged), budget in ms.
  it.each([
    ['no config: the default 5 s', tx([hash]), undefined, 5000],
    ['a short timeout', tx([hash, { tracer: 't', timeout: '1.5s' }]), undefined, 1500],
    ['exactly the cap', tx([hash, { timeout: '1m' }]), undefined, 60_000],
    [
      'over the cap: rewritten',
      tx([hash, { tracer: 't', timeout: '1h' }]),
      [hash, { tracer: 't', timeout: '60000ms' }],
      60_000,
    ],
    [
      'any key case, all variants replaced',
      tx([hash, { Timeout: '2h', TIMEOUT: '1s' }]),
      [hash, { timeout: '60000ms' }],
      60_000,
    ],
    [
      'the exact key wins, as the node reads it',
      tx([hash, { TimeOut: '2h', timeout: '1s' }]),
      undefined,
      1000,
    ],
    [
      'traceCall: params[2]',
      call([{}, 'latest', { timeout: '90s' }]),
      [{}, 'latest', { timeout: '60000ms' }],
      60_000,
    ],
    ['traceCall: params[1] is the block, not a config', call([{}, { timeout: '90s' }]), undefined, 5000],
    ['a null config', tx([hash, null]), undefined, 5000],
    ['a negative timeout counts as 0', tx([hash, { timeout: '-5s' }]), undefined, 0],
    ['a block trace gets the cap once', block(['0x1', { timeout: '1s' }]), undefined, 60_000],
    [
      'a block trace by hash, over the cap',
      byHash([hash, { timeout: '2m' }]),
      [hash, { timeout: '60000ms' }],
      60_000,
    ],
    ['a malformed timeout: left for the node to refuse', tx([hash, { timeout: '5 s' }]), undefined, 60_000],
    ['a number timeout: left for the node to refuse', tx([hash, { timeout: 5 }]), undefined, 60_000],
    ['a config that is not an object', tx([hash, 'x']), undefined, 60_000],
    ['params that are not an array', tx('x'), undefined, 60_000],
  ])('%s', (_name, request, params, budgetMs) => {
    const out = capTraceTimeout(request, 60_000);
    expect(out.budgetMs).toBe(budgetMs);
    if (params === undefined) expect(out.request).toBe(request);
    else expect(out.request).toEqual({ ...request, params });
  });

  it.each([
    ['no config, cap below the default: a config is added', tx([hash]), [hash, { timeout: '1000ms' }]],
    ['traceCall without a config', call([{}, 'latest']), [{}, 'latest', { timeout: '1000ms' }]],
    ['traceCall missing the block: untouched (arity error)', call([{}]), undefined],
  ])('cap 1 s: %s', (_name, request, params) => {
    const out = capTraceTimeout(request, 1000);
    if (params === undefined) expect(out.request).toBe(request);
    else expect(out.request).toEqual({ ...request, params });
  });

  it('does not change the request it was given', () => {
    const request = tx([hash, { timeout: '1h' }]);
    capTraceTimeout(request, 1000);
    expect(request.params).toEqual([hash, { timeout: '1h' }]);
  });
});

describe('describeChildExit', () => {
  const memory = 'tracer exceeded its memory limit';
  it.each([
    ['V8 heap limit (SIGABRT)', null, 'SIGABRT', '', memory],
    ['invalid size (SIGTRAP)', null, 'SIGTRAP', '', memory],
    ['exit code 134 (abort through a shell)', 134, null, '', memory],
    [
      'stderr: heap out of memory',
      1,
      null,
      'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
      memory,
    ],
    [
      'stderr: Fatal JavaScript invalid size error',
      null,
      'SIGILL',
      '# Fatal JavaScript invalid size error 300000000',
      memory,
    ],
    ['killed', null, 'SIGKILL', '', 'the trace process stopped unexpectedly (killed by SIGKILL)'],
    ['a segfault', null, 'SIGSEGV', 'whatever', 'the trace process stopped unexpectedly (killed by SIGSEGV)'],
    ['an exit', 1, null, 'Error: x', 'the trace process stopped unexpectedly (exit code 1)'],
  ] as const)('%s', (_name, code, signal, stderr, message) => {
    expect(describeChildExit({ code, signal, stderr })).toBe(message);
  });
});

describe('describeListenError', () => {
  it.each([
    ['EADDRINUSE', 'port 8545 on 127.0.0.1 is already in use; pick another with --port'],
    ['EACCES', /^port 8545 on 127\.0\.0\.1 is not open to this user .*; pick another with --port$/],
    ['EADDRNOTAVAIL', '127.0.0.1 is not an address of this machine; pick another with --host'],
    ['ENOTFOUND', 'the host name 127.0.0.1 does not resolve; pick another with --host'],
    ['EMFILE', undefined],
  ])('%s', (code, message) => {
    const text = describeListenError(Object.assign(new Error('x'), { code }), '127.0.0.1', 8545);
    if (message instanceof RegExp) expect(text).toMatch(message);
    else expect(text).toBe(message);
  });
});
