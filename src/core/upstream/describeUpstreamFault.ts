/** What went wrong with one upstream request, in the terms the classifier gives (see classifyResponse). */
export interface UpstreamFault {
  method: string;
  kind:
    'unreachable' | 'http-error' | 'rpc-error' | 'invalid-json' | 'id-mismatch' | 'batch-instead-of-object';
  message: string;
  /** HTTP status, when one came. */
  status?: number | null;
  /** JSON-RPC error code, for `rpc-error`. */
  code?: number;
  /** The transport's reason, for `unreachable` (`timeout`, `refused`…). */
  reason?: string;
  /** The block the state was asked at (named in the pruned-node message). */
  block?: string;
}

// geth (`missing trie node`, `header not found`, `historical state … is not available`), erigon, nethermind, reth and
// providers' texts for state a non-archive node no longer keeps.
const pruned =
  /missing trie node|header not found|historical state|state (is )?not available|pruned|not an archive|distance to target block|state at block .* is pruned|unknown block|block not found/i;
const rateLimited = /rate limit|too many requests|exceeded .*(quota|capacity|limit)|compute units/i;
// A method the node does not serve: geth's -32601, ganache's -32700, hardhat's -32004, providers' own texts.
const missingMethod =
  /does not exist|is not (available|supported|implemented)|method not found|not supported|unsupported method|unknown method/i;

/** An upstream failure the trace cannot go on without; its message is the one line the user sees. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

/**
 * One clear sentence for an upstream failure, naming what the upstream lacks: state it pruned (`missing trie node`,
 * `header not found`…), capacity (HTTP 429, -32005, providers' quota texts), time (no answer within the request's
 * limit), the method itself (-32601 and other nodes' wordings), or reachability. `upstream` names the endpoint
 * (masked). docs/reliability.md lists them ("Upstream faults").
 */
export function describeUpstreamFault(f: UpstreamFault, upstream: string): string {
  // The node's own words (`-32000 "header not found"`), as a batch item gives them, rather than the classifier's
  // sentence around them (a single request's).
  const quoted = f.kind === 'rpc-error' ? /(-?\d+) "((?:[^"\\]|\\.)*)"/.exec(f.message) : null;
  const text = quoted
    ? `${quoted[1]} "${quoted[2]}"`
    : f.kind === 'rpc-error' && f.code !== undefined
      ? `${f.code} "${f.message}"`
      : f.message;
  const said = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  if (f.kind === 'rpc-error' && pruned.test(f.message))
    return `${upstream} has no state at ${f.block ?? 'that block'} (${f.method}: ${said}): it is not an archive node, or pruned that block; trace on an archive node`;
  if (f.status === 429 || f.code === -32005 || rateLimited.test(f.message))
    return `${upstream} is rate-limiting requests (${f.method}: ${said}); wait and retry, or use an endpoint with more capacity`;
  if (f.kind === 'unreachable' && f.reason === 'timeout')
    return `${upstream} did not answer ${f.method} in time (${said}): it is overloaded or stalled; retry later, or allow it more time (--request-timeout)`;
  if (f.kind === 'unreachable') return said;
  if (f.kind === 'rpc-error' && (f.code === -32601 || missingMethod.test(f.message)))
    return `${upstream} does not serve ${f.method} (${said})`;
  return `${f.method}: ${said}`;
}
