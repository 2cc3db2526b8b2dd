import { describe, expect, it } from 'vitest';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { mapNodeErrorToSource } from '../../../src/core/flatten/mapNodeError.ts';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { addr, makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';
import { positionPart } from './tracePlain.ts';

// The same tracers through both realms: the same results, and the same error texts once goja's ` at …` position
// (whose column each engine places on a different token of the failing expression) is set aside.
const callee = addr(0xca11);
const code = asm(
  `PUSH1 0x2a PUSH1 0 MSTORE PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH20 ${callee} GAS CALL POP INVALID`,
);
const alloc = { [callee]: { code: '0x60016000f3' } };
const run = () => makeRun({ code, alloc });

const results: Array<[string, string]> = [
  [
    'log fields, stack, memory and ops',
    `{ops: [], fault: function(log) { this.ops.push('fault ' + log.getError()); },
      step: function(log) { if (log.op.toString() === 'CALL') this.ops.push([log.getPC(), log.getGas() > 0, log.getCost() > 0, log.getDepth(), log.stack.length(), log.stack.peek(5).toString(16), toHex(log.memory.slice(0, 32)), log.memory.getUint(0).toString(), log.op.isPush(), log.op.toNumber()].join()); },
      result: function() { return this.ops; }}`,
  ],
  [
    'frames and ctx',
    `{ev: [], fault: function() {}, enter: function(f) { this.ev.push([f.getType(), toHex(f.getFrom()), toHex(f.getTo()), toHex(f.getInput()), f.getGas() > 0, String(f.getValue())].join()); },
      exit: function(r) { this.ev.push([r.getGasUsed() >= 0, toHex(r.getOutput()), String(r.getError())].join()); },
      result: function(ctx, db) { return {ev: this.ev, type: ctx.type, from: toHex(ctx.from), to: toHex(ctx.to), value: ctx.value.toString(), gasPrice: ctx.gasPrice.toString(), error: ctx.error, gasUsed: ctx.gasUsed > 0, block: ctx.block, code: toHex(db.getCode(ctx.to)).length, nonce: db.getNonce(ctx.from), exists: db.exists(ctx.to), balance: db.getBalance(ctx.to).toString()}; }}`,
  ],
  [
    'helpers',
    `{fault: function() {}, result: function() { return [toHex(toWord('0x01')), toHex(toAddress([1, 2])), toHex(toContract('0x00000000000000000000000000000000deadbeef', 1)), toHex(toContract2('0x00000000000000000000000000000000deadbeef', '0x01', '0x00')), isPrecompiled(toAddress('0x01')), isPrecompiled(toAddress('0xc0de')), toHex(slice([1, 2, 3], 1, 3)), bigInt(2).pow(100).toString(), bigInt('ff', 16).add(1).toJSON()]; }}`,
  ],
  [
    'result encodings',
    `{fault: function() {}, result: function() { return {u: new Uint8Array([1, 2]), b: bigInt(7), n: null, s: 'é', nested: [undefined, function() {}]}; }}`,
  ],
  // goja has both; the vm realm keeps code generation from strings on for them.
  [
    'eval and Function',
    `{fault: function() {}, result: function() { return [eval('6 * 7'), Function('a', 'return a + 1')(1), new Function('return 2')()]; }}`,
  ],
];

const errors: Array<[string, string]> = [
  [
    'stack out of bounds',
    `{fault: function() {}, step: function(log) { log.stack.peek(-1); }, result: function() {}}`,
  ],
  [
    'memory out of bounds',
    `{fault: function() {}, step: function(log) { log.memory.slice(-1, 2); }, result: function() {}}`,
  ],
  [
    'getUint out of bounds',
    `{fault: function() {}, step: function(log) { log.memory.getUint(16); }, result: function() {}}`,
  ],
  [
    'padding limit',
    `{fault: function() {}, step: function(log) { log.memory.slice(5, 1025 * 1024 + 5); }, result: function() {}}`,
  ],
  ['invalid buffer type', `{fault: function() {}, result: function(ctx, db) { return db.getCode('0x00'); }}`],
  ['null buffer', `{fault: function() {}, result: function() { return toHex(null); }}`],
  [
    'undefined property',
    `{fault: function() {}, step: function(log) { var x; x.y; }, result: function() {}}`,
  ],
  ['thrown string', `{fault: function() {}, result: function() { throw 'plain'; }}`],
  [
    'thrown Error in enter',
    `{fault: function() {}, enter: function() { throw new Error('in enter'); }, exit: function() {}, result: function() {}}`,
  ],
  [
    'thrown Error in exit',
    `{fault: function() {}, enter: function() {}, exit: function() { throw new Error('in exit'); }, result: function() {}}`,
  ],
  ['thrown Error in fault', `{fault: function() { throw new Error('in fault'); }, result: function() {}}`],
  [
    'setup',
    `{fault: function() {}, result: function() {}, setup: function(cfg) { throw new Error('cfg ' + cfg); }}`,
  ],
  ['no result', `{fault: function() {}}`],
  ['enter without exit', `{fault: function() {}, enter: function() {}, result: function() {}}`],
  ['NaN result', `{fault: function() {}, result: function() { return NaN; }}`],
  ['null tracer', `null`],
  [
    'too deep to compile',
    `{fault: function() {}, result: function() { return ${'('.repeat(50_000)}1${')'.repeat(50_000)}; }}`,
  ],
];

async function outcome(tracer: string, createRealm: (typeof realms)[number][1]) {
  try {
    return { ok: await traceWithJsTracer(await run(), { tracer, createRealm }) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe('both realms give the same answers', () => {
  it.each(results)('%s', async (_name, tracer) => {
    const [vm, quickjs] = [await outcome(tracer, realms[0][1]), await outcome(tracer, realms[1][1])];
    expect(vm.error).toBeUndefined();
    expect(quickjs).toEqual(vm);
  });

  it.each(errors)('%s', async (_name, tracer) => {
    const [vm, quickjs] = [await outcome(tracer, realms[0][1]), await outcome(tracer, realms[1][1])];
    expect(vm.error).toBeDefined();
    expect(quickjs.error?.replace(positionPart, '')).toBe(vm.error?.replace(positionPart, ''));
  });
});

// A runtime error names the hook and the position in the flattened one-line text, as goja does, so the editor's
// mapping finds the user's line. One row per hook, each failing on its own line of a multi-line source.
const source = `{
  calls: 0,
  setup: function (cfg) {
    if (JSON.parse(cfg).fail === 'setup') { undefined.setupBoom; }
  },
  step: function (log) {
    if (this.mode === 'step') { undefined.stepBoom; }
  },
  enter: function (frame) {
    if (this.mode === 'enter') { undefined.enterBoom; }
  },
  exit: function (res) {
    if (this.mode === 'exit') { undefined.exitBoom; }
  },
  fault: function (log) {
    if (this.mode === 'fault') { undefined.faultBoom; }
  },
  result: function (ctx) {
    if (this.mode === 'result') { undefined.resultBoom; }
    return 1;
  },
  mode: ''
}`;

describe.each(realms)('realm %s: error positions map to the user line', (_name, createRealm) => {
  const flat = flattenTracer(source);
  it.each([
    ['setup', 4],
    ['step', 7],
    ['enter', 10],
    ['exit', 13],
    ['fault', 16],
    ['result', 19],
  ])('%s', async (hook, line) => {
    expect(flat.ok).toBe(true);
    const tracer = flat.code.replace(/mode:\s*''/, `mode:'${hook}'`);
    expect(tracer).not.toBe(flat.code);
    let message = '';
    try {
      await traceWithJsTracer(await run(), { tracer, createRealm, tracerConfig: { fail: hook } });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(
      new RegExp(
        `^TypeError: Cannot read property '${hook}Boom' of undefined at ${hook} \\(<eval>:1:\\d+\\(0\\)\\)` +
          (hook === 'setup' ? '$' : `    in server-side tracer function '${hook}'$`),
      ),
    );
    const mapped = mapNodeErrorToSource(message, flat, source);
    expect(mapped?.range.start.line).toBe(line);
  });
});
