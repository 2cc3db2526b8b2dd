import type { CliCommand } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { type DialectReport, type ProbeReport, probeNode } from '../../core/rpc/probe/probe.ts';
import { createProbeSender } from '../../io/transport/createProbeSender.ts';
import { createTransportFromArgs } from './send.ts';
import { stripControl } from '../stripControl.ts';

/** The verdict line's dialect part: "behaves like geth", or the ids of the differences (their details follow). */
function dialectInBrief(d: DialectReport): string {
  if (d.matchesGeth) return ' — behaves like geth';
  if (d.checks.length === 0) return ' — dialect not measured';
  return ` — differs from geth: ${[...new Set(d.differences.map((x) => x.id))].join(', ')}`;
}

/** The dialect block: the target and battery time, then each difference with what was measured. */
function dialectLines(d: DialectReport): string[] {
  return [
    `dialect: target ${d.target}, ${d.checks.length} canaries in ${d.durationMs} ms`,
    ...d.differences.map((x) => `  - ${x.id}: ${x.detail}`),
  ];
}

/** The human-readable probe report. */
export function formatProbeReport(r: ProbeReport): string {
  const lines = [
    `JS tracing: ${r.jsTracing}${r.dialect ? dialectInBrief(r.dialect) : ''}`,
    `client: ${r.clientVersion ?? 'unknown'} (${r.clientFamily})`,
    `latest block: ${r.latestBlock ?? 'unknown'}`,
    r.summary,
    ...(r.dialect ? dialectLines(r.dialect) : []),
    'evidence:',
    ...r.evidence.map((e, i) => `  ${i + 1}. ${e.request.method} → ${e.kind}: ${e.message}  [${e.note}]`),
  ];
  return lines.join('\n') + '\n';
}

/**
 * `tracer probe --endpoint URL [--user U --password P] [--json]`: finds out whether the node really runs custom
 * JavaScript tracers and, when it does, how its tracer runtime differs from geth's (`dialect`, also in --json).
 * Exit 0 when it runs them, 1 for every other verdict (the verdict is printed either way).
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
