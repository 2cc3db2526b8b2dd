import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listSourceFiles } from './layerRule.ts';
import { longFunctions, maxFunctionLines, measureFunctions } from './functionLength.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** `n` lines of statements. */
const lines = (n: number) => Array.from({ length: n }, (_, i) => `  x += ${i};`).join('\n');

/**
 * Functions still over the limit, as `file:name`. This list may only shrink: when one of these is split, remove its
 * entry in the same commit (the last test fails while an entry is no longer long); never add one: name the pieces.
 */
const allowlist = new Set<string>([]);

describe('the function length rule', () => {
  // [source, long functions as `file:name lines`]
  const cases: [string, string, string[]][] = [
    ['80 lines: within the rule', `function f() {\n${lines(78)}\n}`, []],
    ['81 lines', `function big() {\n${lines(79)}\n}`, ['t.ts:big 81']],
    ['an arrow named by its variable', `const go = () => {\n${lines(79)}\n};`, ['t.ts:go 81']],
    ['a method', `class A {\n  run() {\n${lines(79)}\n  }\n}`, ['t.ts:run 81']],
    ['a property of an object', `const o = {\n  on: function () {\n${lines(79)}\n  },\n};`, ['t.ts:on 81']],
    [
      'an anonymous callback, named after the function around it',
      `function outer() {\n  [1].forEach(() => {\n${lines(79)}\n  });\n}`,
      ['t.ts:outer 83', 't.ts:<anonymous in outer> 81'],
    ],
    [
      'a data table is not a function',
      `const table = [\n${Array.from({ length: 200 }, (_, i) => `  { n: ${i} },`).join('\n')}\n];`,
      [],
    ],
    [
      'a function returning a long literal is one',
      `function config() {\n  return {\n${Array.from({ length: 80 }, (_, i) => `    k${i}: ${i},`).join('\n')}\n  };\n}`,
      ['t.ts:config 84'],
    ],
  ];
  it.each(cases)('%s', (_, text, expected) => {
    expect(longFunctions('t.ts', text).map((f) => `${f.key} ${f.lines}`)).toEqual(expected);
  });

  it('counts from the first line of the function to its last, comments before it excluded', () => {
    expect(measureFunctions('t.ts', '// about f\n\nfunction f() {\n  return 1;\n}')).toEqual([
      { name: 'f', line: 3, lines: 3 },
    ]);
  });

  const found = listSourceFiles(root, 'src').flatMap((file) =>
    longFunctions(file, readFileSync(join(root, file), 'utf8')),
  );

  it(`no function under src/ is over ${maxFunctionLines} lines, but those of the allowlist`, () => {
    expect(
      found.filter((f) => !allowlist.has(f.key)).map((f) => `${f.key} (line ${f.line}, ${f.lines} lines)`),
    ).toEqual([]);
  });

  it('every allowlist entry is still over the limit (else remove it: the list only shrinks)', () => {
    const long = new Set(found.map((f) => f.key));
    expect([...allowlist].filter((key) => !long.has(key))).toEqual([]);
  });
});
