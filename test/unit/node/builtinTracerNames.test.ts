import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readTemplateSource } from '../../../src/cli/readTemplateSource.ts';
import { demoTxHash } from '../../../src/cli/commandSpecs.ts';
import { createEmbeddedNode, type EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { createVmRealm } from '../../../src/evm/host/realm/createVmRealm.ts';

// geth's built-in tracer names, as viem, ethers and cast users send them: the embedded node runs the template that
// reproduces each one on geth's fixtures (test/unit/conformance, "by name" rows), so a name and its template give the
// same result. The expected side here is the template's text sent as a JavaScript tracer.

const template = (id: string) =>
  readFileSync(join(import.meta.dirname, '../../../tracer-templates', `${id}.js`), 'utf8');
let node: EmbeddedNode;

beforeAll(async () => {
  node = await createEmbeddedNode({ createRealm: createVmRealm, templates: readTemplateSource() });
}, 60_000);

async function trace(
  config: Record<string, unknown>,
): Promise<{ result?: unknown; error?: { message: string } }> {
  return (await node.request({
    jsonrpc: '2.0',
    id: 1,
    method: 'debug_traceTransaction',
    params: [demoTxHash, config],
  })) as { result?: unknown; error?: { message: string } };
}

describe("geth's built-in tracer names run their templates", () => {
  it.each([
    ['callTracer', 'call-tree', undefined],
    ['callTracer', 'call-tree', { onlyTopCall: true }],
    ['callTracer', 'call-tree', { withLog: true }],
    ['flatCallTracer', 'flat-calls', undefined],
    ['4byteTracer', 'selector-counter', undefined],
  ] as [string, string, unknown][])('%s (%s, config %j)', async (name, id, tracerConfig) => {
    const byName = await trace({ tracer: name, tracerConfig });
    const byText = await trace({ tracer: template(id), tracerConfig });
    expect(byName.error).toBeUndefined();
    expect(byName.result).toEqual(byText.result);
  });

  it('onlyTopCall keeps the top frame alone', async () => {
    const r = (await trace({ tracer: 'callTracer', tracerConfig: { onlyTopCall: true } })).result as {
      calls?: unknown[];
    };
    expect(r.calls).toBeUndefined();
    const full = (await trace({ tracer: 'callTracer' })).result as { calls?: unknown[] };
    expect(full.calls!.length).toBeGreaterThan(0);
  });

  it.each([
    ['noopTracer', { result: {} }],
    ['muxTracer', { result: {} }],
  ] as [string, Record<string, unknown>][])('%s', async (name, expected) => {
    expect(await trace({ tracer: name })).toMatchObject(expected);
  });

  it('muxTracer runs each member as it runs alone, JavaScript source included, under the same keys', async () => {
    const js = template('opcode-histogram');
    const r = await trace({
      tracer: 'muxTracer',
      tracerConfig: { callTracer: {}, [js]: {}, noopTracer: {} },
    });
    expect(r.result).toEqual({
      callTracer: (await trace({ tracer: 'callTracer' })).result,
      noopTracer: {},
      [js]: (await trace({ tracer: js })).result,
    });
  });

  it('a block trace by name', async () => {
    const r = (await node.request({
      jsonrpc: '2.0',
      id: 1,
      method: 'debug_traceBlockByNumber',
      params: ['0x2', { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } }],
    })) as { result: { txHash: string; result: { type: string } }[] };
    expect(r.result.map((e) => e.txHash)).toContain(demoTxHash);
    expect(r.result.every((e) => e.result.type === 'CALL' || e.result.type === 'CREATE')).toBe(true);
  });
});
