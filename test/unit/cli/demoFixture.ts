import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureFixtureJson } from '../../../src/core/fixture/captureFixture.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { startRpcServer } from '../../../src/cli/serve/startRpcServer.ts';

/** The embedded node's demo chain, its demo transaction, and a JSON-RPC call to it. */
export async function startDemoNode() {
  const node = await createEmbeddedNode();
  const txHash = (node.demoDefaults as { txHash: string }).txHash;
  let id = 0;
  const call = async (method: string, params: unknown[]): Promise<unknown> => {
    const r = (await node.request({ jsonrpc: '2.0', id: ++id, method, params })) as {
      result?: unknown;
      error?: { message: string };
    };
    if (r.error) throw new Error(r.error.message);
    return r.result;
  };
  return { node, txHash, call };
}

/**
 * The demo transaction (CallProbe.run(7): CALL, DELEGATECALL, STATICCALL, CREATE, CREATE2, SSTORE…, 1,037 steps)
 * captured as a fixture file, as `tracer capture` writes it; and the demo node's struct logs of it.
 */
export async function writeDemoFixture(): Promise<{
  file: string;
  dir: string;
  structOps: string[];
  txHash: string;
  /** Serves the demo node over HTTP (for `replay --endpoint`); close it after. */
  serve(): Promise<{ url: string; close(): Promise<void> | void }>;
}> {
  const { node, txHash, call } = await startDemoNode();
  const dir = mkdtempSync(join(tmpdir(), 'demo-fixture-'));
  const file = join(dir, 'demo.json');
  writeFileSync(file, JSON.stringify(await captureFixtureJson(call, txHash)));
  const logs = (await call('debug_traceTransaction', [txHash])) as { structLogs: Array<{ op: string }> };
  const serve = () => startRpcServer(node, '127.0.0.1', 0);
  return { file, dir, structOps: logs.structLogs.map((l) => l.op), txHash, serve };
}
