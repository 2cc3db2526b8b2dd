import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { prepareResultViews } from '../../../src/core/result/prepareResultViews.ts';
import type { EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { defaultsOf, demoNode, result } from '../node/nodeHelpers.ts';

// The views each template's result gets on the demo chain: the shapes the detection was written for, produced by
// the real templates on the real embedded node (not hand-made samples).
const dir = join(import.meta.dirname, '../../../tracer-templates');
const transferTx = '0x4a56a10b80b0d536d400c9c9b4f0cda94844a77936cacb8b4984d346bafe909e';

let node: EmbeddedNode;
let probeTx: string;
beforeAll(async () => {
  node = await demoNode();
  probeTx = defaultsOf(node).txHash;
}, 120_000);

async function trace(template: string, params: unknown[], tracerConfig?: unknown): Promise<unknown> {
  const flat = flattenTracer(readFileSync(join(dir, template), 'utf8'));
  if (!flat.ok) throw new Error(`${template} does not flatten`);
  const options: Record<string, unknown> = { tracer: flat.code };
  if (tracerConfig) options.tracerConfig = tracerConfig;
  return result(
    node,
    params.length === 1 && typeof params[0] === 'string' && params[0].length > 10
      ? 'debug_traceTransaction'
      : 'debug_traceBlockByNumber',
    [...params, options],
  );
}

describe('templates on the demo chain → result views', () => {
  const cases: [string, 'probe' | 'transfer' | 'block2', unknown, string, string[]][] = [
    ['call-tree.js', 'probe', undefined, 'call-tree', ['call-tree', 'flame']],
    ['flat-calls.js', 'probe', undefined, 'flat-calls', ['calls']],
    ['opcode-histogram.js', 'probe', undefined, 'counts', ['bars']],
    ['selector-counter.js', 'probe', undefined, 'counts', ['bars']],
    ['sload-sstore.js', 'probe', undefined, 'records', ['table', 'timeline']],
    ['event-logs.js', 'probe', undefined, 'records', ['table', 'timeline']],
    ['erc20-transfers.js', 'transfer', undefined, 'records', ['table']],
    ['gas-per-step.js', 'transfer', undefined, 'records', ['table', 'timeline']],
    ['prestate.js', 'transfer', { diffMode: true }, 'state-diff', ['diff']],
    ['storage-diff.js', 'probe', undefined, 'state-diff', ['diff']],
  ];
  it.each(cases)('%s (%s tx)', async (template, tx, config, shape, tabs) => {
    const value = await trace(template, [tx === 'probe' ? probeTx : transferTx], config);
    const views = prepareResultViews(value);
    expect(views.shape).toBe(shape);
    expect(views.tabs).toEqual(tabs);
    expect(views.notes).toEqual([]);
  });

  it('call-tree.js: every frame of CallProbe.run, the top one decoded where known', async () => {
    const views = prepareResultViews(await trace('call-tree.js', [probeTx]));
    const types = views.callTree!.frames.map((f) => f.type);
    for (const t of ['CALL', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']) expect(types).toContain(t);
    expect(views.callTree!.flame).toHaveLength(views.callTree!.frames.length);
  });

  it('erc20-transfers.js and selector-counter.js on block 2: a block with its transactions', async () => {
    const transfers = prepareResultViews(await trace('erc20-transfers.js', ['0x2']));
    expect(transfers.block!.txs.map((t) => t.shape)).toEqual([
      'records',
      'unknown',
      'unknown',
      'unknown',
      'records',
    ]);
    expect(transfers.selected).toBe(0);
    expect(transfers.records!.table.rows).toHaveLength(1);
    expect(prepareResultViews(await trace('erc20-transfers.js', ['0x2']), 1).notes).toEqual([
      'The result is an empty list.',
    ]);
    const selectors = prepareResultViews(await trace('selector-counter.js', ['0x2']));
    expect(selectors.selected).toBe('sum');
    expect(selectors.counts!.entries.map((e) => e.label)).toContain('transfer(address,uint256)');
  });
});
