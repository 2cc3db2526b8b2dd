import { describe, expect, it } from 'vitest';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createRealmTracer } from '../../../src/evm/host/createRealmTracer.ts';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import type { RealmFactory } from '../../../src/evm/host/realm/tracerRealm.ts';
import { createSyncStateManager } from '../../../src/evm/state/createSyncStateManager.ts';
import { asm } from './assemble.ts';
import { addr, makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';

// Edges of createRealmTracer's own conversions, one row per rule, each in both realms (Node's V8 context and QuickJS).

const sfx = (hook: string) => `    in server-side tracer function '${hook}'`;

async function outcome(
  run: Parameters<typeof traceWithJsTracer>[0],
  opts: Parameters<typeof traceWithJsTracer>[1],
) {
  try {
    return await traceWithJsTracer(run, opts);
  } catch (e) {
    return 'error ' + (e as Error).message;
  }
}

// A 32-byte hash of zeros but for its last byte (real hashes have zero bytes too).
const hash = (last: number) => Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? last : 0));
const hashHex = (last: number) => '0x' + '00'.repeat(31) + last.toString(16).padStart(2, '0');
const ctxTracer = `{fault: function() {}, result: function(ctx) { return ['blockHash' in ctx ? toHex(ctx.blockHash) : null, 'txIndex' in ctx ? ctx.txIndex : null, 'txHash' in ctx ? toHex(ctx.txHash) : null]; }}`;

// geth jsTracer (reference §1 step 4): blockHash only when it is non-zero; txIndex and txHash only when the tx hash is
// non-zero too. "Non-zero" = any byte non-zero (a hash with some zero bytes counts; an all-zero one does not).
const ctxRows: Array<[string, Uint8Array, Uint8Array, unknown[]]> = [
  ['hashes with zero bytes (some byte set)', hash(1), hash(2), [hashHex(1), 3, hashHex(2)]],
  ['zero block hash (traceCall): no tx fields either', new Uint8Array(32), hash(2), [null, null, null]],
  ['zero tx hash: blockHash alone', hash(1), new Uint8Array(32), [hashHex(1), null, null]],
  // A byte of exactly 16 (0x10) has two hex digits of its own: no leading zero [hexOf's `b[i] < 16`].
  ['a byte of 16 and a byte of 15', hash(16), hash(15), [hashHex(16), 3, hashHex(15)]],
];

// 2^53 - 1 is the last integer a number holds exactly; from 2^53 on the value must reach the realm as hex.
const exact = [2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 2n ** 256n - 1n];
const holders = exact.map((_, i) => addr(0xb0 + i));
const alloc = Object.fromEntries(
  exact.map((v, i) => [holders[i], { balance: '0x' + v.toString(16), ...(i === 0 ? { nonce: '0x7' } : {}) }]),
);

describe.each(realms)('realm %s: createRealmTracer conversions', (_name, createRealm) => {
  it.each(ctxRows)('ctx: %s', async (_label, blockHash, txHash, expected) => {
    const context = { blockHash, txIndex: 3, txHash };
    expect(await outcome(await makeRun({}), { tracer: ctxTracer, context, createRealm })).toEqual(expected);
  });

  // reference §2 (ctx): `value` is the tx value as a bigInt, set by onStart from the top frame's OnEnter [ctx.value's
  // `{ n: … }` and `value ?? 0n`: an empty object or 0 would not read back as 7].
  it('ctx.value is the tx value', async () => {
    const tracer = `{fault: function() {}, result: function(ctx) { return [ctx.value.toString(), ctx.value.add(1).toString()]; }}`;
    const run = await makeRun({ code: asm('STOP'), value: 7n });
    expect(await outcome(run, { tracer, createRealm })).toEqual(['7', '8']);
  });

  it('db.getBalance is exact on both sides of 2^53; db.getNonce is a number', async () => {
    const reads = holders.map((h) => `db.getBalance(toAddress('${h}')).toString()`).join(', ');
    const tracer = `{fault: function() {}, result: function(ctx, db) { var n = db.getNonce(toAddress('${holders[0]}')); return [${reads}, n, typeof n]; }}`;
    const run = await makeRun({ alloc });
    expect(await outcome(run, { tracer, createRealm })).toEqual([...exact.map(String), 7, 'number']);
  });

  it('log.contract.getValue, frame.getValue and log.stack.peek past 2^53', async () => {
    // The tx sends 2^53 + 1 wei; the callee passes its CALLVALUE on to a CALL; 2^256 - 1 is pushed for peek.
    const value = 2n ** 53n + 1n;
    const code = asm(
      `PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 CALLVALUE PUSH20 ${addr(0xee)} GAS CALL PUSH32 ${'0x' + 'ff'.repeat(32)} STOP`,
    );
    const tracer = `{out: [], fault: function() {},
      step: function(log) { var op = log.op.toString(); if (op === 'CALLVALUE') this.out.push(log.contract.getValue().toString()); if (op === 'STOP' && log.getDepth() === 1) this.out.push(log.stack.peek(0).toString(16)); },
      enter: function(f) { this.out.push(f.getValue().toString()); }, exit: function() {},
      result: function() { return this.out; }}`;
    const run = await makeRun({ code, value, gasLimit: 200_000n });
    expect(await outcome(run, { tracer, createRealm })).toEqual([
      String(value),
      String(value),
      'f'.repeat(64),
    ]);
  });
});

// goja's position part: ` at fn (<eval>:LINE:COL(pc))`, or ` at <eval>:LINE:COL(pc)` for a function without a name,
// nothing when the thrown value has no stack. LINE is the user's line (the factory text's extra line and the guard
// calls are taken out). COL is where the engine puts a property read: V8 at the property name, QuickJS at the dot;
// on line 1 it counts the `(` that geth (and this runtime) wraps the tracer in.
const readCol = (realm: string, line: string, expr: string) =>
  line.indexOf(expr) + expr.indexOf('.') + (realm === 'vm' ? 2 : 1);
const eightLines = Array.from({ length: 8 }, (_, i) => `  var v${i} = ${i};`).join('\n');
const line11 = '    undefined.boom;';
const anon = `{fault: function() {}, result: function() { return [1].map(function (x) { return undefined.y; }); }}`;
describe.each(realms)('realm %s: error positions', (name, createRealm: RealmFactory) => {
  const rows: Array<[string, string, string]> = [
    // Line 11 (two digits) in the user's text: the factory text's line 12 maps back to it.
    [
      'line and column past 9',
      `{fault: function() {},\n result: function() {\n${eightLines}\n${line11}\n }}`,
      `TypeError: Cannot read property 'boom' of undefined at result (<eval>:11:${readCol(name, line11, 'undefined.boom')}(0))`,
    ],
    [
      'a function without a name',
      anon,
      `TypeError: Cannot read property 'y' of undefined at <eval>:1:${readCol(name, '(' + anon, 'undefined.y')}(0)`,
    ],
    [
      'a thrown string has no position',
      `{fault: function() {}, result: function() { throw 'plain'; }}`,
      'plain',
    ],
  ];
  it.each(rows)('%s', async (_label, tracer, expected) => {
    expect(await outcome(await makeRun({}), { tracer, createRealm })).toBe(
      'error ' + expected + sfx('result'),
    );
  });
});

// A frame that failed before any step of its own (runGethTrace clears the view's interpreter for it): the fault's log
// has no contract. Driven through the hooks as runGethTrace calls them.
describe.each(realms)('realm %s: fault with no frame', (_name, createRealm) => {
  it('contract reads give the zero address, value 0, empty input; memory reads give zeros', async () => {
    const tracer = `{fault: function(log) { var c = log.contract; this.r = [toHex(c.getCaller()), toHex(c.getAddress()), c.getValue().toString(), toHex(c.getInput()), toHex(log.memory.slice(0, 2)), log.getError()]; },
      result: function() { return this.r; }}`;
    const common = new Common({ chain: Mainnet, hardfork: Hardfork.Cancun });
    const state = createSyncStateManager({ common, alloc: {} });
    const hooks = await createRealmTracer({
      code: tracer,
      configJson: '{}',
      state,
      context: undefined,
      createRealm,
      deadline: Date.now() + 60_000,
      memoryBytes: 64 << 20,
    });
    try {
      Object.assign(hooks.view!, { ip: undefined, memLen: 64, error: 'invalid opcode: INVALID' });
      hooks.onFault(hooks.view!);
      const zero = '0x' + '00'.repeat(20);
      expect(hooks.callResult()).toEqual({
        ok: true,
        value: [zero, zero, '0', '0x', '0x0000', 'invalid opcode: INVALID'],
      });
    } finally {
      hooks.dispose();
    }
  });
});

// A CREATE frame's contract input is empty (geth runs it with nil input), at the top and from the CREATE opcode.
describe.each(realms)('realm %s: CREATE input', (_name, createRealm) => {
  it('getInput() is empty in init code, calldata elsewhere', async () => {
    // The callee (called with 2 bytes of calldata) creates a contract whose init code is PUSH1 0 PUSH1 0 RETURN.
    const code = asm('PUSH5 0x60006000f3 PUSH1 0 MSTORE PUSH1 5 PUSH1 27 PUSH1 0 CREATE STOP');
    const tracer = `{out: [], fault: function() {}, step: function(log) { var op = log.op.toString(); if (op === 'CREATE' || op === 'RETURN') this.out.push(op + ' ' + toHex(log.contract.getInput())); }, result: function() { return this.out; }}`;
    const run = await makeRun({ code, data: Uint8Array.from([0xbe, 0xef]), gasLimit: 200_000n });
    expect(await outcome(run, { tracer, createRealm })).toEqual(['CREATE 0xbeef', 'RETURN 0x']);
  });
});

// A stop by the realm's memory cap names no position (QuickJS may name the function's first line for an allocation
// it interrupts): only the text and the hook. QuickJS only: Node's V8 context has no memory cap of its own.
// Small allocations in a loop end at the host's heap watch (an interrupt), a doubling array at QuickJS's own
// allocator inside the tracer's code (an InternalError the prelude catches, which has a stack): the same text either way.
it.each([
  ['many small allocations', 'var a = []; for (;;) a.push([1, 2, 3, 4, 5, 6, 7, 8]);'],
  ['one doubling array', 'var a = [0]; for (;;) a = a.concat(a);'],
])('quickjs: the memory cap stops a step without a position (%s)', async (_label, body) => {
  const tracer = `{fault: function() {}, step: function() { ${body} }, result: function() { return 1; }}`;
  const run = await makeRun({ code: asm('STOP') });
  expect(await outcome(run, { tracer, createRealm: realms[1][1], memoryBytes: 8 << 20 })).toBe(
    `error tracer exceeded its memory limit${sfx('step')}`,
  );
});
