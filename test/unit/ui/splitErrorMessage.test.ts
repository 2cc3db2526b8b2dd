import { describe, expect, it } from 'vitest';
import { splitErrorMessage } from '../../../src/ui/result/splitErrorMessage.ts';

const stack =
  "tracer accessed out of bound stack: size 0, index 99 at step (<eval>:1:48(0))    in server-side tracer function 'step'";

describe('splitErrorMessage', () => {
  it.each([
    [
      `The tracer threw an error while running (-32000 "${stack}") in function 'step'`,
      stack,
      "The tracer threw an error while running in function 'step'",
      [`-32000 "${stack}"`],
    ],
    [
      'The tracer ran out of time (-32000 "execution timeout"): pass a longer timeout such as "30s", trace less, or do less work per step',
      'execution timeout',
      'The tracer ran out of time: pass a longer timeout such as "30s", trace less, or do less work per step',
      ['-32000 "execution timeout"'],
    ],
    [
      'The node returned an error: -32601 "the method debug_traceCall does not exist/is not available"',
      'the method debug_traceCall does not exist/is not available',
      'The node returned an error: -32601 "the method debug_traceCall does not exist/is not available"',
      [],
    ],
    // Hardhat's error data echoes the request, tracer included: it goes with the details.
    [
      'This node does not run custom JavaScript tracers (-32602 "Hardhat currently only supports the default tracer, so no tracer parameter should be passed. at line 1 column 296"); data: {"message":"Hardhat (…)","data":{"params":["0x3a",{"tracer":"{step: function(log) { f(1); }}"}]}}',
      'Hardhat currently only supports the default tracer, so no tracer parameter should be passed. at line 1 column 296',
      'This node does not run custom JavaScript tracers',
      [
        '-32602 "Hardhat currently only supports the default tracer, so no tracer parameter should be passed. at line 1 column 296"',
        'data: {"message":"Hardhat (…)","data":{"params":["0x3a",{"tracer":"{step: function(log) { f(1); }}"}]}}',
      ],
    ],
    [
      `The tracer threw an error while running (-32000 "${stack}"); data: "(x) in function 'y'" in function 'step'`,
      stack,
      "The tracer threw an error while running in function 'step'",
      [`-32000 "${stack}"`, `data: "(x) in function 'y'"`],
    ],
    ['HTTP 401: the node wants credentials', undefined, 'HTTP 401: the node wants credentials', []],
    ['Cancelled', undefined, 'Cancelled', []],
  ])('%s', (message, nodeText, headline, quoted) => {
    expect(splitErrorMessage(message, nodeText)).toEqual({ headline, quoted });
  });
});
