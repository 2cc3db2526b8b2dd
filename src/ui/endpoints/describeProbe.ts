import { type DialectReport, type DialectTarget, describeDialect } from '../../core/rpc/probe/dialect.ts';
import type { JsTracingSupport, ProbeEvidence, ProbeReport } from '../../core/rpc/probe/probe.ts';
import type { ProbeView } from '../../state/appState.ts';

const verdictTitles: Record<JsTracingSupport, string> = {
  supported: 'JavaScript tracers run on this node',
  ignored: 'The node ignores the tracer (it answers with its default trace)',
  unsupported: 'This node does not run JavaScript tracers',
  'debug-disabled': 'The debug namespace is not available',
  'auth-required': 'The node wants credentials',
  unreachable: 'The node could not be reached',
  ambiguous: 'Could not tell whether JavaScript tracers run',
};

/** How the card names a detected target other than geth. */
const targetNames: Record<DialectTarget, string> = {
  geth: 'geth',
  'reth-anvil': 'reth/anvil (Boa engine)',
  nethermind: 'Nethermind',
  unknown: 'an unknown engine',
};

/**
 * After `supported`: " — behaves like geth" or " — differs from geth: …", and which engine the node's tracer runtime
 * looks like (the target the check can use; docs/dialects.md explains each difference).
 */
function dialectWords(d: DialectReport, short: boolean): string {
  const like = d.matchesGeth || d.target === 'unknown' ? '' : ` It looks like ${targetNames[d.target]}.`;
  if (!short) return ` — ${describeDialect(d)}.${like}`;
  const n = d.differences.length;
  return ` — differs from geth: ${n} difference${n === 1 ? '' : 's'}.${like}`;
}

/** The dialect's differences the card lists one per line (none when it behaves like geth or was not measured). */
function listedDifferences(d: DialectReport | undefined): string[] {
  return d && !d.matchesGeth && d.checks.length > 0 ? d.differences.map((x) => x.detail) : [];
}

/**
 * ✓ when a request came out as a working node answers it (for the negative control, a tracer that throws, that is
 * an error), ✗ otherwise: the card then reads as a list of checks, not of failures.
 */
function evidenceMark(e: ProbeEvidence): string {
  const expectsError = e.note.startsWith('negative control');
  return (expectsError ? e.kind === 'rpc-error' : e.kind === 'ok') ? '✓' : '✗';
}

// The summary often is the failing request's message: it is said once, above the list.
const said = (message: string, summary: string) => (summary.includes(message) ? '(said above)' : message);

/** The probe report card's content for a probe run (src/io/runProbe.ts), also when the probe itself failed. */
export async function describeProbe(
  report: Promise<ProbeReport>,
): Promise<Omit<ProbeView, 'endpointId' | 'running'>> {
  try {
    const r = await report;
    const differences = listedDifferences(r.dialect);
    const words = (short: boolean) =>
      `${verdictTitles[r.jsTracing]}${r.dialect ? dialectWords(r.dialect, short) : '.'}`;
    // The headline counts the differences and the card lists them; the verdict (Copy details) keeps the long form.
    const headline = words(differences.length > 0);
    return {
      verdict: `${words(false)} ${r.summary}`,
      headline,
      summary: r.summary,
      ...(differences.length > 0 ? { differences } : {}),
      clientVersion: r.clientVersion,
      latestBlock: r.latestBlock,
      evidence: r.evidence.map(
        (e) => `${evidenceMark(e)} ${e.request.method}: ${e.note} → ${said(e.message, r.summary)}`,
      ),
      ...(r.dialect ? { dialectTarget: r.dialect.target } : {}),
      jsTracing: r.jsTracing,
    };
  } catch (e) {
    return { verdict: `The probe failed: ${(e as Error).message}`, evidence: [] };
  }
}

/** How many differences the probe card shows before its "N more" toggle. */
export const shownDifferences = 3;

/** The probe card's verdict as it is drawn: a short headline, one plain sentence, then the differences (the first
 * `shownDifferences` in sight, the rest behind a "N more" toggle). */
export interface ProbeVerdictView {
  headline: string;
  sentence?: string;
  shown: string[];
  folded: string[];
  /** The toggle's label while the rest is folded ("6 more"), absent when nothing is folded. */
  moreLabel?: string;
}

/** The probe card's verdict view model of `probe` (a finished probe). */
export function buildProbeVerdictView(
  probe: Pick<ProbeView, 'verdict' | 'headline' | 'summary' | 'differences'>,
): ProbeVerdictView {
  const items = probe.differences ?? [];
  const folded = items.slice(shownDifferences);
  return {
    headline: probe.headline ?? probe.verdict ?? 'No verdict',
    ...(probe.headline && probe.summary ? { sentence: probe.summary } : {}),
    shown: items.slice(0, shownDifferences),
    folded,
    ...(folded.length > 0 ? { moreLabel: `${folded.length} more` } : {}),
  };
}

/** Verdicts after which the card offers to run the tracer here, on the node's state: the node itself will not. */
const runHereVerdicts: ReadonlySet<JsTracingSupport> = new Set(['unsupported', 'ignored', 'debug-disabled']);

/** Whether the probe card offers "Run it here on this node's state" (the node answered, but runs no JS tracer). */
export function offersRunHere(probe: Pick<ProbeView, 'running' | 'jsTracing'>): boolean {
  return !probe.running && probe.jsTracing !== undefined && runHereVerdicts.has(probe.jsTracing);
}
