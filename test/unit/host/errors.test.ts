import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from './tracePlain.ts';
import { asm } from './assemble.ts';
import { makeRun, type RunSpec } from './evmHarness.ts';

// Pre-log errors (stack, gas) reach `step` with getError() and never `fault`; execution errors reach `fault` after
// a normal step (reference §1.3). The recorder logs every step and fault, and the top-level ctx.
const recorder = `{ ev: [],
  step: function(log) { this.ev.push('step ' + log.op.toString() + ' gas=' + log.getGas() + ' cost=' + log.getCost() + (log.getError() ? ' err=' + log.getError() : '')); },
  fault: function(log) { this.ev.push('fault ' + log.op.toString() + ' ' + log.getError()); },
  result: function(ctx) { this.ev.push('ctx error=' + ctx.error + ' output=' + toHex(ctx.output)); return this.ev; } }`;

async function record(code: string, spec: RunSpec = {}) {
  return traceWithJsTracer(await makeRun({ code: asm(code), ...spec }), { tracer: recorder });
}

describe('pre-log vs post-log errors', () => {
  it('stack underflow: step with error, no fault', async () => {
    expect(await record('ADD')).toEqual([
      'step ADD gas=79000 cost=3 err=stack underflow (0 <=> 2)',
      'ctx error=stack underflow (0 <=> 2) output=0x',
    ]);
  });

  it('stack overflow: step with error at 1024 items', async () => {
    const res = (await record('loop: JUMPDEST PUSH1 1 PUSH2 @loop JUMP', { gasLimit: 200_000n })) as string[];
    expect(res.slice(-2)).toEqual([
      expect.stringMatching(/^step PUSH2 gas=\d+ cost=3 err=stack limit reached 1024 \(1023\)$/),
      'ctx error=stack limit reached 1024 (1023) output=0x',
    ]);
    expect(res.filter((e) => e.startsWith('fault'))).toEqual([]);
  });

  it('out of gas on the constant charge: step with error and the constant cost', async () => {
    expect(await record('PUSH1 1 PUSH1 1 STOP', { gasLimit: 21_005n })).toEqual([
      'step PUSH1 gas=5 cost=3',
      'step PUSH1 gas=2 cost=3 err=out of gas',
      'ctx error=out of gas output=0x',
    ]);
  });

  it('out of gas on memory expansion (dynamic gas): step with error', async () => {
    const res = (await record('PUSH1 1 PUSH4 0xffffff MSTORE STOP')) as string[];
    expect(res[2]).toMatch(/^step MSTORE gas=78994 cost=\d+ err=out of gas$/);
    expect(res.slice(3)).toEqual(['ctx error=out of gas output=0x']);
  });

  it.each([
    ['INVALID', 'INVALID', 'invalid opcode: INVALID'],
    ['0x0c', 'opcode 0xc not defined', 'invalid opcode: opcode 0xc not defined'],
    ['PUSH1 5 JUMP', 'JUMP', 'invalid jump destination'],
  ])('%s: a normal step, then fault', async (code, op, error) => {
    const res = (await record(code)) as string[];
    expect(res.slice(-3)).toEqual([
      expect.stringMatching(new RegExp(`^step ${op} gas=\\d+ cost=\\d+$`)),
      `fault ${op} ${error}`,
      `ctx error=${error} output=0x`,
    ]);
  });

  it('REVERT: fault, ctx.error and ctx.output = revert data', async () => {
    expect(await record('PUSH1 0xaa PUSH1 0 MSTORE8 PUSH1 1 PUSH1 0 REVERT')).toEqual([
      'step PUSH1 gas=79000 cost=3',
      'step PUSH1 gas=78997 cost=3',
      'step MSTORE8 gas=78994 cost=6',
      'step PUSH1 gas=78988 cost=3',
      'step PUSH1 gas=78985 cost=3',
      'step REVERT gas=78982 cost=0',
      'fault REVERT execution reverted',
      'ctx error=execution reverted output=0xaa',
    ]);
  });

  it('fault runs even without step; a pre-log error without step reaches nothing', async () => {
    const tracer =
      '{ev: [], fault: function(log) { this.ev.push(log.getError(), log.getDepth()) }, result: function(ctx) { return this.ev.concat([ctx.error]) }}';
    const revert = await makeRun({ code: asm('PUSH1 0 PUSH1 0 REVERT') });
    expect(await traceWithJsTracer(revert, { tracer })).toEqual([
      'execution reverted',
      1,
      'execution reverted',
    ]);
    const underflow = await makeRun({ code: asm('POP') });
    expect(await traceWithJsTracer(underflow, { tracer })).toEqual(['stack underflow (0 <=> 1)']);
  });

  it('RETURN data becomes ctx.output; no error key on success', async () => {
    const tracer =
      "{fault: function() {}, result: function(ctx) { return ['error' in ctx, toHex(ctx.output), ctx.type, ctx.gas, ctx.block] }}";
    const run = await makeRun({
      code: asm('PUSH1 0xbb PUSH1 0 MSTORE8 PUSH1 1 PUSH1 0 RETURN'),
      gasLimit: 50_000n,
      blockNumber: 7n,
    });
    expect(await traceWithJsTracer(run, { tracer })).toEqual([false, '0xbb', 'CALL', 50000, 7]);
  });

  it('code-deposit failure: no step error, no fault; ctx.error, output = the returned code', async () => {
    // Init code returns 1000 bytes of code (200 gas each to deposit) with too little gas left for it.
    const run = await makeRun({
      to: null,
      data: asm('PUSH2 1000 PUSH1 0 RETURN'),
      gasLimit: 53_000n + 16n * 5n + 4n * 1n + 200n,
    });
    const res = (await traceWithJsTracer(run, { tracer: recorder })) as string[];
    expect(res.filter((e) => /err=|fault/.test(e))).toEqual([]);
    expect(res.at(-1)).toBe(
      `ctx error=contract creation code storage out of gas output=0x${'00'.repeat(1000)}`,
    );
  });

  it('a pre-execution failure rejects with tracing failed', async () => {
    const run = await makeRun({ code: asm('STOP'), nonce: 3n });
    await expect(traceWithJsTracer(run, { tracer: recorder })).rejects.toThrow(
      /^tracing failed: nonce too high: address 0x[0-9a-f]{40}, tx: 3 state: 0$/,
    );
  });

  it('traceCall mode skips the nonce check', async () => {
    const run = await makeRun({ code: asm('STOP'), nonce: 3n });
    expect(await traceWithJsTracer({ ...run, call: true }, { tracer: recorder })).toEqual([
      'step STOP gas=79000 cost=0',
      'ctx error=undefined output=0x',
    ]);
  });
});

describe('tracer errors', () => {
  const run = () => makeRun({ code: asm('PUSH1 1 PUSH1 1 STOP') });
  const sfx = (name: string) => `    in server-side tracer function '${name}'`;

  it.each([
    [
      'accessor error caught by try/catch still ends the trace',
      "{step: function(log) { try { log.stack.peek(-1) } catch (e) { this.caught = true } }, fault: function() {}, result: function() { return 'result ran' }}",
      'tracer accessed out of bound stack: size 0, index -1' + sfx('step'),
    ],
    [
      'a catching loop cannot keep running after an accessor error',
      '{step: function(log) { for (;;) { try { log.stack.peek(99) } catch (e) {} } }, fault: function() {}, result: function() { return 1 }}',
      'tracer accessed out of bound stack: size 0, index 99' + sfx('step'),
    ],
    [
      'db rejects hex strings (uncatchable)',
      "{step: function(log, db) { try { db.getBalance('0x00') } catch (e) {} }, fault: function() {}, result: function() { return 1 }}",
      'invalid buffer type' + sfx('step'),
    ],
    [
      'toHex rejects strings',
      "{fault: function() {}, result: function() { return toHex('0x00') }}",
      'invalid buffer type' + sfx('result'),
    ],
    [
      'global slice out of bounds (capital T)',
      '{fault: function() {}, result: function(ctx) { return slice(ctx.from, 0, 21) }}',
      'Tracer accessed out of bound memory: available 20, offset 0, size 21' + sfx('result'),
    ],
    [
      'a JS exception in step',
      "{step: function(log) { throw new Error('boom') }, fault: function() {}, result: function() { throw 'not called' }}",
      'Error: boom' + sfx('step'),
    ],
    [
      'a thrown string in result',
      "{fault: function() {}, result: function() { throw 'x' }}",
      'x' + sfx('result'),
    ],
    [
      'an exception in enter',
      "{fault: function() {}, enter: function() { throw new TypeError('t') }, exit: function() {}, result: function() { return 1 }}",
      'TypeError: t' + sfx('enter'),
    ],
  ])('%s', async (_name, tracer, message) => {
    const r = await run();
    if (tracer.includes('enter:')) {
      const callee = '0x' + 'ee'.repeat(20);
      const code = asm(`PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH20 ${callee} PUSH2 1000 CALL STOP`);
      await expect(traceWithJsTracer(await makeRun({ code }), { tracer })).rejects.toHaveProperty(
        'message',
        message,
      );
      return;
    }
    await expect(traceWithJsTracer(r, { tracer })).rejects.toHaveProperty('message', message);
  });

  it('null where a buffer is expected is a catchable TypeError', async () => {
    const tracer =
      '{fault: function() {}, result: function() { try { toHex(null) } catch (e) { return String(e) } }}';
    expect(await traceWithJsTracer(await run(), { tracer })).toBe(
      'TypeError: Cannot convert undefined or null to object',
    );
  });

  it('after a tracer error no hook runs again (the first error is reported)', async () => {
    const tracer =
      "{n: 0, step: function(log) { this.n++; throw new Error('at ' + this.n) }, fault: function() { throw new Error('fault') }, result: function() { throw new Error('result') }}";
    await expect(traceWithJsTracer(await run(), { tracer })).rejects.toHaveProperty(
      'message',
      'Error: at 1' + sfx('step'),
    );
  });

  it.each([
    ['{fault: function() {}}', 'trace object must expose a function result()'],
    ['{result: function() {}}', 'trace object must expose a function fault()'],
    [
      '{result: function() {}, fault: function() {}, exit: function() {}}',
      'trace object must expose either both or none of enter() and exit()',
    ],
    [
      "{result: function() {}, fault: function() {}, setup: function() { throw new Error('bad cfg') }}",
      'Error: bad cfg',
    ],
    ['{result: function() {}, fault: function() {}};', /^SyntaxError: \(anonymous\): Line 1:47 /],
    ['{result: function() {},\n fault: function() {} +}', /^SyntaxError: \(anonymous\): Line 2:24 /],
    [
      '{result: function() {}, fault: function() {}, setup: function() { while (true) {} }}',
      'execution timeout',
    ],
  ])('construction: %s', async (tracer, message) => {
    // Only the endless setup needs a short deadline; the others get a long one so a slow machine (or Stryker's
    // instrumented code) cannot turn a construction error into a timeout.
    const timeout = message === 'execution timeout' ? '50ms' : '10s';
    const p = traceWithJsTracer(await run(), { tracer, timeout });
    if (typeof message === 'string') await expect(p).rejects.toHaveProperty('message', message);
    else await expect(p).rejects.toThrow(message);
  });

  it('timeout in result, and between steps of a slow EVM run without step', async () => {
    const tracer =
      '{fault: function() {}, result: function() { var f = function(n) { return n < 2 ? n : f(n - 1) + f(n - 2) }; return f(60) }}';
    await expect(traceWithJsTracer(await run(), { tracer, timeout: '50ms' })).rejects.toHaveProperty(
      'message',
      'execution timeout' + sfx('result'),
    );
    const loop = await makeRun({ code: asm('loop: JUMPDEST PUSH2 @loop JUMP'), gasLimit: 30_000_000n });
    await expect(
      traceWithJsTracer(loop, {
        tracer: '{fault: function() {}, result: function() { return 1 }}',
        timeout: '1ms',
      }),
    ).rejects.toHaveProperty('message', 'execution timeout' + sfx('result'));
  });

  it('rejects a bad timeout with Go text', async () => {
    await expect(
      traceWithJsTracer(await run(), {
        tracer: '{fault: function() {}, result: function() {}}',
        timeout: '5',
      }),
    ).rejects.toHaveProperty('message', 'time: missing unit in duration "5"');
  });
});

describe('result encoding', () => {
  it.each([
    ['null', {}],
    ['undefined', {}],
    ['1.5', 1.5],
    ["'héllo'", 'héllo'],
    ['bigInt(2).pow(70)', '1180591620717411303424'],
    ['[new Uint8Array([1, 255]), undefined, function() {}]', [{ 0: 1, 1: 255 }, null, null]],
    ['{a: undefined, b: NaN}', { b: null }],
  ])('%s', async (expr, expected) => {
    const tracer = `{fault: function() {}, result: function() { return ${expr} }}`;
    expect(await traceWithJsTracer(await makeRun({}), { tracer })).toEqual(expected);
  });

  it.each([
    ['NaN', 'json: unsupported value: NaN'],
    ['-Infinity', 'json: unsupported value: -Inf'],
  ])('%s is an error', async (expr, message) => {
    const tracer = `{fault: function() {}, result: function() { return ${expr} }}`;
    await expect(traceWithJsTracer(await makeRun({}), { tracer })).rejects.toHaveProperty('message', message);
  });
});
