import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import type { TargetId } from '../../../src/core/targets.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { inResult, inStep } from './lintHarness.ts';

// Issue #12 item 4: a name read that exists nowhere is an error with "did you mean"; an implicit global created by
// assignment is a warning. Rows: source, target, exact `line:col severity rule message` of these two rules, and the
// text the first fix makes (or null).

const undeclared = (name: string, guess?: string, by = 'nor by the tracer runtime') =>
  `'${name}' is declared nowhere in the tracer, ${by}: reading it throws a ReferenceError on every node` +
  (guess ? `; did you mean '${guess}'?` : '');
const implicit = (name: string) =>
  `'${name}' is assigned without being declared: geth (goja, sloppy mode) creates a global that outlives this call and is shared by every hook; declare it with 'var ${name}' in this function, or keep it as this.${name}`;

const rules = new Set(['tracer/undeclared-identifier', 'tracer/implicit-global', 'tracer/unknown-global']);
const show = (source: string, target: TargetId) =>
  checkTracer(source, { target })
    .diagnostics.filter((d) => rules.has(d.ruleId))
    .map((d) => `${d.range.start.line}:${d.range.start.column} ${d.severity} ${d.ruleId} ${d.message}`);

const rows: [string, TargetId, string[], string | null][] = [
  [
    inStep('var v = big.ToInt(log.stack.peek(0));'),
    'es5',
    [`4:9 error tracer/undeclared-identifier ${undeclared('big', 'bigInt')}`],
    inStep('var v = bigInt.ToInt(log.stack.peek(0));'),
  ],
  [
    inStep('var h = hexlify(log.memory.slice(0, 4));'),
    'geth',
    [`4:9 error tracer/undeclared-identifier ${undeclared('hexlify', 'toHex', 'nor by geth')}`],
    inStep('var h = toHex(log.memory.slice(0, 4));'),
  ],
  [
    inStep('var count = 0; count = cuont + 1; var again = cuont;'),
    'es5',
    [`4:24 error tracer/undeclared-identifier ${undeclared('cuont', 'count')}`],
    inStep('var count = 0; count = count + 1; var again = cuont;'),
  ],
  [
    inStep('var m = new Map(); var t = typeof missing; var u = undefined; var a = arguments.length;'),
    'es5',
    [],
    null,
  ],
  [inStep('var o = {a: 1, b: 2}; var {a, b: c} = o; var [d, e = a] = [c];'), 'geth', [], null],
  [
    '{fault: function(log, db) {}, step: function(log, db) { seen = log.getPC(); }, result: function(ctx, db) { return seen; }}',
    'es5',
    [`1:57 warning tracer/implicit-global ${implicit('seen')}`],
    null,
  ],
  [
    inResult('var out = []; for (k in ctx) out.push(k); return out;'),
    'es5',
    [`4:20 warning tracer/implicit-global ${implicit('k')}`],
    null,
  ],
  [
    inStep('var big = BigInt(1);'),
    'es5',
    [
      "4:11 warning tracer/unknown-global geth's tracer runtime has no 'BigInt' (goja has no native BigInt: use bigInt(…) (BigInteger.js)); reaching this line throws a ReferenceError",
    ],
    null,
  ],
  [inStep('var big = BigInt(1);'), 'anvil', [], null],
  [inStep('var b = bigInt(1).add(toHex(toWord(1)).length);'), 'es5', [], null],
];

describe('undeclared names and implicit globals', () => {
  it.each(rows)('%s (%s)', (source, target, expected, fixed) => {
    expect(show(source, target)).toEqual(expected);
    const fix = checkTracer(source, { target }).diagnostics.find(
      (d) => d.ruleId === 'tracer/undeclared-identifier',
    )?.fix;
    expect(fix ? applyEdits(source, fix.edits) : null).toBe(fixed);
  });

  it('reports a name once, where it is first read', () => {
    const source = inStep('var a = nope; var b = nope + nope;');
    expect(show(source, 'es5')).toEqual([`4:9 error tracer/undeclared-identifier ${undeclared('nope')}`]);
  });
});
