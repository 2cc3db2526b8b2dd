import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';

// Positions of errors raised by host accessors (geth's vm.Interrupt), in both realms. goja names the instruction after
// the accessor's call: the source position its compiler recorded for that instruction (an enclosing call's `(`, a
// property's name, the next argument's first name…), or the call's own `(` when it recorded none (gojaCallPosition.ts).
// The first rows are geth's TestTracer (eth/tracers/js/tracer_test.go, reference §11.4) with geth's exact texts; goja's
// bytecode offset `(N)` is not computed here (src/evm/host/README.md, "Errors, timeout") and reads `(0)`.
const sfx = "    in server-side tracer function 'step'";
const geth = (text: string) => text.replace(/\(\d+\)\) {4}in /, '(0))    in ');
const code = asm('PUSH1 0xff PUSH1 0x00 MSTORE8 STOP');
const inStep = (body: string) =>
  `{step: function(log) { ${body} }, fault: function() {}, result: function() { return 1; }}`;
// The column of the `marker`-th character of `body` inside `inStep(body)`, wrapped in `(` as geth does (1-based).
const col = (body: string, marker: string, nth = 0) => {
  let at = -1;
  for (let k = 0; k <= nth; k++) at = inStep(body).indexOf(marker, at + 1);
  return at + 2;
};

const rows: Array<[string, string, string]> = [
  [
    'geth 0: slice(-1,-2) as push’s argument: push’s (',
    '{depths: [], step: function(log) { this.depths.push(log.memory.slice(-1,-2)); }, fault: function() {}, result: function() { return this.depths; }}',
    geth(`tracer accessed out of bound memory: offset -1, end -2 at step (<eval>:1:53(13))${sfx}`),
  ],
  [
    'geth 1: peek(-1) as push’s argument',
    '{depths: [], step: function(log) { this.depths.push(log.stack.peek(-1)); }, fault: function() {}, result: function() { return this.depths; }}',
    geth(`tracer accessed out of bound stack: size 0, index -1 at step (<eval>:1:53(11))${sfx}`),
  ],
  [
    'geth 2: getUint(-64) as push’s argument',
    '{ depths: [], step: function(log, db) { this.depths.push(log.memory.getUint(-64));}, fault: function() {}, result: function() { return this.depths; }}',
    geth(
      `tracer accessed out of bound memory: available 0, offset -64, size 32 at step (<eval>:1:58(11))${sfx}`,
    ),
  ],
  [
    'geth 15: the padding limit, as push’s argument',
    "{res: [], step: function(log) { if (log.op.toString() === 'STOP') { this.res.push(log.memory.slice(5, 1025 * 1024)) } }, fault: function() {}, result: function() { return this.res }}",
    geth(`reached limit for padding memory slice: 1049568 at step (<eval>:1:83(20))${sfx}`),
  ],
  ...(
    [
      // A statement's pop records nothing: the call's own `(`.
      ['a statement', 'log.stack.peek(-1);', 'peek(', 4],
      ['toHex of a number, a statement', 'toHex(  5 );', 'toHex(', 5],
      // A variable's store records nothing (its name was recorded before the value).
      ['a variable’s value', 'var x = log.stack.peek(-1);', 'peek(', 4],
      // getPropCallee records nothing.
      ['a method called on the value', 'log.stack.peek(-1).toString();', 'peek(', 4],
      // getProp is recorded at the property's name.
      ['a property read on the value', 'var n = log.stack.peek(-1).length;', 'length', 0],
      // A property's setter is recorded at its name, after the value.
      ['assigned to a property', 'this.v = log.stack.peek(-1);', 'v =', 0],
      // A name's setter: nothing after the value.
      ['assigned to a name', 'var v; v = log.stack.peek(-1);', 'peek(', 4],
      // The next argument's first instruction: a name records itself, a literal records nothing.
      ['an argument before a name', 'String(log.stack.peek(-1), log);', 'log);', 0],
      ['an argument before a literal', 'String(log.stack.peek(-1), 1);', 'peek(', 4],
      // A binary operator is recorded at the expression's first token; a right operand is evaluated after the left.
      ['the right operand of +', 'var n = 1 + log.stack.peek(-1);', '1 +', 0],
      ['the left operand of +, a name after it', 'var n = log.stack.peek(-1) + log;', 'log;', 0],
      // || records its jump at the expression's first token.
      ['the left operand of ||', 'var n = log.stack.peek(-1) || 1;', 'log.stack', 0],
      ['the right operand of || inside a call', 'String(0 || log.stack.peek(-1));', 'String(', 6],
      // throw records the statement.
      ['thrown', 'throw log.stack.peek(-1);', 'throw', 0],
      // A condition's jump records nothing.
      ['an if condition', 'if (log.memory.getUint(-1)) {}', 'getUint(', 7],
      // toHex of a string (an invalid buffer) as an argument of another call.
      ['toHex of a string inside a call', "String(toHex('0x00'));", 'String(', 6],
    ] as Array<[string, string, string, number]>
  ).map(([what, body, marker, shift]): [string, string, string] => {
    const message = body.includes('toHex')
      ? 'invalid buffer type'
      : body.includes('getUint')
        ? 'tracer accessed out of bound memory: available 0, offset -1, size 32'
        : 'tracer accessed out of bound stack: size 0, index -1';
    return [what, inStep(body), `${message} at step (<eval>:1:${col(body, marker) + shift}(0))${sfx}`];
  }),
];

describe.each(realms)('realm %s: accessor errors at goja’s positions', (_name, createRealm) => {
  it.each(rows)('%s', async (_what, tracer, message) => {
    const run = await makeRun({ code });
    await expect(traceWithJsTracer(run, { tracer, createRealm })).rejects.toHaveProperty('message', message);
  });
});
