import { UpstreamError } from '../../core/upstream/describeUpstreamFault.ts';
import type { UpstreamReader } from './traceUpstreamTx.ts';

type Header = { hash: string; parentHash: string };

function header(v: unknown, what: string): Header | undefined {
  if (v === null || v === undefined) return undefined;
  const b = v as Partial<Record<'hash' | 'parentHash', unknown>>;
  const hex = (x: unknown) => typeof x === 'string' && /^0x[0-9a-fA-F]{64}$/.test(x);
  if (typeof v !== 'object' || !hex(b.hash) || !hex(b.parentHash))
    throw new UpstreamError(`the upstream's ${what} has no hash and parentHash`);
  return { hash: (b.hash as string).toLowerCase(), parentHash: (b.parentHash as string).toLowerCase() };
}

/**
 * Fills `hashes` (number → hash, holding the parent block of the traced one, `parent`, and a contiguous run of its
 * ancestors below it) down to `lowest`, on the parent's own chain: a run of headers by number (one batch) is kept only
 * if each one's parentHash is the hash of the one below and the top one links to what is already known; otherwise
 * (the upstream's head moved onto another chain meanwhile) the ancestors are walked from the parent by hash, one
 * header at a time. A header the upstream no longer has (reorganised away) is an UpstreamError saying so.
 */
export async function fetchAncestorHashes(
  up: UpstreamReader,
  hashes: Map<bigint, string>,
  parent: bigint,
  lowest: bigint,
): Promise<void> {
  let known = parent;
  while (hashes.has(known - 1n)) known--;
  if (lowest >= known) return;
  const numbers: bigint[] = [];
  for (let n = lowest; n <= known; n++) numbers.push(n);
  const byNumber = await up.batch(
    numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [`0x${n.toString(16)}`, false] })),
  );
  const headers = byNumber.map((b, i) => header(b, `block ${numbers[i]}`));
  const linked =
    headers[headers.length - 1]?.hash === hashes.get(known)?.toLowerCase() &&
    headers.every((h, i) => h !== undefined && (i === 0 || h.parentHash === headers[i - 1]!.hash));
  if (linked) {
    headers.forEach((h, i) => hashes.set(numbers[i], h!.hash));
    return;
  }
  // The chain by number is not the parent's chain (or has gaps): follow parentHash from the parent itself.
  for (let n = known; n > lowest; n--) {
    const hash = hashes.get(n)!;
    const h = header(await up.call('eth_getBlockByHash', [hash, false]), `block ${hash}`);
    if (h === undefined)
      throw new UpstreamError(
        `the upstream no longer has block ${hash} (number ${n}), an ancestor of the traced block: its chain was reorganised while fetching; trace the transaction again`,
      );
    hashes.set(n - 1n, h.parentHash);
  }
}
