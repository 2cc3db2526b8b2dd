import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { DemoDefaults } from '../../../src/evm/node/demoDefaults.ts';

let shared: Promise<EmbeddedNode> | undefined;

/** One demo node per test file (start-up builds the chain; the tests only read it, except where noted). */
export function demoNode(): Promise<EmbeddedNode> {
  shared ??= createEmbeddedNode();
  return shared;
}

/** The demo defaults of a node. */
export function defaultsOf(node: EmbeddedNode): DemoDefaults {
  return node.demoDefaults as DemoDefaults;
}

let nextId = 1;

/** Sends one request; returns the whole response object. */
export async function call(node: EmbeddedNode, method: string, params?: unknown[]): Promise<any> {
  const body: Record<string, unknown> = { jsonrpc: '2.0', id: nextId++, method };
  if (params !== undefined) body.params = params;
  return node.request(body);
}

/** Sends one request and returns its result, failing with the RPC error's text if there is one. */
export async function result(node: EmbeddedNode, method: string, params?: unknown[]): Promise<any> {
  const r = await call(node, method, params);
  if (r.error) throw new Error(`${method} failed: ${r.error.code} ${r.error.message}`);
  return r.result;
}

/** ABI word of a uint256 / address. */
export function word(v: bigint | string): string {
  return (typeof v === 'bigint' ? v.toString(16) : v.slice(2)).padStart(64, '0');
}

export const ether = 10n ** 18n;
