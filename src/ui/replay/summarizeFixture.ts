import type { FixtureDefaults } from '../../core/fixture/fixtureTypes.ts';
import { fieldOf } from './checkFixtureText.ts';

/** One labelled line of a fixture summary. */
export interface SummaryRow {
  label: string;
  value: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

// Fixtures spell numbers as decimal strings, hex strings or JSON numbers.
function toDecimal(v: unknown): string | null {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
  if (typeof v === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(v)) return BigInt(v).toString();
  return null;
}

/**
 * The summary shown after a fixture is loaded: chain id and block from the fixture, transaction hash and sender /
 * recipient as the embedded node decoded them (`defaults` is what its `loadFixture` resolved to).
 */
export function summarizeFixture(json: Obj, defaults: FixtureDefaults): SummaryRow[] {
  const genesis = fieldOf(json, 'genesis');
  const config = isObj(genesis) ? fieldOf(genesis, 'config') : undefined;
  const chainId = isObj(config) ? toDecimal(fieldOf(config, 'chainId')) : null;
  const context = fieldOf(json, 'context');
  const number = isObj(context) ? toDecimal(fieldOf(context, 'number')) : null;
  const rows: SummaryRow[] = [
    { label: 'Chain id', value: chainId ?? 'not set in the fixture' },
    {
      label: 'Block',
      value: number === null ? defaults.blockNumber : `${number} (${defaults.blockNumber})`,
    },
    { label: 'Transaction', value: defaults.txHash },
    { label: 'From', value: defaults.call.from },
    { label: 'To', value: defaults.call.to ?? 'none (contract creation)' },
  ];
  const tracerConfig = fieldOf(json, 'tracerConfig');
  if (tracerConfig !== undefined) rows.push({ label: 'tracerConfig', value: JSON.stringify(tracerConfig) });
  if (fieldOf(json, 'result') !== undefined)
    rows.push({ label: 'Expected result', value: 'included (shown below, to compare with your tracer)' });
  return rows;
}

/** A file name for a captured fixture: `fixture-<first 8 hex digits of the tx hash>.json`. */
export function fixtureFileName(txHash: string): string {
  return `fixture-${txHash.slice(0, 10).toLowerCase()}.json`;
}
