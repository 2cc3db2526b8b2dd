import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { parseTemplateHeader, type TemplateDemo } from '../../../src/core/templates/parseTemplateHeader.ts';
import { createEmbeddedNode, type EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { DemoDefaults } from '../../../src/evm/node/demoDefaults.ts';

const dir = join(import.meta.dirname, '../../../tracer-templates');
const templates = readdirSync(dir)
  .filter((f) => f.endsWith('.js'))
  .sort()
  .map((f) => {
    const source = readFileSync(join(dir, f), 'utf8');
    const parsed = parseTemplateHeader(source, f.slice(0, -3));
    if (!parsed.ok) throw new Error(`${f}: ${parsed.error.message}`);
    return {
      id: parsed.template.id,
      demo: parsed.template.demo,
      source,
      config: parsed.template.tracerConfig,
    };
  });

let node: EmbeddedNode;
beforeAll(async () => {
  node = await createEmbeddedNode();
});

// The demo request of issue #13 item 4, built as the request form builds it from the node's demo values.
function params(demo: TemplateDemo, d: DemoDefaults): unknown[] {
  switch (demo.subject) {
    case 'tx':
      return [d.txHash];
    case 'revertTx':
      return [d.revertTxHash];
    case 'call':
      return [d.call, 'latest'];
    case 'block':
      return [d.blockNumber];
  }
}

async function runDemo(t: (typeof templates)[number]): Promise<unknown> {
  const flat = flattenTracer(t.source);
  expect(flat.ok).toBe(true);
  const options: Record<string, unknown> = { tracer: flat.code };
  if (t.config !== undefined) options.tracerConfig = t.config;
  const reply = (await node.request({
    jsonrpc: '2.0',
    id: 1,
    method: t.demo!.method,
    params: [...params(t.demo!, node.demoDefaults as DemoDefaults), options],
  })) as { result?: unknown; error?: { message: string } };
  expect(reply.error).toBeUndefined();
  return reply.result;
}

const size = (v: unknown): number =>
  Array.isArray(v) ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 0;

// What each demo must show, from what the demo values do (the demo transaction calls, delegate-calls, static-calls,
// creates, stores and logs; the demo call is an ERC-20 transfer; the revert transaction reverts with a reason).
const shows: Record<string, (r: any) => void> = {
  call: (r) => expect(size(r)).toBeGreaterThan(0),
  'call-tree': (r) => expect(size(r.calls)).toBeGreaterThan(0),
  'erc20-transfers': (r) => expect(size(r)).toBeGreaterThan(0),
  'event-logs': (r) => expect(size(r)).toBeGreaterThan(0),
  'flat-calls': (r) => expect(size(r)).toBeGreaterThan(1),
  'gas-per-step': (r) => expect(size(r)).toBeGreaterThan(0),
  'opcode-histogram': (r) =>
    expect(
      ['CALL', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2', 'SSTORE'].filter((op) => !(r[op] > 0)),
    ).toEqual([]),
  prestate: (r) => expect(size(r)).toBeGreaterThan(1),
  'revert-finder': (r) => expect(JSON.stringify(r)).toContain('value must be below 10'),
  'selector-counter': (r) => expect(size(r)).toBeGreaterThan(0),
  'sload-sstore': (r) => expect(JSON.stringify(r)).toMatch(/SSTORE/),
  'storage-diff': (r) => expect(size(r)).toBeGreaterThan(0),
};

describe('every template declares a demo request that shows something on the demo chain', () => {
  it('each template has @demo and an expectation here', () => {
    expect(templates.filter((t) => !t.demo).map((t) => t.id)).toEqual([]);
    expect(templates.map((t) => t.id).sort()).toEqual(Object.keys(shows).sort());
  });

  it.each(templates.map((t) => [t.id, t] as const))('%s on its demo', async (_id, t) => {
    const result = await runDemo(t);
    shows[t.id](result);
  });
});
