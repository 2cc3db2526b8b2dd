import { describe, expect, it } from 'vitest';
import { instrumentTracerCodeWithMap, toOriginalOffset } from '../../../src/evm/host/instrumentTracerCode.ts';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';

// Issue 22: a 4.9 MB tracer of 377,000 small functions failed in the host (its array's elements were spread into one
// call), and instrumenting took time quadratic in the number of functions. Times are the benchmark's
// (`npm run bench -- core`); these rows check what comes out.

describe.each(realms)('realm %s: a tracer of 377,000 small functions', (_name, createRealm) => {
  it('is instrumented and runs', async () => {
    const functions = Array.from({ length: 377_000 }, () => 'function(){}').join(',');
    const tracer = `{h: [${functions}], n: 0,
      step: function(log) { this.h[log.getPC()](); this.n++; },
      fault: function(log) {},
      result: function() { return [this.h.length, this.n]; }}`;
    expect(tracer.length).toBeGreaterThan(4.5e6);
    const run = await makeRun({ code: asm('PUSH1 1 PUSH1 2 ADD STOP') });
    // A deadline far away: constructing the tracer is measured by the benchmark, not here.
    expect(await traceWithJsTracer(run, { tracer, createRealm, timeout: '300s' })).toEqual([377_000, 4]);
    const normal = '{fault: function() {}, result: function() { return 42; }}';
    expect(
      await traceWithJsTracer(await makeRun({ code: asm('STOP') }), { tracer: normal, createRealm }),
    ).toBe(42);
  }, 300_000);
});

// One piece of source, what instrumenting makes of it (guard `G`), and the functions and loops it holds. The tracer
// is 20,000 copies in an array literal; its expected text is built from the copies' expected texts.
const pieces: Array<[string, string, string, number]> = [
  ['a function', 'function(){}', 'function(){G();}', 1],
  ['a while loop', 'function(a){while(a)a--}', 'function(a){G();while(a){G();a--}}', 2],
  ['a for loop with a block', 'function(a){for(;a;){a--}}', 'function(a){G();for(;a;){G();a--}}', 2],
  ['a do-while loop', 'function(a){do a--;while(a)}', 'function(a){G();do {G();a--;}while(a)}', 2],
  ['a for-in loop', 'function(o){for(var k in o)o[k]++}', 'function(o){G();for(var k in o){G();o[k]++}}', 2],
  ['an arrow', 'x=>x', 'x=>(G(), x)', 1],
  ['an arrow ending a loop', '(a)=>{for(;;)b=>b}', '(a)=>{G();for(;;){G();b=>(G(), b)}}', 3],
  ['a directive', 'function(){"use strict";return 1}', 'function(){"use strict";G();return 1}', 1],
];

describe('instrumenting 20,000 copies of', () => {
  const copies = 20_000;
  it.each(pieces)('%s', (_label, piece, expected, guards) => {
    const source = `[${Array(copies).fill(piece).join(',')}]`;
    const out = instrumentTracerCodeWithMap(source, 'G')!;
    expect(out.code).toBe(`[${Array(copies).fill(expected).join(',')}]`);
    expect(out.code.split('G()').length - 1).toBe(copies * guards);
    // The start of copy i: at 1 + i * (length + 1) in the source, at 1 + i * (expected length + 1) in the output.
    for (let i = 0; i < copies; i += 997) {
      expect(toOriginalOffset(out.inserts, 1 + i * (expected.length + 1))).toBe(1 + i * (piece.length + 1));
    }
  });
});
