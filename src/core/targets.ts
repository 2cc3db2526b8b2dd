/**
 * What a tracer must run on: the one model of targets used by the check, the flattener, the converter, the worker,
 * the page and the CLI. Sources for every fact are in docs/targets.md.
 *
 * - `es5`: portable ECMAScript 5.1, what providers document; the default.
 * - `geth`: goja as pinned by geth ≥ 1.10.18 and by Erigon (dop251/goja 9037c2b61cbf, 2022-04-05).
 * - `reth`, `anvil`: Boa (paradigmxyz/revm-inspectors, `js-tracer` feature).
 * - `nethermind`: V8 through Microsoft ClearScript (Nethermind.Evm …/Custom/JavaScript/Engine.cs).
 */
import {
  dialectDifferenceSummaries,
  type DialectDifferenceId,
  type DialectTarget,
} from './rpc/probe/dialect.ts';

export type TargetId = 'es5' | 'geth' | 'reth' | 'anvil' | 'nethermind';

/** The names earlier versions gave the two targets they knew (`strict` is es5, `goja` is geth); still read. */
export type LegacyProfile = 'strict' | 'goja';

/** The JavaScript engines behind the targets (es5 has none: it is the portable subset). */
export type Engine = 'goja' | 'boa' | 'v8';

/** Every target, in the order pickers list them. */
export const targetIds: readonly TargetId[] = ['es5', 'geth', 'reth', 'anvil', 'nethermind'];

/** The default target: portable ES5.1. */
export const defaultTarget: TargetId = 'es5';

/** A known way a node's tracer runtime differs from geth's (docs/targets.md lists the sources). */
export interface RuntimeDifference {
  /** Stable id, shared with the probe's dialect ids where the probe detects it. */
  id: string;
  detail: string;
}

/** What the check knows about a target. */
export interface TargetInfo {
  id: TargetId;
  /** How messages name it ("geth"). */
  name: string;
  /** For pickers and the status bar ("geth (goja)"). */
  label: string;
  /** The engine whose syntax it accepts; null for es5. */
  engine: Engine | null;
  /** The nodes it stands for. */
  nodes: string;
  /** Global helper functions and values the node's tracer runtime defines, besides the ECMAScript built-ins. */
  globals: readonly string[];
  /** Known runtime differences from geth. */
  differences: readonly RuntimeDifference[];
}

const gethHelpers = ['toHex', 'toWord', 'toAddress', 'toContract', 'toContract2', 'isPrecompiled', 'slice'];

/** A difference the probe also measures: its detail is the probe's own sentence (core/rpc/probe/dialect.ts). */
const measured = (id: DialectDifferenceId): RuntimeDifference => ({
  id,
  detail: dialectDifferenceSummaries[id],
});

const boaDifferences: RuntimeDifference[] = [
  measured('setup-receives-object'),
  {
    id: 'no-bigint',
    detail:
      'no bigInt global before revm-inspectors PR #443 (2026-05; anvil 1.7.1 has none): stack values are native BigInt',
  },
  {
    id: 'loop-limit',
    detail: 'loops stop after 200,000 iterations and recursion after 10,000 calls (LOOP_ITERATION_LIMIT)',
  },
  measured('top-level-enter-exit'),
];

const targetTable: Record<TargetId, TargetInfo> = {
  es5: {
    id: 'es5',
    name: 'es5',
    label: 'ES5.1 (any node)',
    engine: null,
    nodes: 'every node that runs JS tracers, as providers document',
    globals: [...gethHelpers, 'bigInt'],
    differences: [],
  },
  geth: {
    id: 'geth',
    name: 'geth',
    label: 'geth (goja)',
    engine: 'goja',
    nodes: 'geth ≥ 1.10.18 and Erigon (goja)',
    globals: [...gethHelpers, 'bigInt'],
    differences: [
      {
        id: 'erigon-tracer-not-found',
        detail: "Erigon (and geth ≤ 1.10.26) answer 'tracer not found' instead of the syntax error",
      },
    ],
  },
  reth: {
    id: 'reth',
    name: 'reth',
    label: 'reth (Boa)',
    engine: 'boa',
    nodes: 'reth (revm-inspectors js-tracer, Boa)',
    globals: [...gethHelpers, 'bigInt', 'bigint', 'BigInt'],
    differences: boaDifferences,
  },
  anvil: {
    id: 'anvil',
    name: 'anvil',
    label: 'anvil (Boa)',
    engine: 'boa',
    nodes: "Foundry's anvil ≥ 1.3 (revm-inspectors js-tracer, Boa)",
    globals: [...gethHelpers, 'bigint', 'BigInt'],
    differences: [
      ...boaDifferences,
      measured('hook-errors-swallowed'),
      measured('timeout-ignored'),
      measured('getcost-late'),
      measured('frame-value-zero'),
      measured('selfdestruct-as-call'),
      measured('result-db-pre-state'),
    ],
  },
  nethermind: {
    id: 'nethermind',
    name: 'nethermind',
    label: 'nethermind (V8)',
    engine: 'v8',
    nodes: 'Nethermind ≥ 1.25 (Microsoft ClearScript V8)',
    globals: [...gethHelpers, 'bigInt', 'BigInt'],
    differences: [
      {
        id: 'code-must-be-braced',
        detail:
          "the tracer text must start with '{' and end with '}' (else it is looked up as a built-in tracer)",
      },
      {
        id: 'engine-reused-in-block',
        detail: 'block traces reuse one engine, so globals leak between transactions',
      },
    ],
  },
};

/** What the check knows about `id`. */
export function targetInfo(id: TargetId): TargetInfo {
  return targetTable[id];
}

/** Whether `name` is a target id. */
export function isTargetId(name: unknown): name is TargetId {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(targetTable, name);
}

/**
 * The target a name stands for: a target id, or a name of the profiles earlier versions saved and accepted
 * (`strict` → `es5`, `goja` → `geth`); undefined for anything else.
 */
export function parseTarget(name: unknown): TargetId | undefined {
  if (isTargetId(name)) return name;
  if (name === 'strict') return 'es5';
  if (name === 'goja') return 'geth';
  return undefined;
}

/** The target a probe's dialect stands for (reth and anvil share Boa's syntax: anvil, the one measured). */
export function targetOfDialect(dialect: DialectTarget): TargetId | undefined {
  if (dialect === 'geth' || dialect === 'nethermind') return dialect;
  if (dialect === 'reth-anvil') return 'anvil';
  return undefined;
}

/** The targets whose engine is `engine`. */
export function targetsOfEngine(engine: Engine): TargetId[] {
  return targetIds.filter((id) => targetTable[id].engine === engine);
}

/** "a", "a and b", "a, b and c". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
