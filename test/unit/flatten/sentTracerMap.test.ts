import { describe, expect, it } from 'vitest';
import { locateTracerError } from '../../../src/cli/locateTracerError.ts';
import { flattenTracer, flatTracerOf } from '../../../src/core/flatten/flattenTracer.ts';
import { mapSentTracerError } from '../../../src/core/flatten/mapNodeError.ts';

// The page gets the flattened tracer from a worker and keeps it with the request and its History entry: its position
// map must survive structured cloning and place a node's error where the CLI (which never clones it) places it.
const source = [
  '// counts opcodes',
  'var tracer = {',
  '  counts: {},',
  '  step: function (log, db) {',
  '    var op = log.op.toString();',
  '    this.counts[op] = (this.counts[op] || 0) + log.stack.peek(99);',
  '  },',
  '  fault: function (log, db) {},',
  '  result: function (ctx, db) { return this.counts; }',
  '};',
].join('\n');
const flat = flattenTracer(source);
const sent = flatTracerOf(flat, source)!;
// What the node reports: goja's column counts the '(' it wraps the code in.
const col = (needle: string) => sent.code.indexOf(needle) + 2;

describe('the sent tracer map across structuredClone', () => {
  it.each([
    [
      'goja frame',
      `tracer accessed out of bound stack at step (<eval>:1:${col('log.stack')}(40))`,
      'f.js:6:48',
    ],
    ['goja syntax', `SyntaxError: (anonymous): Line 1:${col('log.op')} Unexpected`, 'f.js:5:14'],
    ['Boa', `TypeError: not a callable function at line 1, col ${col('this.counts;')}`, 'f.js:9:39'],
    ['V8', `TypeError: x\n    at step (<anonymous>:1:${col('log.op')})`, 'f.js:5:14'],
    ['a named function, no position', "RangeError: x    in server-side tracer function 'result'", 'f.js:9:3'],
    ['no position', 'Error: boom', undefined],
  ])('%s: the clone maps as the CLI does', (_name, text, expected) => {
    const clone = structuredClone(sent);
    expect(clone).toEqual(sent);
    const mapped = mapSentTracerError(text, clone);
    const page = mapped ? `f.js:${mapped.range.start.line}:${mapped.range.start.column}` : undefined;
    const cli = locateTracerError(text, 'f.js', { kind: 'flattened', source, flat });
    expect([page, cli]).toEqual([expected, expected]);
  });

  it('is plain data: JSON keeps it whole', () => {
    expect(JSON.parse(JSON.stringify(sent))).toEqual(sent);
  });
});
