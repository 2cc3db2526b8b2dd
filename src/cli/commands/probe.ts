import type { CliCommand } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { type ProbeReport, probeNode } from '../../core/rpc/probe.ts';
import { createProbeSender } from '../../io/transport/createProbeSender.ts';
import { createTransportFromArgs } from './send.ts';
import { stripControl } from '../stripControl.ts';

/** The human-readable probe report. */
export function formatProbeReport(r: ProbeReport): string {
  const lines = [
    `JS tracing: ${r.jsTracing}`,
    `client: ${r.clientVersion ?? 'unknown'} (${r.clientFamily})`,
    `latest block: ${r.latestBlock ?? 'unknown'}`,
    r.summary,
    'evidence:',
    ...r.evidence.map((e, i) => `  ${i + 1}. ${e.request.method} → ${e.kind}: ${e.message}  [${e.note}]`),
  ];
  return lines.join('\n') + '\n';
}

/**
 * `tracer probe --endpoint URL [--user U --password P] [--json]`: finds out whether the node really runs custom
 * JavaScript tracers. Exit 0 when it does, 1 for every other verdict (the verdict is printed either way).
 */
export const probe: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('probe'));
  if (parsed.positionals.length > 0)
    throw new UsageError(`probe takes no FILE (got ${parsed.positionals.join(' ')})`);
  const transport = await createTransportFromArgs(parsed);
  try {
    const report = await probeNode(createProbeSender(transport));
    // The report quotes the node (client version, error messages): no terminal control characters get through.
    io.stdout(
      stripControl(
        parsed.options.json === true ? JSON.stringify(report, null, 2) + '\n' : formatProbeReport(report),
      ),
    );
    return report.jsTracing === 'supported' ? 0 : 1;
  } finally {
    transport.close?.();
  }
};
