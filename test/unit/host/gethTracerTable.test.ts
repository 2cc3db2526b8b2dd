import { describe, expect, it } from 'vitest';
import { Hardfork } from '@ethereumjs/common';
import { traceWithJsTracer } from './tracePlain.ts';
import { asm } from './assemble.ts';
import { makeRun, type RunSpec } from './evmHarness.ts';

// Port of go-ethereum eth/tracers/js/tracer_test.go (reference §11.4) onto a real @ethereumjs VM: a legacy tx with
// gasPrice 100000 and baseFee 0 calls a contract whose default code is PUSH1 1 PUSH1 1 STOP. geth's expected
// error texts end in ` at step (<eval>:…)` (goja positions); this host omits that part.
const defaultCode = asm('PUSH1 1 PUSH1 1 STOP');
const suffix = "    in server-side tracer function 'step'";
const zeros = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), 0]));
const bytesObj = (bytes: number[]) => Object.fromEntries(bytes.map((b, i) => [String(i), b]));

async function trace(
  tracer: string,
  spec: RunSpec = {},
  extra: { timeout?: string; tracerConfig?: unknown } = {},
) {
  return traceWithJsTracer(await makeRun({ code: defaultCode, ...spec }), { tracer, ...extra });
}

const mstore8Code = asm('PUSH1 0xff PUSH1 0x00 MSTORE8 STOP');
const word35 = '0x' + '1234567890'.repeat(7);
const word32 = '0x' + '1234567890'.repeat(6) + '1234';

describe('geth TestTracer table', () => {
  const ok: Array<[string, string, unknown, RunSpec?]> = [
    [
      '3: count steps',
      '{count: 0, step: function() { this.count += 1; }, fault: function() {}, result: function() { return this.count; }}',
      3,
    ],
    [
      '4: stack length',
      '{depths: [], step: function(log) { this.depths.push(log.stack.length()); }, fault: function() {}, result: function() { return this.depths; }}',
      [0, 1, 2],
    ],
    [
      '5: memory length',
      '{depths: [], step: function(log) { this.depths.push(log.memory.length()); }, fault: function() {}, result: function() { return this.depths; }}',
      [0, 0, 0],
    ],
    [
      '6: op names',
      '{opcodes: [], step: function(log) { this.opcodes.push(log.op.toString()); }, fault: function() {}, result: function() { return this.opcodes; }}',
      ['PUSH1', 'PUSH1', 'STOP'],
    ],
    [
      '7: gasPrice.gasUsed',
      "{depths: [], step: function() {}, fault: function() {}, result: function(ctx) { return ctx.gasPrice+'.'+ctx.gasUsed; }}",
      '100000.21006',
    ],
    [
      '8: toWord of a short hex string',
      "{res: null, step: function(log) {}, fault: function() {}, result: function() { return toWord('0xffaa') }}",
      { ...zeros(32), 30: 255, 31: 170 },
    ],
    [
      '9: toWord of 32 bytes',
      `{res: null, step: function(log) {}, fault: function() {}, result: function() { return toWord('${word32}') }}`,
      bytesObj([...[...Array(6)].flatMap(() => [0x12, 0x34, 0x56, 0x78, 0x90]), 0x12, 0x34]),
    ],
    [
      '10: toWord of 35 bytes keeps the last 32',
      `{res: null, step: function(log) {}, fault: function() {}, result: function() { return toWord('${word35}') }}`,
      bytesObj([0x78, 0x90, ...[...Array(6)].flatMap(() => [0x12, 0x34, 0x56, 0x78, 0x90])]),
    ],
    [
      '11: toAddress of contract.getAddress()',
      '{res: null, step: function(log) { var address = log.contract.getAddress(); this.res = toAddress(address); }, fault: function() {}, result: function() { return this.res }}',
      { ...zeros(20), 18: 0xc0, 19: 0xde },
    ],
    [
      '12: toAddress of a hex string',
      "{res: null, step: function(log) { var address = '0x0000000000000000000000000000000000000000'; this.res = toAddress(address); }, fault: function() {}, result: function() { return this.res }}",
      zeros(20),
    ],
    [
      '13: toAddress of a plain array',
      '{res: null, step: function(log) { var address = Array.prototype.slice.call(log.contract.getAddress()); this.res = toAddress(address); }, fault: function() {}, result: function() { return this.res }}',
      { ...zeros(20), 18: 0xc0, 19: 0xde },
    ],
    [
      '14: memory.slice pads pre-expansion memory',
      "{res: [], step: function(log) { var op = log.op.toString(); if (op === 'MSTORE8' || op === 'STOP') { this.res.push(log.memory.slice(0, 2)) } }, fault: function() {}, result: function() { return this.res }}",
      [
        { 0: 0, 1: 0 },
        { 0: 255, 1: 0 },
      ],
      { code: mstore8Code },
    ],
    [
      '16: ctx.coinbase',
      '{res: null, step: function(log) {}, fault: function() {}, result: function(ctx) { return toAddress(ctx.coinbase) }}',
      zeros(20),
    ],
  ];
  it.each(ok)('%s', async (_name, tracer, expected, spec) => {
    expect(await trace(tracer, spec)).toEqual(expected);
  });

  const failing: Array<[string, string, string, RunSpec?]> = [
    [
      '0: memory.slice(-1,-2)',
      '{depths: [], step: function(log) { log.memory.slice(-1,-2); }, fault: function() {}, result: function() { return this.depths; }}',
      'tracer accessed out of bound memory: offset -1, end -2' + suffix,
    ],
    [
      '1: stack.peek(-1)',
      '{depths: [], step: function(log) { log.stack.peek(-1); }, fault: function() {}, result: function() { return this.depths; }}',
      'tracer accessed out of bound stack: size 0, index -1' + suffix,
    ],
    [
      '2: memory.getUint(-64)',
      '{depths: [], step: function(log, db) { log.memory.getUint(-64);}, fault: function() {}, result: function() { return this.depths; }}',
      'tracer accessed out of bound memory: available 0, offset -64, size 32' + suffix,
    ],
    [
      '15: padding over 1 MiB',
      "{res: [], step: function(log) { if (log.op.toString() === 'STOP') { this.res.push(log.memory.slice(5, 1025 * 1024)) } }, fault: function() {}, result: function() { return this.res }}",
      'reached limit for padding memory slice: 1049568' + suffix,
      { code: mstore8Code },
    ],
  ];
  it.each(failing)('%s', async (_name, tracer, message, spec) => {
    await expect(trace(tracer, spec)).rejects.toThrow(message);
    await expect(trace(tracer, spec)).rejects.toHaveProperty('message', message);
  });
});

describe('geth TestHalt / TestNoStepExec / TestIsPrecompile / TestEnterExit / TestSetup', () => {
  it('TestHalt: an endless step loop ends with execution timeout, and the next trace works', async () => {
    const started = Date.now();
    await expect(
      trace(
        '{step: function() { while(1); }, fault: function() {}, result: function() { return null; }}',
        {},
        { timeout: '100ms' },
      ),
    ).rejects.toHaveProperty('message', 'execution timeout' + suffix);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(
      await trace(
        '{n: 0, step: function() { this.n++ }, fault: function() {}, result: function() { return this.n }}',
      ),
    ).toBe(3);
  });

  it('TestNoStepExec: no opcode runs for a code-less callee; db works in result', async () => {
    const tracer =
      '{depths: [], step: function() {}, fault: function() {}, result: function(ctx, db) { return db.getBalance(ctx.to) }}';
    expect(await traceWithJsTracer(await makeRun({}), { tracer })).toBe('0');
  });

  it.each([
    [Hardfork.Byzantium, false],
    [Hardfork.Istanbul, true],
  ])('TestIsPrecompile: blake2f at %s → %s', async (hardfork, expected) => {
    const tracer =
      "{addr: toAddress('0000000000000000000000000000000000000009'), res: null, step: function() { this.res = isPrecompiled(this.addr); }, fault: function() {}, result: function() { return this.res; }}";
    expect(await trace(tracer, { hardfork })).toBe(expected);
  });

  it('TestEnterExit: enter without exit is a construction error', async () => {
    await expect(
      trace(
        '{step: function() {}, fault: function() {}, result: function() { return null; }, enter: function() {}}',
      ),
    ).rejects.toHaveProperty('message', 'trace object must expose either both or none of enter() and exit()');
  });

  it('TestEnterExit: one sub-call with gas 1000 and gasUsed 6', async () => {
    const callee = '0x' + 'ee'.repeat(20);
    const code = asm(`PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH20 ${callee} PUSH2 1000 CALL STOP`);
    const tracer =
      '{enters: 0, exits: 0, enterGas: 0, gasUsed: 0, step: function() {}, fault: function() {}, enter: function(frame) { this.enters++; this.enterGas = frame.getGas(); }, exit: function(res) { this.exits++; this.gasUsed = res.getGasUsed(); }, result: function() { return this }}';
    const res = await trace(tracer, { code, alloc: { [callee]: { code: '0x6001600100' } } });
    expect(res).toEqual({ enters: 1, exits: 1, enterGas: 1000, gasUsed: 6 });
  });

  it('TestSetup: setup receives "{}" without config', async () => {
    const tracer =
      '{cfg: null, setup: function(cfg) { this.cfg = cfg }, fault: function() {}, result: function() { return [typeof this.cfg, this.cfg] }}';
    expect(await trace(tracer)).toEqual(['string', '{}']);
  });

  it('TestSetup: a config without setup is fine', async () => {
    expect(
      await trace(
        '{fault: function() {}, result: function() { return 1 }}',
        {},
        { tracerConfig: { foo: 'bar' } },
      ),
    ).toBe(1);
  });

  it('TestSetup: setup parses the config', async () => {
    const tracer =
      '{config: null, setup: function(cfg) { this.config = JSON.parse(cfg) }, fault: function() {}, result: function() { return this.config.foo }}';
    expect(await trace(tracer, {}, { tracerConfig: { foo: 'bar' } })).toBe('bar');
  });
});
