import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import type { InspectOptions, InspectReport } from '../../../src/evm/host/inspectTypes.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';

// Breakpoint expressions (issue 26) are tracer code the user types into the page: they run only in the tracer's realm,
// under its guards and their own time cap. Whatever they do, the trace's result is the one without them, the failure
// is reported for that breakpoint, and the realm and host go on working (a normal trace follows each attack).

const code = asm('PUSH1 1 PUSH1 2 ADD POP PUSH1 3 PUSH1 4 MSTORE STOP');
const tracer = `{n: 0, ops: [],
  step: function (log) { this.n++; this.ops.push(log.op.toString()); },
  fault: function () {},
  result: function () { return [this.n, this.ops.join(' ')]; }}`;
const expected = [8, 'PUSH1 PUSH1 ADD POP PUSH1 PUSH1 MSTORE STOP'];
type Realm = (typeof realms)[number][1];

async function run(createRealm: Realm, inspect: InspectOptions, timeout = '10s') {
  let report: InspectReport | undefined;
  const debug = { inspect, report: (r: { inspect?: InspectReport }) => (report = r.inspect) };
  let out: unknown;
  try {
    out = await traceWithJsTracer(await makeRun({ code }), { tracer, createRealm, timeout, debug });
  } catch (e) {
    out = (e as Error).message;
  }
  return { out, report: report! };
}

const capped = 'the condition ran past its time cap (50 ms)';
// [what, expression, the breakpoint's error (a RegExp) or undefined, the steps it matched]
const rows: Array<[string, string, RegExp | undefined, number[]]> = [
  [
    'an endless loop',
    '(function () { for (;;) {} })()',
    new RegExp(`^${capped.replace(/[()]/g, '\\$&')}$`),
    [],
  ],
  [
    'an endless loop that catches what stops it',
    '(function () { for (;;) { try { for (;;) {} } catch (e) {} } })()',
    /time cap/,
    [],
  ],
  ['a throwing getter', "({get x() { throw new Error('getter'); }}).x", /^Error: getter$/, []],
  [
    'a thrown object whose toString loops',
    '(function () { throw {toString: function () { for (;;) {} }}; })()',
    /.+/,
    [],
  ],
  [
    'a value with throwing valueOf and toString is truthy',
    '({valueOf: function () { throw 1; }, toString: function () { throw 2; }})',
    undefined,
    [0, 1, 2, 3, 4, 5, 6, 7],
  ],
  [
    'the realm’s Function finds no host',
    "log.constructor.constructor('return typeof process')() == 'undefined' && log.getPC() == 2",
    undefined,
    [1],
  ],
  ['the global object, returned', "Function('return this')()", undefined, [0, 1, 2, 3, 4, 5, 6, 7]],
  ['a huge string', "(function () { var s = 'x'; for (;;) s += s; })()", /.+/, []],
  ['a huge array', '(function () { var a = []; for (;;) a.push(new Array(1e6)); })()', /.+/, []],
  [
    'not one expression',
    '1); }, (function () { for (;;) {} })(), function () { (1',
    /one expression|SyntaxError/,
    [],
  ],
  ['a statement', 'while (1) {}', /SyntaxError/, []],
];

describe.each(realms)('realm %s: breakpoint expressions under attack', (_name, createRealm) => {
  it.each(rows)('%s', async (_what, expression, error, steps) => {
    const { out, report } = await run(createRealm, {
      breakpoints: [
        { id: 'x', expression },
        { id: 'pc', pc: 4 },
      ],
    });
    expect(out).toEqual(expected);
    const errors = report.breakpointErrors;
    if (error) {
      expect(errors.map((e) => e.breakpointId)).toEqual(['x']);
      expect(errors[0].message).toMatch(error);
      expect(errors[0].message.length).toBeLessThanOrEqual(300);
    } else expect(errors).toEqual([]);
    expect(report.hits.filter((h) => h.breakpointId === 'x').map((h) => h.step)).toEqual(steps);
    expect(report.hits.filter((h) => h.breakpointId === 'pc').map((h) => h.step)).toEqual([2]);
    expect((await run(createRealm, {})).out).toEqual(expected);
  });

  it('endless recursion', async () => {
    const expression = '(function f() { return f() + 1; })()';
    const { out, report } = await run(createRealm, { breakpoints: [{ id: 'x', expression }] });
    // Known gap: where the host's stack overflows before QuickJS's own check (Node's main thread and vitest's workers,
    // see createQuickJsRealm's guarded), the engine is left unusable and the trace fails as the tracer's own runaway
    // recursion would; elsewhere (V8, a larger stack) the expression gets its RangeError.
    if (typeof out === 'string')
      expect(out).toBe(
        "RangeError: Maximum call stack size exceeded    in server-side tracer function 'step'",
      );
    else {
      expect(out).toEqual(expected);
      expect(report.breakpointErrors[0].message).toMatch(/RangeError/);
    }
    expect((await run(createRealm, {})).out).toEqual(expected);
  });

  it('the tracer’s own deadline still ends a trace whose expression is slow but under its cap', async () => {
    const slow = '(function () { var t = Date.now(); while (Date.now() - t < 30) {} return false; })()';
    const { out } = await run(createRealm, { breakpoints: [{ id: 's', expression: slow }] }, '100ms');
    expect(String(out)).toMatch(/^execution timeout/);
  });
});
