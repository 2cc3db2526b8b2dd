import { runInNewContext } from 'node:vm';
import { parse } from 'acorn';
import escodegen from 'escodegen';
import { describe, expect, it } from 'vitest';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { flattenProgram } from '../../../src/core/flatten/generateOneLine.ts';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';

// Issue #12 item 4: a valid 5,000-term expression is not "nested too deeply" — neither for the check (acorn read
// operator chains by recursion) nor for the flattener (escodegen prints them by recursion).

const operands = [
  'x',
  "'s'",
  '-y',
  '(a || b)',
  'f(1 + 2)',
  '2 * z',
  'o.p',
  '- -y',
  '(c ? 1 : 2)',
  'typeof x',
];
const ops = ['+', '-', '+', '*', '+', '/', '+', '%', '-', '+'];

function chain(terms: number): string {
  let text = operands[0];
  for (let i = 1; i < terms; i++) text += ` ${ops[i % ops.length]} ${operands[i % operands.length]}`;
  return text;
}

const scope = 'var x = 3, y = 2, z = 5, a = 0, b = 7, c = true, o = {p: 11}; function f(n) { return n * 2; }';

function tracer(expression: string): string {
  return `{fault: function (log, db) {}, result: function (ctx, db) { ${scope} return ${expression}; }}`;
}

function run(code: string): unknown {
  return runInNewContext(`(${code})`).result({}, {});
}

describe('long operator chains', () => {
  for (const terms of [40, 5000, 20000]) {
    it(`${terms} terms: checked without 'nested too deeply', flattened to the same value`, () => {
      const source = tracer(chain(terms));
      expect(checkEs5(source).diagnostics).toEqual([]);
      expect(checkTracer(source).diagnostics).toEqual([]);
      const r = flattenTracer(source);
      expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
      expect(r.ok).toBe(true);
      // V8 itself runs out of stack evaluating 20,000 terms; 5,000 run.
      if (terms <= 5000) expect(run(r.code)).toEqual(run(source));
      // Flattening is stable: the output flattens to itself.
      expect(flattenTracer(r.code).code).toBe(r.code);
    });
  }

  it('prints a collapsed chain exactly as escodegen prints it', () => {
    const program = `v = ${chain(200)} + (${chain(50)}) - g(${chain(60)}) || w && ${chain(40)};`;
    const own = escodegen.generate(parse(program, { ecmaVersion: 'latest' }), {
      format: { compact: true, quotes: 'single', semicolons: true },
    });
    const flat = flattenProgram(program);
    expect(flat).toEqual({ ok: true, code: own });
  });

  it('keeps the parentheses of a chain used as a right operand or inside a higher precedence', () => {
    for (const program of [`v = k - (${chain(100)});`, `v = k * (${chain(100)});`, `v = -(${chain(100)});`]) {
      const own = escodegen.generate(parse(program, { ecmaVersion: 'latest' }), {
        format: { compact: true, quotes: 'single', semicolons: true },
      });
      expect(flattenProgram(program)).toEqual({ ok: true, code: own });
    }
  });
});
