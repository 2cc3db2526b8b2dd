import { describe, expect, test } from 'vitest';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { mapNodeErrorToSource } from '../../../src/core/flatten/mapNodeError.ts';

const source = [
  '{',
  '  fault: function(log) {},',
  '  step: function(log) {',
  '    var x = this.missing;',
  '    return x.foo;',
  '  },',
  '  result: function() { return 1; }',
  '}',
].join('\n');
// Flattened: {fault:function(log){},step:function(log){var x=this.missing;return x.foo;},result:function(){return 1;}}
// `x.foo` starts at offset 68 → column 69 (1-based) → column 70 with geth's leading '('.
// `this.missing` starts at offset 48 → column 50 with the '('.

describe('mapNodeErrorToSource', () => {
  const flat = flattenTracer(source);

  test('the flattened text is the one the columns below were counted on', () => {
    expect(flat.code).toBe(
      '{fault:function(log){},step:function(log){var x=this.missing;return x.foo;},result:function(){return 1;}}',
    );
  });

  test.each<[string, string, [number, number, number], string]>([
    [
      'goja runtime error (geth)',
      "TypeError: Cannot read property 'foo' of undefined at step (<eval>:1:70(2))    in server-side tracer function 'step'",
      [5, 12, 13],
      "TypeError: Cannot read property 'foo' of undefined in server-side tracer function 'step'",
    ],
    [
      'the innermost <eval> frame wins over bigInt frames',
      'execution timeout at parseStringValue (bigInt:1:25261(161)) at step (<eval>:1:50(40))',
      [4, 13, 17],
      'execution timeout at parseStringValue (bigInt:1:25261(161))',
    ],
    [
      'goja SyntaxError',
      'SyntaxError: SyntaxError: (anonymous): Line 1:70 Unexpected token . (and 2 more errors)',
      [5, 12, 13],
      'SyntaxError: Unexpected token . (and 2 more errors)',
    ],
    [
      'Boa (reth)',
      'failed to evaluate JS code: TypeError: not a callable function at line 1, col 50',
      [4, 13, 17],
      'failed to evaluate JS code: TypeError: not a callable function',
    ],
    // Where the readers of node errors disagreed (docs/architecture.md, "One place for each fact"): Boa's form is
    // read in any case (as decodeRpcError did), and a V8 frame loses its `at step (` too.
    [
      'Boa in capitals',
      'failed to evaluate JS code: TypeError: not a callable function at Line 1, Col 50',
      [4, 13, 17],
      'failed to evaluate JS code: TypeError: not a callable function',
    ],
    [
      'V8 (Nethermind)',
      "TypeError: Cannot read properties of undefined (reading 'foo')\n    at step (<anonymous>:1:70)",
      [5, 12, 13],
      "TypeError: Cannot read properties of undefined (reading 'foo')",
    ],
    // No position, but the function named: its key. The memory limit (QuickJS, `serve`) and a bare timeout say no more.
    [
      'the memory limit in step',
      "tracer exceeded its memory limit    in server-side tracer function 'step'",
      [3, 3, 7],
      "tracer exceeded its memory limit in server-side tracer function 'step'",
    ],
    [
      'a timeout in result',
      "execution timeout    in server-side tracer function 'result'",
      [7, 3, 9],
      "execution timeout in server-side tracer function 'result'",
    ],
    [
      'the first of the keys (fault)',
      "x    in server-side tracer function 'fault'",
      [2, 3, 8],
      "x in server-side tracer function 'fault'",
    ],
  ])('%s', (_name, text, [line, column, endColumn], message) => {
    const m = mapNodeErrorToSource(text, flat, source);
    expect(m).not.toBeNull();
    expect([m!.range.start.line, m!.range.start.column, m!.range.end.column]).toEqual([
      line,
      column,
      endColumn,
    ]);
    expect(m!.message).toBe(message);
  });

  test('a quoted key is found too', () => {
    const quoted = '{\n  \'step\': function() {},\n  "result": function() {}, fault: function() {}\n}';
    const m = mapNodeErrorToSource(
      "out of memory    in server-side tracer function 'result'",
      flattenTracer(quoted),
      quoted,
    );
    expect([m?.range.start.line, m?.range.start.column]).toEqual([3, 3]);
  });

  test.each([
    ['no position', 'execution timeout'],
    ['a position on another line', 'TypeError: x at step (<eval>:3:5(2))'],
    [
      'a position on another line, with a function',
      "x at step (<eval>:3:5(2))    in server-side tracer function 'step'",
    ],
    ['a function the tracer does not have', "x    in server-side tracer function 'enter'"],
  ])('%s → null', (_name, text) => {
    expect(mapNodeErrorToSource(text, flat, source)).toBeNull();
  });

  test.each<[string, string, [number, number, number, number], string]>([
    // The `.` of `x.foo`: flattened offset 69 → column 71 with the '('; in the source line 5, column 13. A character
    // that starts no word is underlined alone.
    [
      'a punctuator is one character',
      'TypeError: x at step (<eval>:1:71(2))',
      [5, 13, 5, 14],
      'TypeError: x',
    ],
    // Only a repeated error name at the very start is dropped.
    [
      'a repeated name later in the text stays',
      'failed: TypeError: TypeError: x at step (<eval>:1:70(2))',
      [5, 12, 5, 13],
      'failed: TypeError: TypeError: x',
    ],
  ])('%s', (_name, text, [line, column, endLine, endColumn], message) => {
    const m = mapNodeErrorToSource(text, flat, source);
    expect(m).toEqual({
      range: {
        start: expect.objectContaining({ line, column }) as unknown,
        end: expect.objectContaining({ line: endLine, column: endColumn }) as unknown,
      },
      message,
    });
  });

  test('a failed flattening cannot be mapped', () => {
    const failed = flattenTracer('[1]');
    expect(mapNodeErrorToSource('TypeError: x at step (<eval>:1:3(2))', failed, '[1]')).toBeNull();
  });
});
