import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import { findConsoleName } from '../../../src/core/flatten/findConsoleName.ts';
import { flattenForEmbeddedNode } from '../../../src/core/flatten/flattenForEmbeddedNode.ts';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { removeConsoleCalls } from '../../../src/core/flatten/removeConsoleCalls.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { consoleMessages } from '../../../src/core/tracer/lintConsole.ts';
import { expectInvalid, expectValid, inStep, posOf } from './lintHarness.ts';

const rule = 'tracer/console';
const m = consoleMessages;

describe('tracer/console: geth has no console; refused for nodes, one action removes the calls', () => {
  it.each([
    // A console of the tracer's own, typeof (no read: geth's `typeof console` is 'undefined'), keys, plain stores.
    inStep('var console = {log: function() {}}; console.log(1);'),
    inStep("var t = typeof console; if (typeof console !== 'undefined') {}"),
    inStep('var o = {console: 1}; this.console = 2;'),
    inStep('console = 1;'),
    '{console: 1, result: function() { return 1; }, fault: function() {}}',
  ])('accepts %s', (code) => expectValid(code, [rule]));

  // [body on line 4, message, the needle the diagnostic starts at, the body after the quick fix or null (no fix)]
  const rows: Array<[string, string, string, string | null]> = [
    ['console.log(log.getPC());', m.removable('log'), 'console', ''],
    ["console['error']('bad', log.op.toString());", m.removable('error'), 'console', ''],
    ['  console.warn(1); // kept\nvar a = 1;', m.removable('warn'), 'console', '   // kept\nvar a = 1;'],
    ['if (log.getPC() > 1) console.log(1);', m.removable('log'), 'console', 'if (log.getPC() > 1) {}'],
    [
      'var a = 1\nconsole.log(a)\n;[a].forEach(function () {})',
      m.removable('log'),
      'console',
      'var a = 1\n;[a].forEach(function () {})',
    ],
    ['console.log(this.n++);', m.writes('log'), 'console', null],
    ['console.log(delete this.x, this.y = 1);', m.writes('log'), 'console', null],
    ['var c = console; c.log(1);', m.other, 'console', null],
    ['(0, console.log)(1);', m.other, 'console', null],
    ['var x = console.log(1);', m.other, 'console', null],
    ['console.log?.(1);', m.other, 'console', null],
    ['var k = "log"; console[k](1);', m.other, 'console', null],
    ['\\u0063onsole.log(1);', m.removable('log'), '\\u0063onsole', ''],
    ['this.console.log(1);', m.property, 'console', null],
    ["globalThis['console'].log(1);", m.property, "'console'", null],
    ['(function () { return this; })().console.log(1);', m.property, 'console', null],
  ];
  it.each(rows)('%s', (body, message, needle, fixed) => {
    const code = inStep(body);
    const out = expectInvalid(code, rule, message, posOf(code, needle, code.indexOf('step:')));
    expect(out === undefined ? null : out.split('\n').slice(3, -1).join('\n')).toBe(fixed);
  });

  it('one action removes every removable call, in every hook', () => {
    const code = `{
  setup: function (cfg) { console.log('cfg', cfg); },
  step: function (log) {
    if (log.op.toString() === 'CALL') console.log(log.stack.peek(1));
    else console.error('not a call');
    console.info(function () { console.log('nested'); });
  },
  fault: function () {},
  result: function () {
    console.debug('done');
    return 1;
  }
}`;
    const found = checkTracer(code).diagnostics.filter((d) => d.ruleId === rule);
    expect(found.map((d) => d.fix?.title)).toEqual(Array(6).fill('Remove every console call (5)'));
    const fixed = applyEdits(code, found[0].fix!.edits);
    expect(fixed).toBe(`{
  setup: function (cfg) {  },
  step: function (log) {
    if (log.op.toString() === 'CALL') {}
    else {}
  },
  fault: function () {},
  result: function () {
    return 1;
  }
}`);
    expect(removeConsoleCalls(code)).toEqual({ ok: true, source: fixed, removed: 5 });
    const flat = flattenTracer(fixed);
    expect(flat.ok).toBe(true);
    expect(findConsoleName(flat.code)).toBeUndefined();
  });

  it('a call that cannot be removed safely refuses the removal, with only those diagnostics', () => {
    const code = inStep('console.log(1);\nvar c = console;');
    const r = removeConsoleCalls(code);
    expect(r.ok).toBe(false);
    expect(
      !r.ok && r.diagnostics.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.message}`),
    ).toEqual([`5:9 ${m.other}`]);
  });

  it('flatten refuses every form; the embedded node gets the tracer object as written', () => {
    // Optional chaining is no ES5.1: refused for that too.
    for (const [body] of rows.filter(([b]) => !b.includes('?.'))) {
      const code = `var tracer = ${inStep(body)};`;
      expect(flattenTracer(code).ok, body).toBe(false);
      const embedded = flattenForEmbeddedNode(code);
      expect(embedded.ok && embedded.kind, body).toBe('verbatim');
      expect(embedded.ok && embedded.code, body).toBe(inStep(body));
    }
    const clean = flattenForEmbeddedNode(inStep('var a = 1;'));
    expect(clean.ok && clean.kind).toBe('flattened');
    // Any other error refuses it for the embedded node too.
    expect(flattenForEmbeddedNode(inStep('console.log(1); let a = 1;')).ok).toBe(false);
  });

  // The gate on the string itself: [text, offset of the first place naming console, or undefined]
  it.each([
    ["{a: 'console'}", 4],
    ['{a: `console`}', 5],
    ['{\\u0063onsole: 1}', 1],
    ['// console.log(x)\n{a: 1}', 0],
    ['{a: 1} /* console */', 7],
    ["{a: 'con' + 'sole'}", undefined],
    ['{a: 1, consoles: 2}', undefined],
    // Not JavaScript: searched as text.
    ["{a: 'unterminated console", 18],
  ] as const)('findConsoleName(%j) is %s', (text, at) => {
    expect(findConsoleName(text)).toBe(at);
  });
});
