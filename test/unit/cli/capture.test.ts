import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { startRpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import { createCaptureIo } from './cliIo.ts';

let server: { url: string; close(): Promise<void> | void };
let txHash: string;
let node: Awaited<ReturnType<typeof createEmbeddedNode>>;

beforeAll(async () => {
  node = await createEmbeddedNode();
  txHash = (node.demoDefaults as { txHash: string }).txHash;
  server = await startRpcServer(node, '127.0.0.1', 0);
});
afterAll(async () => {
  await server?.close();
});

describe('tracer capture', () => {
  it('captures a mined transaction as a fixture that replays to the same trace as the node gives', async () => {
    const io = createCaptureIo();
    expect(await main(['capture', '--endpoint', server.url, '--tx', txHash], io)).toBe(0);
    const fixture = JSON.parse(io.out());
    expect(Object.keys(fixture).sort()).toEqual(expect.arrayContaining(['context', 'genesis', 'input']));

    const dir = mkdtempSync(join(tmpdir(), 'capture-'));
    writeFileSync(join(dir, 'fx.json'), io.out());
    const replayIo = createCaptureIo();
    const code = await main(
      ['replay', '--fixture', join(dir, 'fx.json'), '--tracer', 'tracer-templates/call-tree.js'],
      replayIo,
    );
    expect(replayIo.err()).toBe('');
    expect(code).toBe(0);

    const tracer = readFileSync('tracer-templates/call-tree.js', 'utf8');
    const live = (await node.request({
      jsonrpc: '2.0',
      id: 1,
      method: 'debug_traceTransaction',
      params: [txHash, { tracer }],
    })) as { result: unknown };
    expect(JSON.parse(replayIo.out())).toEqual(live.result);
  });

  it.each([
    [['--tx', '0x12'], 'tracer capture: --tx'],
    [['--endpoint', 'http://127.0.0.1:1'], 'tracer capture: missing --tx'],
  ])('rejects bad arguments %j', async (args, message) => {
    const io = createCaptureIo();
    expect(await main(['capture', ...args], io)).toBe(2);
    expect(io.err()).toContain(message);
  });

  it('reports an unknown transaction with the node error', async () => {
    const io = createCaptureIo();
    const code = await main(['capture', '--endpoint', server.url, '--tx', '0x' + '11'.repeat(32)], io);
    expect(code).toBe(1);
    expect(io.err()).toMatch(/^tracer capture: .+/);
  });
});
