import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { fetchForTraceChild } from '../../../src/cli/serve/fetchForTraceChild.ts';
import type { RpcCall } from '../../../src/core/upstream/stateRequests.ts';
import { createCaptureIo } from '../cli/cliIo.ts';
import { type RunningNode, startAnvil, sendTestTransaction } from '../../helpers/nodes.ts';

// replay --endpoint runs the tracer in a trace process that has no network: the parent fetches what it asks for,
// read-only state methods only, and the process dies alone when a tracer takes it over.

const block = { blockHash: `0x${'11'.repeat(32)}` };
const address = `0x${'22'.repeat(20)}`;

describe('the parent fetches only read-only state calls for the trace process', () => {
  const allowed: Array<[string, RpcCall[]]> = [
    [
      'one account',
      [
        { method: 'eth_getBalance', params: [address, block] },
        { method: 'eth_getTransactionCount', params: [address, block] },
        { method: 'eth_getCode', params: [address, block] },
      ],
    ],
    ['a slot', [{ method: 'eth_getStorageAt', params: [address, `0x${'00'.repeat(32)}`, block] }]],
    ['an ancestor', [{ method: 'eth_getBlockByNumber', params: ['0x10', false] }]],
    ['the block', [{ method: 'eth_getBlockByHash', params: [block.blockHash, true] }]],
    ['a proof', [{ method: 'eth_getProof', params: [address, [`0x${'01'.repeat(32)}`], block] }]],
    [
      'the transaction and chain',
      [
        { method: 'eth_getTransactionByHash', params: [block.blockHash] },
        { method: 'eth_chainId', params: [] },
      ],
    ],
  ];
  it.each(allowed)('%s is fetched', async (_what, calls) => {
    const sent: RpcCall[] = [];
    const fetcher = {
      call: async (method: string, params: unknown[]) => (sent.push({ method, params }), 'x'),
      batch: async (c: readonly RpcCall[]) => (sent.push(...c), c.map(() => 'x')),
    };
    expect(await fetchForTraceChild(calls, fetcher)).toEqual(calls.map(() => 'x'));
    expect(sent).toEqual(calls);
  });

  const refused: Array<[string, unknown, RegExp]> = [
    [
      'eth_sendRawTransaction',
      [{ method: 'eth_sendRawTransaction', params: ['0x02f8'] }],
      /"eth_sendRawTransaction", which is not a read-only state method/,
    ],
    [
      'eth_sendTransaction after a state call',
      [
        { method: 'eth_getBalance', params: [address, block] },
        { method: 'eth_sendTransaction', params: [{ from: address, to: address }] },
      ],
      /"eth_sendTransaction", which is not/,
    ],
    [
      'debug_traceTransaction',
      [{ method: 'debug_traceTransaction', params: [block.blockHash] }],
      /not a read-only/,
    ],
    [
      'eth_call',
      [{ method: 'eth_call', params: [{ to: address, data: '0x' }, 'latest'] }],
      /not a read-only/,
    ],
    [
      'another URL beside the call',
      [{ method: 'eth_getBalance', params: [address, block], url: 'http://127.0.0.1:1' }],
      /not state queries/,
    ],
    [
      'another URL as a parameter',
      [{ method: 'eth_getBalance', params: ['http://127.0.0.1:1', block] }],
      /not state queries/,
    ],
    [
      'a block object with more than its hash',
      [{ method: 'eth_getCode', params: [address, { ...block, url: 'x' }] }],
      /not state queries/,
    ],
    ['a method name that is not a string', [{ method: ['eth_getBalance'], params: [] }], /not a read-only/],
    ['not a list', { method: 'eth_getBalance', params: [address, block] }, /malformed list/],
    ['an empty list', [], /malformed list/],
    [
      'too many calls',
      Array.from({ length: 10_001 }, () => ({ method: 'eth_chainId', params: [] })),
      /malformed list/,
    ],
  ];
  it.each(refused)('%s is refused, nothing sent', async (_what, asked, message) => {
    const sent: unknown[] = [];
    const fetcher = {
      call: async (...a: unknown[]) => void sent.push(a),
      batch: async (c: readonly RpcCall[]) => (sent.push(...c), []),
    };
    await expect(fetchForTraceChild(asked, fetcher)).rejects.toThrow(message);
    expect(sent).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Attacks through `tracer replay --endpoint` against a real anvil: one line, exit 1, and the next replay works.

let anvil: RunningNode;
let txHash: string;
const dir = mkdtempSync(join(tmpdir(), 'endpoint-attacks-'));

/** Process ids of the trace processes whose parent is this process (from /proc). */
function ownTraceChildren(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('traceChildMain'))
        found.push(Number(entry));
    } catch {
      // Ended while listing.
    }
  }
  return found;
}

beforeAll(async () => {
  anvil = await startAnvil();
  txHash = await sendTestTransaction(anvil.url);
}, 60_000);

afterAll(async () => {
  // Whatever trace process is left (none should be), killed by pid with its process group.
  for (const pid of ownTraceChildren())
    for (const target of [-pid, pid])
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // Already gone.
      }
  await anvil?.stop();
});

async function replay(tracer: string, extra: string[]) {
  const file = join(dir, `t${Math.random().toString(36).slice(2)}.js`);
  writeFileSync(file, tracer);
  const io = createCaptureIo();
  const code = await main(
    ['replay', '--endpoint', anvil.url, '--tx', txHash, '--tracer', file, ...extra],
    io,
  );
  return { code, out: io.out(), err: io.err() };
}

const normal = '{fault: function() {}, result: function() { return 42; }}';

const attacks: Array<[string, string, string[], string]> = [
  [
    'a split bomb',
    "{fault: function() {}, result: function() { return 'x'.repeat(3e8).split('').length; }}",
    ['--memory-limit', '128'],
    'tracer exceeded its memory limit',
  ],
  [
    // In result: the transaction is a plain transfer, so step never runs.
    'an eval busy loop',
    "{fault: function() {}, result: function() { eval('while(true){}'); }}",
    ['--timeout', '1s'],
    'execution timeout',
  ],
  [
    'three 512 MiB typed arrays (outside the V8 heap cap)',
    '{fault: function() {}, result: function() { var a = []; for (var i = 0; i < 3; i++)' +
      ' a.push(new Uint8Array(512 * 1024 * 1024)); return a.length; }}',
    ['--memory-limit', '128'],
    "tracer exceeded its memory limit    in server-side tracer function 'result'",
  ],
  [
    'one 300 MiB typed array, within the default cap but not within --memory-limit 128',
    '{fault: function() {}, result: function() { return new Uint8Array(300 * 1024 * 1024).length; }}',
    ['--memory-limit', '128'],
    "tracer exceeded its memory limit    in server-side tracer function 'result'",
  ],
];

describe('replay --endpoint: every attack gets one clear line and exit 1, the next replay works', () => {
  it.each(attacks)(
    '%s',
    async (_name, tracer, extra, line) => {
      const r = await replay(tracer, extra);
      expect(r.code).toBe(1);
      expect(r.out).toBe('');
      expect(r.err.split('\n')[0]).toBe(line);
      expect(await replay(normal, extra)).toEqual({ code: 0, out: '42\n', err: '' });
    },
    60_000,
  );

  it('the 300 MiB typed array is allowed by the default cap (512 MB), and by --memory-limit 1024', async () => {
    const tracer =
      '{fault: function() {}, result: function() { return new Uint8Array(300 * 1024 * 1024).length; }}';
    expect(await replay(tracer, [])).toEqual({ code: 0, out: `${300 * 1024 * 1024}\n`, err: '' });
    expect(await replay(tracer, ['--memory-limit', '1024'])).toEqual({
      code: 0,
      out: `${300 * 1024 * 1024}\n`,
      err: '',
    });
  }, 60_000);
});
