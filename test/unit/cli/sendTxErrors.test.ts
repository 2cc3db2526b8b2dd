import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { startRpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import { encodeCallHex } from '../../../src/evm/node/abi.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { DemoDefaults } from '../../../src/evm/node/demoDefaults.ts';
import { createCaptureIo } from './cliIo.ts';

const dir = mkdtempSync(join(tmpdir(), 'cli-txerrors-'));
/** A tracer whose own result is a list of objects with an `error` field. */
const errorList = join(dir, 'error-list.js');
writeFileSync(
  errorList,
  "{fault: function() {}, result: function() { return [{error: 'not a failure'}, {error: 'nor this'}]; }}\n",
);
/** A tracer that fails for a reverted transaction (so a block trace holds a `{txHash, error}` entry). */
const failsOnRevert = join(dir, 'fails-on-revert.js');
writeFileSync(
  failsOnRevert,
  "{fault: function() {}, result: function(ctx) { if (ctx.error) throw new Error('reverted here'); return ctx.type; }}\n",
);

let server: { url: string; close(): Promise<void> | void };
let demo: DemoDefaults;
beforeAll(async () => {
  const node = await createEmbeddedNode();
  demo = node.demoDefaults as DemoDefaults;
  server = await startRpcServer(node, '127.0.0.1', 0);
});
afterAll(async () => {
  await server?.close();
});

async function send(file: string, method: string, params: unknown[]) {
  const io = createCaptureIo();
  const code = await main(
    ['send', file, '--method', method, '--params', JSON.stringify(params), '--endpoint', server.url],
    io,
  );
  return { code, out: io.out(), err: io.err() };
}

describe('tracer send: per-transaction errors only for block traces', () => {
  const reverterCall = () => ({
    from: demo.accounts.carol,
    to: demo.contracts.reverter,
    data: encodeCallHex('Reverter', 'check(uint256)', [42n]),
  });
  it.each([
    [
      'a flat call trace of a reverting transaction',
      'tracer-templates/flat-calls.js',
      'debug_traceTransaction',
      () => [demo.revertTxHash],
    ],
    [
      'a flat call trace of a reverting call',
      'tracer-templates/flat-calls.js',
      'debug_traceCall',
      () => [reverterCall(), 'latest'],
    ],
    [
      "a tracer's own list of {error} objects",
      errorList,
      'debug_traceCall',
      () => [{ to: '0x0000000000000000000000000000000000000001' }, 'latest'],
    ],
  ] as const)('%s: printed as the result, exit 0, nothing on stderr', async (_, file, method, params) => {
    const r = await send(file, method, params());
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out) as { error?: string }[];
    expect(Array.isArray(result)).toBe(true);
    expect(result.some((e) => typeof e.error === 'string')).toBe(true);
  });

  it('a block trace with a failed transaction: that transaction on stderr, exit 1', async () => {
    const r = await send(failsOnRevert, 'debug_traceBlockByNumber', ['0x2']);
    expect(r.code).toBe(1);
    const result = JSON.parse(r.out) as { txHash: string; result?: string; error?: string }[];
    expect(result.map((e) => e.txHash)).toContain(demo.revertTxHash);
    const index = result.findIndex((e) => e.txHash === demo.revertTxHash);
    expect(result[index].error).toMatch(/reverted here/);
    expect(r.err).toMatch(
      new RegExp(`^transaction #${index} ${demo.revertTxHash}: .*reverted here.*\\n  at `),
    );
    expect(r.err.match(/^transaction #/gm)).toHaveLength(1);
  });

  it('a block trace of flat call traces (a reverting one inside): exit 0', async () => {
    const r = await send('tracer-templates/flat-calls.js', 'debug_traceBlockByHash', [demo.blockHash]);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(JSON.stringify(JSON.parse(r.out))).toContain('"error":"execution reverted"');
  });
});
