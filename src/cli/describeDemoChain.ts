import { bytesToHex } from '@ethereumjs/util';
import compiled from '../evm/contracts/compiled.json' with { type: 'json' };
import type { EmbeddedNode } from '../evm/node/createEmbeddedNode.ts';
import { demoAccounts } from '../evm/node/demoAccounts.ts';

/** One transaction of the demo chain and what tracing it shows. */
export interface DemoTx {
  hash: string;
  /** Block number (decimal) and index in the block. */
  block: number;
  index: number;
  /** Demo account name of the sender (or its address). */
  from: string;
  /** What it does: `deploys DemoToken`, `DemoToken.transfer(address,uint256)`, `ether to dave`. */
  action: string;
  /** Ether sent, in ether (decimal text), when not zero. */
  value?: string;
  /** The transaction type when it is not EIP-1559: `legacy`, `EIP-2930`… */
  txType?: string;
  /** Whether the transaction succeeded; the revert reason when it failed with one. */
  status: 'success' | 'reverted';
  revertReason?: string;
  /** How many times each opcode worth tracing ran (all call depths), in {@link opcodeGroups} order. */
  opcodes: Record<string, number>;
  /** A REVERT ran only inside a call that the transaction survived. */
  innerRevertOnly: boolean;
}

/** The opcodes worth naming, grouped as the summary shows them (`SLOAD/SSTORE, LOG3`). */
export const opcodeGroups: readonly (readonly string[])[] = [
  ['SLOAD', 'SSTORE', 'TLOAD', 'TSTORE'],
  ['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL'],
  ['CREATE', 'CREATE2'],
  ['LOG0', 'LOG1', 'LOG2', 'LOG3', 'LOG4'],
  ['SELFDESTRUCT'],
  ['REVERT', 'INVALID'],
];

const txTypes: Record<number, string> = { 0: 'legacy', 1: 'EIP-2930', 3: 'EIP-4844', 4: 'EIP-7702' };

type Contracts = typeof compiled.contracts;

/** `Error(string)` revert data → its text. */
function decodeRevertReason(data: unknown): string | undefined {
  if (typeof data !== 'string' || !data.startsWith('0x08c379a0') || data.length < 10 + 128) return undefined;
  const words = data.slice(10);
  const length = parseInt(words.slice(64, 128), 16);
  const hex = words.slice(128, 128 + length * 2);
  if (hex.length !== length * 2) return undefined;
  return new TextDecoder().decode(Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16)));
}

/** Ether (1e18 wei) as a short decimal text. */
function formatEther(wei: bigint): string {
  const whole = wei / 10n ** 18n;
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

interface StructLog {
  op: string;
  depth: number;
}

/**
 * Lists the embedded node's demo chain as it is: every mined transaction, named from the chain itself (senders from
 * the demo accounts, contracts from the deploy transactions' code, functions from the compiled selectors) and traced
 * with the struct logger to find the opcodes it runs. Nothing here is a hand-written list of transactions.
 */
export async function describeDemoChain(node: EmbeddedNode): Promise<DemoTx[]> {
  const accountNames = new Map<string, string>(
    Object.values(demoAccounts).map((a) => [a.address.toString(), a.name]),
  );
  const contractNames = new Map<string, keyof Contracts>();
  const selectors = new Map<string, string>();
  for (const [name, c] of Object.entries(compiled.contracts) as [
    keyof Contracts,
    Contracts[keyof Contracts],
  ][])
    for (const [signature, id] of Object.entries(c.methodIdentifiers))
      selectors.set(id, `${name}.${signature}`);
  const nameOf = (address: string) => contractNames.get(address) ?? accountNames.get(address) ?? address;
  const out: DemoTx[] = [];
  let id = 0;
  for (const block of node.chain.blocks) {
    for (const mined of block.txs) {
      const { tx, receipt } = mined;
      const data = bytesToHex(tx.data);
      let action: string;
      if (tx.to === undefined) {
        const deployed = (Object.keys(compiled.contracts) as (keyof Contracts)[]).find((n) =>
          data.startsWith(compiled.contracts[n].bytecode),
        );
        if (deployed && receipt.contractAddress)
          contractNames.set(receipt.contractAddress.toString(), deployed);
        action = `deploys ${deployed ?? 'a contract'}`;
      } else if (tx.data.length === 0) {
        action = `ether to ${nameOf(tx.to.toString())}`;
      } else {
        const called = selectors.get(data.slice(2, 10));
        const target = nameOf(tx.to.toString());
        action =
          called && called.startsWith(`${target}.`)
            ? called
            : `calls ${target} (selector ${data.slice(0, 10)})`;
      }
      const answer = (await node.request({
        jsonrpc: '2.0',
        id: ++id,
        method: 'debug_traceTransaction',
        params: [mined.hash, { disableStack: true, disableStorage: true }],
      })) as { result?: { failed: boolean; returnValue: string; structLogs: StructLog[] }; error?: unknown };
      if (!answer.result) throw new Error(`the demo chain's ${mined.hash} cannot be traced`);
      const opcodes: Record<string, number> = {};
      const wanted = new Set(opcodeGroups.flat());
      for (const s of answer.result.structLogs)
        if (wanted.has(s.op)) opcodes[s.op] = (opcodes[s.op] ?? 0) + 1;
      const ordered = Object.fromEntries(
        opcodeGroups.flat().flatMap((op) => (opcodes[op] ? [[op, opcodes[op]]] : [])),
      );
      const reverts = answer.result.structLogs.filter((s) => s.op === 'REVERT');
      const entry: DemoTx = {
        hash: mined.hash,
        block: Number(block.number),
        index: mined.index,
        from: nameOf(mined.from.toString()),
        action,
        status: receipt.status === 1 ? 'success' : 'reverted',
        opcodes: ordered,
        innerRevertOnly: reverts.length > 0 && reverts.every((s) => s.depth > 1) && receipt.status === 1,
      };
      if (tx.value > 0n) entry.value = formatEther(tx.value);
      if (txTypes[tx.type]) entry.txType = txTypes[tx.type];
      const reason = receipt.status === 1 ? undefined : decodeRevertReason(answer.result.returnValue);
      if (reason !== undefined) entry.revertReason = reason;
      out.push(entry);
    }
  }
  return out;
}

/** What a transaction exercises: `SLOAD/SSTORE, LOG3`, or that no code runs. */
export function describeOpcodes(t: DemoTx): string {
  const groups = opcodeGroups
    .map((g) => g.filter((op) => t.opcodes[op]).join('/'))
    .filter(Boolean)
    .map((g) => (g === 'REVERT' && t.innerRevertOnly ? 'REVERT in a call it survives' : g));
  if (groups.length) return groups.join(', ');
  return t.action.startsWith('ether to') ? 'no code runs' : 'no storage, calls or logs';
}

/** One line per transaction, grouped by block. */
export function formatDemoChain(txs: readonly DemoTx[], endpoint: string): string {
  const lines: string[] = [];
  let block = -1;
  for (const t of txs) {
    if (t.block !== block) {
      block = t.block;
      lines.push(`block ${block} (0x${block.toString(16)})`);
    }
    const extras = [t.value ? `${t.value} ether` : '', t.txType ? `${t.txType} tx` : ''].filter(Boolean);
    const outcome =
      t.status === 'reverted' ? `; reverts${t.revertReason !== undefined ? ` "${t.revertReason}"` : ''}` : '';
    lines.push(
      `  ${t.hash}  #${t.index} ${t.from}: ${t.action}${extras.length ? ` (${extras.join(', ')})` : ''}${outcome}` +
        ` → ${describeOpcodes(t)}`,
    );
  }
  const example = txs.find((t) => t.opcodes.CALL && t.opcodes.SSTORE) ?? txs[0];
  lines.push(
    '',
    `Trace one with tracer serve running: tracer send FILE --method debug_traceTransaction --params '["${example?.hash ?? 'HASH'}"]' --endpoint ${endpoint}`,
    `or a whole block: tracer send FILE --method debug_traceBlockByNumber --params '["0x${(example?.block ?? 2).toString(16)}"]' --endpoint ${endpoint}`,
  );
  return lines.join('\n') + '\n';
}
