import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import type { RealmFactory } from '../../../src/evm/host/realm/tracerRealm.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';
import { positionPart } from './tracePlain.ts';

// The bounds of log.stack / log.memory and log.op.isPush(), one row per edge, with geth's answer
// (eth/tracers/js/goja.go: stackObj.peek, memoryObj.slice, memoryObj.getUint; core/vm/opcodes.go OpCode.IsPush).
// An out-of-bound access is geth's vm.Interrupt: the trace fails with that text (reference §2), whatever the tracer
// catches. Each table runs in both realms (Node's V8 context and QuickJS).

// At ADD: stack [7, 8] (8 on top), 32 bytes of memory holding 42 in its last byte.
const code = asm('PUSH1 0x2a PUSH1 0 MSTORE PUSH1 7 PUSH1 8 ADD STOP');
const sfx = "    in server-side tracer function 'step'";

async function atAdd(expr: string, createRealm: RealmFactory): Promise<string> {
  const tracer = `{fault: function() {}, step: function(log) { if (log.op.toString() === 'ADD') { try { this.r = String(${expr}); } catch (e) { this.r = 'caught ' + e; } } }, result: function() { return this.r; }}`;
  try {
    return String(await traceWithJsTracer(await makeRun({ code }), { tracer, createRealm }));
  } catch (e) {
    return 'error ' + (e as Error).message.replace(positionPart, '');
  }
}

const stackBound = (i: number) => `error tracer accessed out of bound stack: size 2, index ${i}${sfx}`;
const memBound = (s: number, e: number) =>
  `error tracer accessed out of bound memory: offset ${s}, end ${e}${sfx}`;
const uintBound = (o: number) =>
  `error tracer accessed out of bound memory: available 32, offset ${o}, size 32${sfx}`;

// [expression evaluated at ADD, geth's result (String of it) or geth's error text]
const accessors: Array<[string, string]> = [
  ['log.stack.length()', '2'],
  ['log.stack.peek(0)', '8'],
  ['log.stack.peek(log.stack.length() - 1)', '7'],
  // geth: len(stack) <= idx → error; the index equal to the length is already out of bound.
  ['log.stack.peek(log.stack.length())', stackBound(2)],
  ['log.stack.peek(3)', stackBound(3)],
  ['log.stack.peek(-1)', stackBound(-1)],
  ['log.memory.length()', '32'],
  ['toHex(log.memory.slice(30, 32))', '0x002a'],
  // Past the end of memory: zero-padded (GetMemoryCopyPadded).
  ['toHex(log.memory.slice(30, 34))', '0x002a0000'],
  // end == start is empty even when negative; otherwise begin < 0 is an error, whatever end is.
  ['toHex(log.memory.slice(-1, -1))', '0x'],
  ['log.memory.slice(-1, 2)', memBound(-1, 2)],
  ['log.memory.slice(-5, 40)', memBound(-5, 40)],
  ['log.memory.slice(2, 1)', memBound(2, 1)],
  // getUint: no padding, len(memory) < offset + 32 is an error.
  ['log.memory.getUint(0)', '42'],
  ['log.memory.getUint(16)', uintBound(16)],
  ['log.memory.getUint(1)', uintBound(1)],
  ['log.memory.getUint(32)', uintBound(32)],
  ['log.memory.getUint(-1)', uintBound(-1)],
];

// isPush() is PUSH0 <= op <= PUSH32: PUSH0 counts (geth v1.13.6), its neighbours MCOPY (0x5e) and DUP1 (0x80) do not.
const pushCode = asm('PUSH1 0 PUSH1 0 PUSH1 0 MCOPY PUSH0 PUSH32 5 DUP1 JUMPDEST STOP');
const isPushRows: Array<[string, boolean]> = [
  ['PUSH1', true],
  ['PUSH1', true],
  ['PUSH1', true],
  ['MCOPY', false],
  ['PUSH0', true],
  ['PUSH32', true],
  ['DUP1', false],
  ['JUMPDEST', false],
  ['STOP', false],
];

describe.each(realms)('realm %s: log accessor bounds (geth goja.go)', (_name, createRealm) => {
  it.each(accessors)('%s → %s', async (expr, expected) => {
    expect(await atAdd(expr, createRealm)).toBe(expected);
  });

  it('isPush() per op, PUSH0 included', async () => {
    const tracer =
      '{ev: [], fault: function() {}, step: function(log) { this.ev.push([log.op.toString(), log.op.isPush()]); }, result: function() { return this.ev; }}';
    const res = await traceWithJsTracer(await makeRun({ code: pushCode }), { tracer, createRealm });
    expect(res).toEqual(isPushRows);
  });
});
