import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from '../../../src/core/es5/loopParser.ts';

const loopParserFile = fileURLToPath(new URL('../../../src/core/es5/loopParser.ts', import.meta.url));

// 2,000 nested functions: beyond the parser's stack on any thread. With plain acorn, Node 20 aborted the process
// ("RegExpCompiler Allocation failed - process out of memory") at about half of these stack offsets (12 of 25
// measured), depending on where the overflow hit; a process abort cannot be caught, so it runs in a child process.
const childScript = `
import(process.argv[1]).then(({ parse }) => {
  let body = '1';
  for (let i = 0; i < 2000; i++) body = 'function(){return ' + body + '}';
  const src = '({x: ' + body + '})';
  const pad = (k) => (k > 0 ? pad(k - 1) + 0 : attempt());
  const attempt = () => {
    try {
      parse(src, { ecmaVersion: 'latest' });
      return 'parsed';
    } catch (e) {
      return e.name + ': ' + e.message.replace(/ \\(\\d+:\\d+\\)$/, '');
    }
  };
  const seen = new Set();
  for (let k = 0; k <= 1500; k += 61) seen.add(String(pad(k)).replace(/0+$/, ''));
  console.log(JSON.stringify([...seen]));
});
`;

describe('LoopParser out of stack', () => {
  it('raises a SyntaxError at every stack offset, never aborting the process', () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', childScript, loopParserFile],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(JSON.parse(out)).toEqual(['SyntaxError: Not enough stack space to parse input']);
  }, 90_000);

  it('reports where the parse stopped, in the text', () => {
    let body = '1';
    for (let i = 0; i < 2000; i++) body = `function(){return ${body}}`;
    const src = `({x: ${body}})`;
    let caught: unknown;
    try {
      parse(src, { ecmaVersion: 'latest' });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(SyntaxError);
    const { message, pos } = caught as SyntaxError & { pos: number };
    expect(message).toMatch(/^Not enough stack space to parse input \(1:\d+\)$/);
    // Inside the nested functions, where the stack ran out (not at the start, as the outermost frame would say).
    expect(pos).toBeGreaterThan(100);
    expect(pos).toBeLessThan(src.length);
  });

  // An error thrown inside the parse (here by onToken at the first token) goes through every catchStackOverflow.
  it.each([
    ['V8 and JavaScriptCore overflow', new RangeError('Maximum call stack size exceeded'), 'SyntaxError'],
    [
      'SpiderMonkey overflow',
      Object.assign(new Error('too much recursion'), { name: 'InternalError' }),
      'SyntaxError',
    ],
    ['another RangeError', new RangeError('Invalid array length'), 'RangeError'],
    // acorn's test reads only the message: any error naming a stack overflow counts, a near miss does not.
    ['an error naming a stack overflow', new TypeError('the stack overflow hit'), 'SyntaxError'],
    ['a near miss', new TypeError('the stack overflowed'), 'TypeError'],
    ['a thrown string', 'Maximum call stack size exceeded', 'string'],
  ] as const)('%s', (_label, thrown, expected) => {
    let caught: unknown;
    try {
      parse('({a: [1]})', {
        ecmaVersion: 'latest',
        onToken: () => {
          throw thrown;
        },
      });
    } catch (e) {
      caught = e;
    }
    if (expected === 'SyntaxError') {
      expect(caught).toBeInstanceOf(SyntaxError);
      expect((caught as Error).message).toBe('Not enough stack space to parse input (1:0)');
    } else expect(caught).toBe(thrown);
  });
});
