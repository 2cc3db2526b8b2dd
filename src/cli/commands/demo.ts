import type { CliCommand } from '../cliTypes.ts';
import { commandSpec, exampleEndpoint, noPositionals, parseCommandArgs } from '../commandSpecs.ts';
import { describeDemoChain, formatDemoChain } from '../describeDemoChain.ts';
import { createEmbeddedNode } from '../../evm/node/createEmbeddedNode.ts';

/**
 * `tracer demo [--json]`: lists the transactions of the embedded node's demo chain (what `tracer serve` and the
 * playground serve) with what each exercises, found by building the chain and tracing every transaction.
 */
export const demo: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('demo'));
  noPositionals(parsed);
  const node = await createEmbeddedNode();
  const txs = await describeDemoChain(node);
  if (parsed.options.json === true) {
    io.stdout(JSON.stringify(txs, null, 2) + '\n');
    return 0;
  }
  const chainId = node.chain.common.chainId();
  io.stdout(
    `The embedded node's demo chain (served by tracer serve and in the playground), chain id ${chainId}, ` +
      `${txs.length} transactions:\n` +
      formatDemoChain(txs, exampleEndpoint),
  );
  return 0;
};
