import { describe, expect, it } from 'vitest';
import {
  findNodeErrorLocation,
  removeNodeErrorLocations,
  sentPosition,
  type NodeErrorLocation,
} from '../../../src/core/nodeErrors/findNodeErrorLocation.ts';
import { nodeErrorLocationForms } from '../../../src/core/nodeErrors/nodeErrorLocations.ts';

// One row per form of nodeErrorLocationForms (a new form adds its row here): the node's text → the position read,
// and the text without it (what the editor shows beside the source).
const forms: [string, string, NodeErrorLocation, string][] = [
  [
    'goja-frame',
    "TypeError: Cannot read property 'foo' of undefined at step (<eval>:1:70(2))    in server-side tracer function 'step'",
    { form: 'goja-frame', line: 1, column: 70, offset: 2 },
    "TypeError: Cannot read property 'foo' of undefined in server-side tracer function 'step'",
  ],
  [
    'goja-syntax',
    'SyntaxError: SyntaxError: (anonymous): Line 1:70 Unexpected token . (and 2 more errors)',
    { form: 'goja-syntax', line: 1, column: 70 },
    'SyntaxError: SyntaxError: Unexpected token . (and 2 more errors)',
  ],
  [
    'boa',
    'failed to evaluate JS code: TypeError: not a callable function at line 1, col 50',
    { form: 'boa', line: 1, column: 50 },
    'failed to evaluate JS code: TypeError: not a callable function',
  ],
  [
    'v8',
    "TypeError: Cannot read properties of undefined (reading 'foo')\n    at step (<anonymous>:1:70)",
    { form: 'v8', line: 1, column: 70 },
    "TypeError: Cannot read properties of undefined (reading 'foo')",
  ],
];

describe('nodeErrorLocationForms', () => {
  it('has one test row per form, in the table order', () => {
    expect(forms.map((f) => f[0])).toEqual(nodeErrorLocationForms.map((f) => f.id));
  });

  it.each(forms)('%s', (_id, text, location, cleaned) => {
    expect(findNodeErrorLocation(text)).toEqual(location);
    expect(removeNodeErrorLocations(text)).toBe(cleaned);
  });

  it.each(nodeErrorLocationForms.map((f) => [f.id, f] as const))(
    '%s reads its own example, and its noise takes the position out of it',
    (id, form) => {
      expect(findNodeErrorLocation(form.example)?.form).toBe(id);
      expect(findNodeErrorLocation(removeNodeErrorLocations(form.example))).toBeUndefined();
      expect(form.engine).not.toBe('');
    },
  );
});

describe('findNodeErrorLocation', () => {
  it.each<[string, string, NodeErrorLocation | undefined]>([
    ['no position', 'execution timeout', undefined],
    ['a JSON parse error is not a Boa position', 'SyntaxError: expected value at line 1 column 2', undefined],
    [
      'the innermost <eval> frame, not a library frame',
      'execution timeout at parseStringValue (bigInt:1:25261(161)) at step (<eval>:64:31(40))',
      { form: 'goja-frame', line: 64, column: 31, offset: 40 },
    ],
    [
      'the first <eval> frame of several',
      'Error: x at inner (<eval>:1:9(3)) at step (<eval>:1:40(7))',
      { form: 'goja-frame', line: 1, column: 9, offset: 3 },
    ],
    [
      'a frame without a function name',
      'Error: x at <eval>:1:2(0)',
      { form: 'goja-frame', line: 1, column: 2, offset: 0 },
    ],
    // The embedded node's realm and older texts write no bytecode offset.
    [
      'a frame without an offset',
      'Error: x at step (<eval>:3:5)',
      { form: 'goja-frame', line: 3, column: 5 },
    ],
    // Forms are tried in table order: a goja frame wins over a Boa position earlier in the text.
    [
      'the table order decides, not the place in the text',
      'at line 9, col 9: x at step (<eval>:1:5(1))',
      { form: 'goja-frame', line: 1, column: 5, offset: 1 },
    ],
    // Where the three readers disagreed, the reading that accepts more wins (decodeRpcError's for Boa and goja's
    // syntax errors, mapNodeError's for V8; locateTracerError read goja frames only).
    [
      'Boa in any case, with "column"',
      'SyntaxError: unexpected token at Line 3, Column 17',
      { form: 'boa', line: 3, column: 17 },
    ],
    [
      'Boa without "at"',
      'SyntaxError: unexpected token (line 3, col 17)',
      { form: 'boa', line: 3, column: 17 },
    ],
    [
      'goja syntax right after another word',
      'SyntaxError:Line 2:4 x',
      { form: 'goja-syntax', line: 2, column: 4 },
    ],
    ['V8 without a function name', 'Error: x\n    at <anonymous>:2:7', { form: 'v8', line: 2, column: 7 }],
  ])('%s', (_name, text, location) => {
    expect(findNodeErrorLocation(text)).toEqual(location);
  });
});

describe('sentPosition', () => {
  it.each<[[number, number], [number, number]]>([
    [
      [1, 70],
      [1, 69],
    ],
    // column 1 of line 1 is the '(' itself: the tracer's first character
    [
      [1, 1],
      [1, 1],
    ],
    [
      [1, 0],
      [1, 1],
    ],
    [
      [64, 31],
      [64, 31],
    ],
  ])('%j → %j', ([line, column], [sentLine, sentColumn]) => {
    expect(sentPosition({ line, column })).toEqual({ line: sentLine, column: sentColumn });
  });
});

describe('removeNodeErrorLocations', () => {
  it.each([
    ['no position', 'execution timeout', 'execution timeout'],
    ['frames of each goja shape', 'Error: x at <eval>:1:2(0) at step (<eval>:1:5(1))', 'Error: x'],
    [
      'a library frame stays',
      'execution timeout at parseStringValue (bigInt:1:25261(161))',
      'execution timeout at parseStringValue (bigInt:1:25261(161))',
    ],
    ['Boa in capitals', 'TypeError: x at Line 3, Col 17', 'TypeError: x'],
    ['V8 frame without a name', 'Error: x\n    at <anonymous>:2:7', 'Error: x'],
  ])('%s', (_name, text, cleaned) => {
    expect(removeNodeErrorLocations(text)).toBe(cleaned);
  });
});
