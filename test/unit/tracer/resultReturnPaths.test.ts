import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { expectValid, inResult, posOf, single } from './lintHarness.ts';

// Which returns of result() are checked, which stores into this.* reach them, and the fixes offered.

const rules = [
  'tracer/result-returns-bytes',
  'tracer/result-returns-bigint',
  'tracer/result-returns-go-string',
  'tracer/internal-error',
];
const bytesTop =
  'result() returns a byte array, which geth encodes as {"0":…,"1":…}: return \'\' + toHex(…) (the \'\' + keeps geth from turning the long hex string into {})';
const bytesNested = 'This byte array is encoded as {"0":…,"1":…} in the result: use toHex(…)';
const kept = (name: string, line: number) =>
  `This byte array is kept in this.${name}, which result() returns (line ${line}): geth encodes it as {"0":…,"1":…}; store toHex(…) instead`;

/** A tracer whose step body is on line 3 and result body on line 6. */
const tracer = (step: string, result: string, extra = '') =>
  `{fault: function(log, db) {},${extra}\nstep: function(log, db) {\n${step}\n},\nresult: function(ctx, db) {\n${result}\n}}`;

/** `line:col message` of every diagnostic of the rules above. */
const found = (code: string) =>
  checkTracer(code)
    .diagnostics.filter((d) => rules.includes(d.ruleId))
    .map((d) => `${d.range.start.line}:${d.range.start.column} ${d.message}`);

const addr = 'log.contract.getAddress()';

describe('which returns of result() are checked', () => {
  it.each([
    // Not a return: a unary or throw operand is no result.
    inResult('if (!ctx.from) return 1;\nreturn 2;'),
    inResult('if (ctx.error) throw ctx.from;\nreturn 1;'),
    inResult('return;'),
  ])('%s', (code) => expectValid(code, rules));

  it('checks a result() written as an arrow function with a body', () => {
    const code =
      '{fault: function(log, db) {},\nstep: function(log, db) {},\nresult: (ctx, db) => {\nreturn ctx.from;\n}}';
    expect(found(code)).toEqual([`4:8 ${bytesTop}`]);
  });
});

describe('values written in a returned literal', () => {
  const rows: [string, string | null][] = [
    [inResult('return [, ctx.from];'), 'ctx.from'],
    [inResult('return {n: 1, ...ctx, to: ctx.to};'), 'ctx.to'],
    // Spreading a byte array into an array writes its numbers, which geth encodes as they are.
    [inResult('return [...ctx.from];'), null],
  ];
  it.each(rows)('%s', (code, marker) =>
    expect(found(code)).toEqual(
      marker === null ? [] : [`${posOf(code, marker, code.indexOf('result:'))} ${bytesNested}`],
    ),
  );
});

describe('which stores into this.* reach result()', () => {
  const rows: [string, string, string | null, string][] = [
    // [step body, result body, marker of the reported value in the step (null: none), the state's name]
    [`this.list.unshift(${addr});`, 'return this.list;', addr, 'list'],
    [`this.list.push(1, ${addr});`, 'return this.list;', addr, 'list'],
    [`this.info.addr = ${addr};`, 'return this.info;', addr, 'info'],
    [`this.calls.push([1, ${addr}]);`, 'return {calls: this.calls};', addr, 'calls'],
    [`this.calls.push([, ${addr}]);`, 'return [1, this.calls];', addr, 'calls'],
    [`this.calls.push({n: 1, ...log, to: ${addr}});`, 'return [, this.calls];', addr, 'calls'],
    [`var n = 0; n = 1; this.addr = ${addr};`, 'return this.addr;', addr, 'addr'],
    // Not stored as such: a compound assignment or a look-up keeps no byte array; a spread pushes its numbers.
    [`this.addr += ${addr};`, 'return this.addr;', null, 'addr'],
    [`if (this.list.indexOf(${addr}) < 0) this.list.push(1);`, 'return this.list;', null, 'list'],
    [`this.list.push(...${addr});`, 'return this.list;', null, 'list'],
    // Not returned: another state.
    [`this.other = ${addr};`, 'return this.addr;', null, 'other'],
    // `this` there is not the tracer: another object, a plain function's, a member arrow's.
    [`var o = {}; o.addr = ${addr};`, 'return this.addr;', null, 'addr'],
    [
      `var f = function() { this.addr = log.contract.getAddress(); }; f();`,
      'return this.addr;',
      null,
      'addr',
    ],
  ];
  it.each(rows)('%s / %s', (step, result, marker, name) => {
    const code = tracer(step, result);
    expect(found(code)).toEqual(marker === null ? [] : [`${posOf(code, marker)} ${kept(name, 6)}`]);
  });

  it('reports a store once, at the first return that reaches it', () => {
    const code = tracer(`this.addr = ${addr};`, 'if (ctx.error) return this.addr;\nreturn this.addr;');
    expect(found(code)).toEqual([`${posOf(code, addr)} ${kept('addr', 6)}`]);
  });

  it("follows this in an arrow inside a member function, not in an arrow that is a member's value", () => {
    const arrowStep = `{fault: function(log, db) {},\nstep: (log, db) => {\nthis.addr = ${addr};\n},\nresult: function(ctx, db) {\nreturn this.addr;\n}}`;
    expect(found(arrowStep)).toEqual([]);
    const inner = tracer(`[1].forEach(() => { this.addr = ${addr}; });`, 'return this.addr;');
    expect(found(inner)).toEqual([`${posOf(inner, addr)} ${kept('addr', 6)}`]);
    // An arrow that is in no member function: its `this` is not the tracer either.
    const loose = tracer('', 'return this.addr;', `\nhooks: [() => { this.addr = toAddress('0x01'); }],`);
    expect(found(loose)).toEqual([]);
  });
});

describe('fix titles and operands', () => {
  const rows: [string, string, string, string, string][] = [
    // [code, rule, marker of the first fixed text, fixed text, title]
    [
      inResult('return ctx.from;'),
      'tracer/result-returns-bytes',
      'return ',
      "return '' + toHex(ctx.from);",
      "Return '' + toHex(…)",
    ],
    [
      inResult('var g = ctx.gasPrice;\nreturn g;'),
      'tracer/result-returns-bigint',
      'return ',
      'return g.toString(16);',
      'Return .toString(16)',
    ],
    [
      inResult('var e = ctx.error;\nreturn e;'),
      'tracer/result-returns-go-string',
      'return ',
      "return '' + e;",
      "Prefix with '' +",
    ],
    [
      inResult('return {to: ctx.to};'),
      'tracer/result-returns-bytes',
      'return ',
      'return {to: toHex(ctx.to)};',
      'Wrap in toHex(…)',
    ],
    [
      tracer(`this.addr = ${addr};`, 'return this.addr;'),
      'tracer/result-returns-bytes',
      'this.addr =',
      `this.addr = toHex(${addr});`,
      'Store toHex(…)',
    ],
  ];
  it.each(rows)('%s', (code, ruleId, marker, fixedText, title) => {
    const d = single(code, ruleId);
    expect(d.fix?.title).toBe(title);
    const fixed = applyEdits(code, d.fix?.edits ?? []);
    const at = code.indexOf(marker, code.indexOf('step:'));
    expect(fixed.slice(at, at + fixedText.length)).toBe(fixedText);
  });
});
