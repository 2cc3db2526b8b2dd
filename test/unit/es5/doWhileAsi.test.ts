import { describe, expect, it } from 'vitest';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { runners, show, strictMessage } from './es5Cases.ts';

// ES5.1 §7.9.1 inserts the `;` that ends `do … while (…)` only before a line terminator, a `}` or the end of the
// input; ES2015 inserts it always. Each source also holds a `let`, so the full check (not the one-pass ES5 parse,
// which accepts valid code without looking further) runs the do-while detector: the only other diagnostic a row
// may get is the `let` one.
const letAt = (col: number) =>
  `1:${col} es5/let-const ${strictMessage("'let' declaration", 'ES2015', "use 'var'")}${runners.all}`;
const doWhileAt = (col: number) =>
  `1:${col} es5/do-while-semicolon ${strictMessage(
    "A statement right after 'do … while (…)' without ';'",
    'ES2015',
    "put a ';' after 'while (…)'",
  )}${runners.all}`;

const rows: Array<[source: string, diagnostics: string[]]> = [
  // ASI before `}`: valid ES5.
  ['{f: function () { let a = 1; do {} while (a) }}', [letAt(19)]],
  ['{f: function () { let a = 1; do a--; while (a) }}', [letAt(19)]],
  ['{f: function () { let a = 1; if (a) do {} while (a) }}', [letAt(19)]],
  ['{f: function () { let a = 1; do {} while (a) /* c */ }}', [letAt(19)]],
  // ASI at the end of the input.
  ['let a = 1; do {} while (a)', [letAt(1)]],
  // ASI before a line terminator, also one inside a comment.
  ['{f: function () { let a = 1; do {} while (a)\n a(); }}', [letAt(19)]],
  ['{f: function () { let a = 1; do {} while (a) /* c\n */ a(); }}', [letAt(19)]],
  // An explicit `;`.
  ['{f: function () { let a = 1; do {} while (a); a(); }}', [letAt(19)]],
  // A statement on the same line: only ES2015 accepts it.
  ['{f: function () { let a = 1; do {} while (a) a(); }}', [letAt(19), doWhileAt(44)]],
  ['{f: function () { let a = 1; do {} while (a) /* c */ a(); }}', [letAt(19), doWhileAt(44)]],
];

describe("ES5 ASI after 'do … while (…)'", () => {
  it.each(rows)('%j', (source, diagnostics) => {
    const found = checkEs5(source).diagnostics.filter((d) => d.ruleId !== 'es5/target-summary');
    expect(found.map(show)).toEqual(diagnostics);
  });
});
