/**
 * The JavaScript-tracer dialect of a node: how its tracer runtime differs from geth's (goja). The probe measures it
 * with a battery of canary tracers (probeDialect.ts); the check's targets consume {@link DialectTarget}.
 * Each difference, with the evidence measured on a real node, is in docs/dialects.md.
 */

/** The engine family a node's tracer runtime behaves like. */
export type DialectTarget = 'geth' | 'reth-anvil' | 'nethermind' | 'unknown';

/** Every dialect target, in the order they are documented. */
export const dialectTargets: readonly DialectTarget[] = ['geth', 'reth-anvil', 'nethermind', 'unknown'];

/**
 * Stable ids of the ways a node's tracer runtime can differ from geth's. The probe measures the first nine
 * (probeDialect.ts); `ctx-no-tx-fields` needs a mined transaction and is measured by the anvil tests only
 * (docs/dialects.md). `unexpected-answer` and `not-measured` are the probe's own: a canary answered something no
 * known dialect answers, or could not be run.
 */
export const dialectDifferenceIds = [
  'setup-receives-object',
  'no-bigint',
  'hook-errors-swallowed',
  'timeout-ignored',
  'es2015-rejected',
  'getcost-late',
  'top-level-enter-exit',
  'frame-value-zero',
  'selfdestruct-as-call',
  'result-db-pre-state',
  'ctx-no-tx-fields',
  'unexpected-answer',
  'not-measured',
] as const;

/** A stable id of a difference from geth. */
export type DialectDifferenceId = (typeof dialectDifferenceIds)[number];

/** What a difference means for a tracer's author, one line per id (docs/dialects.md has the evidence). */
export const dialectDifferenceSummaries: Readonly<Record<DialectDifferenceId, string>> = {
  'setup-receives-object':
    'setup(cfg) receives the config as an object, not a JSON string: JSON.parse(cfg) throws',
  'no-bigint': 'there is no bigInt global (stack values are native BigInt, without bigInt methods)',
  'hook-errors-swallowed':
    'an error thrown in step/enter/exit/fault is swallowed: the trace still succeeds with what result() returns',
  'timeout-ignored': 'the timeout option is ignored (a loop-iteration limit stops long loops instead)',
  'es2015-rejected':
    'ES2015 syntax (let/const, arrows, shorthand methods, template literals) is a SyntaxError',
  'getcost-late': "log.getCost() reports the previous step's cost",
  'top-level-enter-exit':
    'enter/exit are also called for the outermost frame (geth calls them for inner frames only)',
  'frame-value-zero':
    'frame.getValue() is 0 for DELEGATECALL and STATICCALL frames (geth: the inherited value, and undefined)',
  'selfdestruct-as-call':
    'SELFDESTRUCT reaches enter as a copy of the frame that ran it (type CALL in a call, its from/to/input; geth: type SELFDESTRUCT, to the beneficiary)',
  'result-db-pre-state': 'db in result() reads the state before the transaction (geth: after it)',
  'ctx-no-tx-fields': 'ctx has no blockHash, txIndex or txHash in debug_traceTransaction',
  'unexpected-answer': 'a canary tracer got an answer neither geth nor a known dialect gives',
  'not-measured': 'the dialect could not be measured',
};

/** One difference the probe found: its id and what was measured. */
export interface DialectDifference {
  id: DialectDifferenceId;
  /** What the canary got, next to what geth gives. */
  detail: string;
}

/** One canary of the battery: what it looked at, how its answer compares to geth's, and how long it took. */
export interface DialectCheck {
  /** The canary's id (see probeDialect.ts): `setup`, `bigint`, `hook-errors`, `timeout`, `es2015`, … */
  canary: string;
  /** `geth`: geth's answer; `differs`: a known dialect's; `unexpected`: neither; `no-answer`: nothing usable came back. */
  outcome: 'geth' | 'differs' | 'unexpected' | 'no-answer';
  /** Milliseconds from request to answer. */
  ms: number;
}

/** The dialect part of a probe report (present when the probe found that JS tracers run). */
export interface DialectReport {
  /** True only when every canary gave geth's exact answer. */
  matchesGeth: boolean;
  /** The engine family the node behaves like (from its client version and the differences found). */
  target: DialectTarget;
  differences: DialectDifference[];
  checks: DialectCheck[];
  /** Milliseconds the whole battery took. */
  durationMs: number;
}

/** Client families (describeTracerEcho's `ClientFamily`) whose tracer runtime is known, by target. */
const familyTargets: Readonly<Record<string, DialectTarget>> = {
  reth: 'reth-anvil',
  anvil: 'reth-anvil',
  nethermind: 'nethermind',
};

/** The Boa engine's fingerprint: a config object in setup together with no bigInt or swallowed hook errors. */
function looksLikeBoa(ids: ReadonlySet<DialectDifferenceId>): boolean {
  return ids.has('setup-receives-object') && (ids.has('no-bigint') || ids.has('hook-errors-swallowed'));
}

/**
 * The target a node behaves like: its client family when that names a known runtime (reth/anvil, Nethermind),
 * else `geth` when the battery matched geth exactly, `reth-anvil` for Boa's fingerprint, `unknown` otherwise
 * (and when the battery did not run: no `differences`).
 * A node that merely answers like geth to some canaries is not geth: every canary must match.
 */
export function detectDialectTarget(
  clientFamily: string,
  differences?: readonly DialectDifference[],
): DialectTarget {
  const known = familyTargets[clientFamily];
  if (known) return known;
  if (!differences) return 'unknown';
  const ids = new Set(differences.map((d) => d.id));
  if (ids.size === 0) return 'geth';
  if (looksLikeBoa(ids)) return 'reth-anvil';
  return 'unknown';
}

/**
 * "behaves like geth" or "differs from geth: <detail>; <detail>" (the probe's verdict after `supported`), or
 * "dialect not measured: <why>" when no canary ran.
 */
export function describeDialect(d: DialectReport): string {
  if (d.matchesGeth) return 'behaves like geth';
  if (d.checks.length === 0)
    return `dialect not measured: ${d.differences.map((x) => x.detail).join('; ') || 'no canary ran'}`;
  return `differs from geth: ${d.differences.map((x) => x.detail).join('; ')}`;
}
