/** The client a `web3_clientVersion` string (or, failing that, an error text) points to. */
export type ClientFamily =
  | 'geth'
  | 'erigon'
  | 'nethermind'
  | 'besu'
  | 'reth'
  | 'anvil'
  | 'hardhat'
  | 'ganache'
  | 'bor'
  | 'tracer-playground'
  | 'unknown';

const families: [RegExp, ClientFamily][] = [
  [/^geth\b|^Geth\//i, 'geth'],
  [/^erigon/i, 'erigon'],
  [/^nethermind/i, 'nethermind'],
  [/^besu/i, 'besu'],
  [/^reth/i, 'reth'],
  [/^anvil/i, 'anvil'],
  [/^hardhat/i, 'hardhat'],
  [/^ganache|ethereumjs testrpc/i, 'ganache'],
  [/^bor\b|^bor\//i, 'bor'],
  // This project's embedded node (the playground's, `tracer serve`): src/evm/node's embeddedClientVersion.
  [/^TracerPlayground\//, 'tracer-playground'],
];

/** Guesses the client family from its version string or, when that is missing, from an error text it produced. */
export function detectClientFamily(clientVersion: string | undefined, errorTexts?: string[]): ClientFamily {
  for (const [re, family] of families) if (clientVersion && re.test(clientVersion)) return family;
  if (errorTexts?.some((t) => /Hardhat currently only supports/i.test(t))) return 'hardhat';
  if (errorTexts?.some((t) => /Invalid TracerType/i.test(t))) return 'besu';
  return 'unknown';
}

/**
 * Describes in a few words what a node returned instead of a tracer's own value: struct logs (the opcode logger),
 * `{}`, a callTracer frame, or any other value.
 */
export function describeIgnoredResult(result: unknown): string {
  if (result && typeof result === 'object' && !Array.isArray(result)) {
    const o = result as Record<string, unknown>;
    if (Array.isArray(o.structLogs))
      return `an opcode-logger trace ({gas, structLogs: [${o.structLogs.length} steps]})`;
    if (Object.keys(o).length === 0) return 'an empty object {}';
    if ('type' in o && 'from' in o && ('gasUsed' in o || 'gas' in o))
      return 'a callTracer frame ({type, from, to, gas…})';
    return `an object with keys ${Object.keys(o).slice(0, 6).join(', ')}`;
  }
  if (Array.isArray(result)) return `an array of ${result.length}`;
  return `the value ${JSON.stringify(result)?.slice(0, 80)}`;
}
