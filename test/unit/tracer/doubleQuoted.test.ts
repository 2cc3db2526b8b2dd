import { describe, expect, it } from 'vitest';
import { toSingleQuoted } from '../../../src/core/tracer/lintDoubleQuoted.ts';
import { expectInvalid, expectValid, inStep, posOf, single } from './lintHarness.ts';

const rule = 'tracer/double-quoted-string';
const message =
  'Double-quoted strings break hand-written JSON payloads (the tracer travels inside a JSON string): use single quotes';

describe('tracer/double-quoted-string', () => {
  it.each([inStep("var a = 'x', b = 'say \"hi\"', c = /\"/;"), inStep('var n = 1; // "comment"')])(
    'accepts %s',
    (code) => expectValid(code, [rule]),
  );

  const cases: [string, string, string][] = [
    [inStep('var a = "CALL";'), '"CALL"', "var a = 'CALL';"],
    [inStep('var a = "it\'s";'), '"it', "var a = 'it\\'s';"],
    [inStep('var a = "say \\"hi\\"";'), '"say', 'var a = \'say "hi"\';'],
    [inStep('var a = "back\\\\slash\\n";'), '"back', "var a = 'back\\\\slash\\n';"],
    [inStep('var a = "\\\'already\\\'";'), '"\\', "var a = '\\'already\\'';"],
    [inStep('var a = "";'), '""', "var a = '';"],
    [
      '{"result": function() {}, fault: function() {}}',
      '"result"',
      "{'result': function() {}, fault: function() {}}",
    ],
  ];
  it.each(cases)('%s', (code, marker, fixedPart) => {
    const fixed = expectInvalid(code, rule, message, posOf(code, marker));
    expect(fixed).toContain(fixedPart);
  });

  it('is info', () => {
    expect(single(inStep('var a = "x";'), rule).severity).toBe('info');
  });

  it('keeps the string value when re-quoting', () => {
    for (const literal of [
      '"a"',
      '"it\'s"',
      '"\\"q\\""',
      '"\\\\"',
      '"\\u0041\\x41"',
      '"tab\\tend"',
      '"\'\'"',
      '"\\\'"',
    ]) {
      const single = toSingleQuoted(literal.slice(1, -1));
      expect(single.startsWith("'") && single.endsWith("'")).toBe(true);
      expect(new Function(`return ${single};`)()).toBe(new Function(`return ${literal};`)());
    }
  });
});
