import { parse, parseExpressionAt } from 'acorn';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';

const templateDir = new URL('../../../tracer-templates/', import.meta.url);
const templates = readdirSync(templateDir)
  .filter((n) => n.endsWith('.js'))
  .map((n) => [n, readFileSync(new URL(n, templateDir), 'utf8')] as const);

// Valid ES5 takes the one-pass path; its AST must be the one acorn's 'latest' parse builds.
const sources: (readonly [string, string])[] = [
  ...templates,
  [
    'getter, regexp, member call',
    '{get a() { return /x/g.test(this.b[0]); }, f: function f(x) { return x; }}',
  ],
  ['program goal', 'var t = {step: function (log) { log.op.toNumber(); }};'],
  ['trailing comments and semicolon', '{a: 1} // one\n; /* two */'],
];

function latestAst(source: string, goal: 'expression' | 'program'): unknown {
  const options = { ecmaVersion: 'latest', locations: true } as const;
  return goal === 'expression' ? parseExpressionAt(source, 0, options) : parse(source, options);
}

describe('one-pass ES5 parse', () => {
  it.each(sources)('%s: same AST as the latest parse', (_name, source) => {
    const r = checkEs5(source);
    expect(r.es5Valid).toBe(true);
    expect(r.diagnostics).toEqual([]);
    expect(JSON.parse(JSON.stringify(r.ast))).toEqual(JSON.parse(JSON.stringify(latestAst(source, r.goal))));
  });

  it.each([
    ['{a}', 'expression', false],
    ['{a: 1}\n{b: 2}', 'program', true],
    ['', 'program', true],
  ] as const)('%j keeps goal %s, es5Valid %s', (source, goal, valid) => {
    const r = checkEs5(source);
    expect([r.goal, r.es5Valid]).toEqual([goal, valid]);
  });

  it.each([
    [100, []],
    [256, []],
    [257, ['es5/too-deeply-nested']],
  ])('%i nested brackets give %j', (depth, ruleIds) => {
    const source = '{a: ' + '('.repeat(depth - 1) + '1' + ')'.repeat(depth - 1) + '}';
    expect(checkEs5(source).diagnostics.map((d) => d.ruleId)).toEqual(ruleIds);
  });
});
