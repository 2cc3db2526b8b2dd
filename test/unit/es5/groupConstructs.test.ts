import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import type { TargetId } from '../../../src/core/targets.ts';

/** Every diagnostic: `start-end severity ruleId message`, and ` | related: line:col …` for the other places. */
function grouped(code: string, target: TargetId = 'es5', detected?: TargetId): string[] {
  return checkEs5(code, { target, detected }).diagnostics.map(
    (d) =>
      `${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column} ${d.severity} ${d.ruleId} ${d.message}` +
      (d.related ? ` | related: ${d.related.map((r) => `${r.start.line}:${r.start.column}`).join(' ')}` : ''),
  );
}

const spreadHint = "use 'fn.apply(null, array)' or 'a.concat(b)'";
const all = 'geth, reth, anvil and nethermind';
const modern = 'reth, anvil and nethermind';

describe('repeated constructs: one diagnostic with the count and the lines', () => {
  it.each([
    [
      '{a: [...b],\nc: [...d]}',
      [
        `1:6-1:10 error es5/spread 2 spread elements (lines 1, 2): ES2015 syntax, not ES5.1: ${spreadHint}. ${all} run this; es5 nodes do not. | related: 2:5`,
        `2:5-2:9 info es5/target-summary The ES5.1 check fails only on syntax ${all} run: spread elements (2). Convert the tracer to ES5 for every node, or choose the target geth.`,
      ],
    ],
    // Four lines are listed, more are counted.
    [
      '{a: [...b],\nc: [...d],\ne: [...f],\ng: [...h]}',
      [
        `1:6-1:10 error es5/spread 4 spread elements (lines 1, 2, 3, 4): ES2015 syntax, not ES5.1: ${spreadHint}. ${all} run this; es5 nodes do not. | related: 2:5 3:5 4:5`,
        `4:5-4:9 info es5/target-summary The ES5.1 check fails only on syntax ${all} run: spread elements (4). Convert the tracer to ES5 for every node, or choose the target geth.`,
      ],
    ],
    [
      '{a: [...b],\nc: [...d],\ne: [...f],\ng: [...h],\ni: [...j, ...k]}',
      [
        `1:6-1:10 error es5/spread 6 spread elements (lines 1, 2, 3, 4 and 1 more): ES2015 syntax, not ES5.1: ${spreadHint}. ${all} run this; es5 nodes do not. | related: 2:5 3:5 4:5 5:5 5:11`,
        `5:11-5:15 info es5/target-summary The ES5.1 check fails only on syntax ${all} run: spread elements (6). Convert the tracer to ES5 for every node, or choose the target geth.`,
      ],
    ],
    // One line, also a line number of two digits.
    [
      '\n\n\n\n\n\n\n\n\n{a: [...b, ...c]}',
      [
        `10:6-10:10 error es5/spread 2 spread elements (line 10): ES2015 syntax, not ES5.1: ${spreadHint}. ${all} run this; es5 nodes do not. | related: 10:12`,
        `10:12-10:16 info es5/target-summary The ES5.1 check fails only on syntax ${all} run: spread elements (2). Convert the tracer to ES5 for every node, or choose the target geth.`,
      ],
    ],
    // No engine runs regexp modifiers: no runner sentence and no summary.
    [
      '{a: /(?i:a)/, b: /(?i:b)/}',
      [
        '1:5-1:13 error es5/regexp-syntax 2 regular expression syntax (line 1): ES2025 syntax, not ES5.1: rewrite the pattern without it. | related: 1:18',
      ],
    ],
    // Groups in the order of their first place; the summary at the last place of all (line 3, not the 'let').
    [
      '{f: () => 1,\ng: function () { let q; },\nh: () => 2}',
      [
        `1:5-1:10 error es5/arrow-function 2 arrow functions (lines 1, 3): ES2015 syntax, not ES5.1: write 'function (…) { return …; }' (note: an arrow function has no own 'this'). ${all} run this; es5 nodes do not. | related: 3:4`,
        `2:18-2:21 error es5/let-const 'let' declaration is ES2015 syntax, not ES5.1: use 'var'. ${all} run this; es5 nodes do not.`,
        `3:4-3:9 info es5/target-summary The ES5.1 check fails only on syntax ${all} run: arrow functions (2) and 'let' and 'const' declarations (1) (3 places). Convert the tracer to ES5 for every node, or choose the target geth.`,
      ],
    ],
    // Two places that start together: the shorter first; the summary at the later-listed (the whole arrow).
    [
      '{x: async () => 1}',
      [
        `1:5-1:10 error es5/async-await 'async' function is ES2017 syntax, not ES5.1: tracer hooks run synchronously: remove async/await. ${modern} run this; es5 nodes do not.`,
        `1:5-1:16 error es5/arrow-function Arrow function '=>' is ES2015 syntax, not ES5.1: write 'function (…) { return …; }' (note: an arrow function has no own 'this'). ${all} run this; es5 nodes do not.`,
        `1:5-1:16 info es5/target-summary The ES5.1 check fails only on syntax ${modern} run: async functions and await (1) and arrow functions (1) (2 places). Convert the tracer to ES5 for every node, or choose the target reth.`,
      ],
    ],
    // Nested tagged templates start together: the inner (shorter) one is the first place, the outer one related.
    [
      '{t: tag`a``b`}',
      [
        `1:5-1:11 error es5/tagged-template 2 tagged templates (line 1): ES2015 syntax, not ES5.1: call the function with the strings and values. ${all} run this; es5 nodes do not. | related: 1:5`,
        `1:5-1:14 info es5/target-summary The ES5.1 check fails only on syntax ${all} run: tagged templates (2). Convert the tracer to ES5 for every node, or choose the target geth.`,
      ],
    ],
    // One rule, the same runners, two editions: two diagnostics.
    [
      '{a: /a/s, b: /b/d}',
      [
        `1:8-1:9 error es5/regexp-flag Regular expression flag 's' is ES2018 syntax, not ES5.1: use only the flags 'g', 'i' and 'm'. ${modern} run this; es5 nodes do not.`,
        `1:17-1:18 error es5/regexp-flag Regular expression flag 'd' is ES2022 syntax, not ES5.1: use only the flags 'g', 'i' and 'm'. ${modern} run this; es5 nodes do not.`,
        `1:17-1:18 info es5/target-summary The ES5.1 check fails only on syntax ${modern} run: regular expression flags (1) and regular expression flags (1) (2 places). Convert the tracer to ES5 for every node, or choose the target reth.`,
      ],
    ],
    // Nothing named (acorn's ES5 parse rejects an initialised for-in variable): no summary, ES5's own error instead.
    [
      '{f: function () { for (var i = 0 in o) {} }}',
      [
        '1:24-1:38 error es5/unsupported-syntax ES5.1 engines reject this code (for-in loop variable declaration may not have an initializer), and the check cannot name the construct',
      ],
    ],
    // An outer '**' found before the inner one that starts earlier: the group starts at the earlier place.
    [
      '{x: (a ** b) ** c}',
      [
        `1:8-1:10 error es5/exponent-operator 2 '**' operators (line 1): ES2016 syntax, not ES5.1: use 'Math.pow(a, b)'. ${modern} run this; es5 nodes do not. | related: 1:14`,
        `1:14-1:16 info es5/target-summary The ES5.1 check fails only on syntax ${modern} run: '**' operators (2). Convert the tracer to ES5 for every node, or choose the target reth.`,
      ],
    ],
  ])('%j', (code, expected) => {
    expect(grouped(code)).toEqual(expected);
  });
});

describe('targets other than es5', () => {
  it.each([
    // geth runs spread: info, and a summary.
    [
      '{a: [...b], c: [...d]}',
      'geth',
      [
        `1:6-1:10 info es5/spread 2 spread elements (line 1): ES2015 syntax: geth runs this; es5 nodes do not (for every node: ${spreadHint}). | related: 1:17`,
        '1:17-1:21 info es5/target-summary geth runs this tracer; es5 nodes do not: spread elements (2). Convert it to ES5 to run it on every node.',
      ],
    ],
    // goja lacks '**': an error naming who runs it, and no summary.
    [
      '{a: a ** b, c: c ** d}',
      'geth',
      [
        `1:7-1:9 error es5/exponent-operator 2 '**' operators (line 1): ES2016 syntax, which geth (goja) does not run: use 'Math.pow(a, b)'. ${modern} run this. | related: 1:18`,
      ],
    ],
    [
      '{a: /(?i:a)/, b: /(?i:b)/}',
      'geth',
      [
        '1:5-1:13 error es5/regexp-syntax 2 regular expression syntax (line 1): ES2025 syntax, which geth (goja) does not run: rewrite the pattern without it. | related: 1:18',
      ],
    ],
    // One construct geth lacks: no summary for the rest either.
    [
      '{a: [...b], c: c ** d}',
      'geth',
      [
        `1:6-1:10 info es5/spread Spread '...b' is ES2015 syntax: geth runs this; es5 nodes do not (for every node: ${spreadHint}).`,
        `1:18-1:20 error es5/exponent-operator Exponent operator '**' is ES2016 syntax, which geth (goja) does not run: use 'Math.pow(a, b)'. ${modern} run this.`,
      ],
    ],
    [
      '{a: [...b], c: [...d], e: e ** f}',
      'reth',
      [
        `1:6-1:10 info es5/spread 2 spread elements (line 1): ES2015 syntax: reth runs this; es5 nodes do not (for every node: ${spreadHint}). | related: 1:17`,
        "1:29-1:31 info es5/exponent-operator Exponent operator '**' is ES2016 syntax: reth runs this; es5 nodes do not (for every node: use 'Math.pow(a, b)').",
        "1:29-1:31 info es5/target-summary reth runs this tracer; es5 nodes do not: spread elements (2) and '**' operators (1) (3 places). Convert it to ES5 to run it on every node.",
      ],
    ],
  ] as const)('%j for %s', (code, target, expected) => {
    expect(grouped(code, target)).toEqual(expected);
  });
});

describe('the es5 summary: the targets that run every construct, or the probed node', () => {
  const classA = `1:19-1:24 error es5/class Class 'A' is ES2015 syntax, not ES5.1: use a constructor function and its prototype. ${modern} run this; es5 nodes do not.`;
  const general = `1:19-1:24 info es5/target-summary The ES5.1 check fails only on syntax ${modern} run: classes (1). Convert the tracer to ES5 for every node, or choose the target reth.`;
  it.each([
    [undefined, general],
    ['es5', general],
    // The probed node does not run classes: the targets that do.
    ['geth', general],
    [
      'reth',
      '1:19-1:24 info es5/target-summary The ES5.1 check fails only on syntax the probed node (reth) runs: classes (1). Choose the target reth, or convert the tracer to ES5.',
    ],
  ] as const)('detected %s', (detected, summary) => {
    expect(grouped('{f: function () { class A {} }}', 'es5', detected)).toEqual([classA, summary]);
  });

  it('names only the targets that run every construct (an arrow runs on geth, a class does not)', () => {
    expect(grouped('{f: () => 1, g: function () { class A {} }}').at(-1)).toBe(
      `1:31-1:36 info es5/target-summary The ES5.1 check fails only on syntax ${modern} run: arrow functions (1) and classes (1) (2 places). Convert the tracer to ES5 for every node, or choose the target reth.`,
    );
  });
});

describe('the summary carries the target it suggests as data (suggestedTarget), the one flatten names', () => {
  it.each([
    [
      'es5, nothing probed: the first target that runs every construct',
      '{f: function () { class A {} }}',
      'es5',
      undefined,
      'reth',
    ],
    ['es5, the probed node runs them all', '{f: function () { class A {} }}', 'es5', 'anvil', 'anvil'],
    ['es5, spread: geth runs it', '{f: function (a) { return [...a]; }}', 'es5', undefined, 'geth'],
    // Another target already runs it: the summary suggests converting, no target.
    ['geth runs spread', '{f: function (a) { return [...a]; }}', 'geth', undefined, undefined],
  ] as const)('%s', (_name, code, target, detected, suggested) => {
    const summary = checkEs5(code, { target, detected }).diagnostics.find(
      (d) => d.ruleId === 'es5/target-summary',
    );
    expect(summary).toBeDefined();
    expect(summary?.suggestedTarget).toBe(suggested);
  });
});

describe('one fix for a group: every place whose edit overlaps none taken before', () => {
  it.each([
    // The inner arrow lies inside the outer one's edit: it is left for a second pass.
    [
      '{g: () => 2, f: () => () => 1}',
      'es5/arrow-function',
      'Convert the arrow function to a function expression (2 places)',
      '{g: function () { return 2; }, f: function () { return () => 1; }}',
    ],
    [
      '{a: `x${b}`, c: `y${d}`}',
      'es5/template-literal',
      'Convert the template literal to string concatenation (2 places)',
      "{a: 'x' + (b), c: 'y' + (d)}",
    ],
    // The outer '**' holds the inner one: one place now.
    [
      '{x: (a ** b) ** c}',
      'es5/exponent-operator',
      "Use 'Math.pow(a, b)' (1 place)",
      '{x: (Math.pow(a, b)) ** c}',
    ],
    // A single place keeps the fix's own title.
    [
      '{a: `x${b}`}',
      'es5/template-literal',
      'Convert the template literal to string concatenation',
      "{a: 'x' + (b)}",
    ],
  ])('%s', (code, ruleId, title, fixed) => {
    const d = checkEs5(code).diagnostics.find((x) => x.ruleId === ruleId)!;
    expect(d.fix?.title).toBe(title);
    expect(applyEdits(code, d.fix!.edits)).toBe(fixed);
  });
});
