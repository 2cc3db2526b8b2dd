import { describe, expect, it } from 'vitest';
import { gojaMessage } from '../../../src/evm/host/gojaMessage.ts';

// Engine texts (V8 in Node's realm, QuickJS in the browser's) → what goja, geth's engine, says for the same error.
describe('gojaMessage', () => {
  it.each([
    [
      "TypeError: Cannot read properties of undefined (reading 'x')",
      "TypeError: Cannot read property 'x' of undefined",
    ],
    [
      "TypeError: Cannot read properties of null (reading 'op')",
      "TypeError: Cannot read property 'op' of null",
    ],
    ["TypeError: cannot read property 'x' of undefined", "TypeError: Cannot read property 'x' of undefined"],
    ['TypeError: log.op.toNumber is not a function', "TypeError: Object has no member 'toNumber'"],
    ["ReferenceError: 'x' is not defined", 'ReferenceError: x is not defined'],
    ["ReferenceError: '$tmp' is not defined", 'ReferenceError: $tmp is not defined'],
    ['ReferenceError: x is not defined', 'ReferenceError: x is not defined'],
    // QuickJS's own stack check (it fires first where the host thread's stack is large, as in Stryker's workers).
    ['InternalError: stack overflow', 'RangeError: Maximum call stack size exceeded'],
    ['Error: boom', 'Error: boom'],
    ["Error: 'x' is not defined", "Error: 'x' is not defined"],
  ])('%s → %s', (engine, goja) => {
    expect(gojaMessage(engine)).toBe(goja);
  });

  // Only a whole engine message is reworded: a tracer's own message that merely contains one (thrown as
  // `new Error(…)`, or with more text after it) is what goja prints too, unchanged.
  it.each([
    "Error: TypeError: Cannot read properties of undefined (reading 'x')",
    "TypeError: Cannot read properties of undefined (reading 'x') in step",
    "Error: TypeError: cannot read property 'x' of undefined",
    "TypeError: cannot read property 'x' of undefined in step",
    'Error: TypeError: log.op.toNumber is not a function',
    'TypeError: log.op.toNumber is not a function in step',
    "Error: ReferenceError: 'x' is not defined",
    "ReferenceError: 'x' is not defined in step",
    'Error: InternalError: stack overflow',
    'InternalError: stack overflow in step',
  ])('%s stays as it is', (text) => {
    expect(gojaMessage(text)).toBe(text);
  });
});
