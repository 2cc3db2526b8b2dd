import { describe, expect, it } from 'vitest';
import { clipText, elideTracer } from '../../../src/ui/result/shortenNodeText.ts';

const tracer =
  "{step: function(log) { this.n = log.op.toString(); }, fault: function() {}, result: function() { return 'a\"b'; }}";
const stand = `‹the tracer as sent, ${tracer.length} characters›`;

describe('elideTracer', () => {
  it.each([
    ['the plain echo', `bad tracer ${tracer} here`, tracer, `bad tracer ${stand} here`],
    [
      'the JSON-escaped echo (hardhat’s data)',
      `{"tracer":${JSON.stringify(tracer)}}`,
      tracer,
      `{"tracer":"${stand}"}`,
    ],
    ['every echo', `${tracer} / ${tracer}`, tracer, `${stand} / ${stand}`],
    ['no echo', 'TypeError: x is undefined at step', tracer, 'TypeError: x is undefined at step'],
    [
      'a built-in tracer’s name is kept',
      'unknown tracer callTracer',
      'callTracer',
      'unknown tracer callTracer',
    ],
    ['no tracer sent', `x ${tracer}`, undefined, `x ${tracer}`],
  ])('%s', (_name, text, sent, expected) => {
    expect(elideTracer(text, sent)).toBe(expected);
  });
});

describe('clipText', () => {
  it.each([
    ['abc', 3, 'abc'],
    ['abcd', 3, 'abc… (1 more character; Copy details has them all)'],
    ['x'.repeat(5000), 10, `${'x'.repeat(10)}… (4,990 more characters; Copy details has them all)`],
  ])('%s / %d', (text, max, expected) => {
    expect(clipText(text, max)).toBe(expected);
  });
});
