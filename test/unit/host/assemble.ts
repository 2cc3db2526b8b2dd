import { opcodeNames } from '../../../src/core/tracer/opcodes.ts';

const byName = new Map([...opcodeNames].map(([code, name]) => [name, code]));

/**
 * A tiny assembler for readable test bytecode: opcode names, immediates after PUSHn (`0x…` or decimal, left-padded
 * to n bytes), `name:` marks a position, `@name` is that position as a PUSHn immediate, `0x…` alone is raw bytes.
 * Example: `loop: JUMPDEST PUSH1 1 PUSH2 @loop JUMP`.
 */
export function asm(source: string): Uint8Array {
  const tokens = source.split(/\s+/).filter(Boolean);
  const labels = new Map<string, number>();
  // Two passes: sizes do not depend on label values (PUSHn has a fixed width).
  for (let pass = 0; pass < 2; pass++) {
    const out: number[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.endsWith(':')) {
        labels.set(t.slice(0, -1), out.length);
        continue;
      }
      const code = byName.get(t.toUpperCase());
      if (code === undefined) {
        if (!/^0x([0-9a-f]{2})*$/i.test(t)) throw new Error(`asm: unknown token ${t}`);
        for (let j = 2; j < t.length; j += 2) out.push(parseInt(t.slice(j, j + 2), 16));
        continue;
      }
      out.push(code);
      const width = code >= 0x60 && code <= 0x7f ? code - 0x5f : 0;
      if (width === 0) continue;
      const arg = tokens[++i];
      if (arg === undefined) throw new Error(`asm: ${t} needs an immediate`);
      const value = arg.startsWith('@')
        ? BigInt(labels.get(arg.slice(1)) ?? (pass === 0 ? 0 : NaN))
        : BigInt(arg);
      for (let b = width - 1; b >= 0; b--) out.push(Number((value >> BigInt(8 * b)) & 0xffn));
    }
    if (pass === 1) return Uint8Array.from(out);
  }
  throw new Error('unreachable');
}
