import type { Breakpoint } from '../../evm/host/inspectTypes.ts';
import { opcodeNameSet } from '../../core/tracer/opcodes.ts';

/** The breakpoint form's fields as typed. */
export interface BreakpointFields {
  op: string;
  pc: string;
  depth: string;
  address: string;
  expression: string;
}

function wholeNumber(text: string): number | null {
  const t = text.trim();
  if (/^0x[0-9a-f]+$/i.test(t)) return parseInt(t, 16);
  return /^\d+$/.test(t) ? Number(t) : null;
}

/** A breakpoint from the form (every field optional but one), or what is wrong with it in words. */
export function parseBreakpoint(f: BreakpointFields, id: string): Breakpoint | string {
  const bp: Breakpoint = { id };
  const op = f.op.trim().toUpperCase();
  if (op) {
    if (!opcodeNameSet.has(op)) return `op: ${f.op.trim()} is not an opcode name (SSTORE, CALL, …)`;
    bp.op = op;
  }
  for (const key of ['pc', 'depth'] as const) {
    if (!f[key].trim()) continue;
    const n = wholeNumber(f[key]);
    if (n === null) return `${key}: ${f[key].trim()} is not a whole number`;
    bp[key] = n;
  }
  const address = f.address.trim().toLowerCase();
  if (address) {
    if (!/^0x[0-9a-f]{40}$/.test(address)) return `address: ${f.address.trim()} is not a 20-byte 0x address`;
    bp.address = address;
  }
  if (f.expression.trim()) bp.expression = f.expression.trim();
  if (Object.keys(bp).length === 1)
    return 'a breakpoint needs an op, a pc, a depth, an address or an expression';
  return bp;
}

/** A breakpoint in a few words: `pc 42, op SSTORE`. */
export function describeBreakpoint(bp: Breakpoint): string {
  const parts: string[] = [];
  if (bp.op) parts.push(`op ${bp.op}`);
  if (bp.pc !== undefined) parts.push(`pc ${bp.pc}`);
  if (bp.depth !== undefined) parts.push(`depth ${bp.depth}`);
  if (bp.address) parts.push(`address ${bp.address}`);
  if (bp.expression) parts.push(`when ${bp.expression}`);
  return parts.join(', ');
}
