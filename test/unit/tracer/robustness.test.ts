import { describe, expect, it } from 'vitest';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { closestName, editDistance } from '../../../src/core/tracer/editDistance.ts';

const hooks = 'fault: function(log, db) {}, result: function(ctx, db) { return 1; }';

function expectWellFormed(source: string): ReturnType<typeof checkTracer> {
  const r = checkTracer(source);
  for (const d of r.diagnostics) {
    expect(typeof d.ruleId).toBe('string');
    expect(d.message.length).toBeGreaterThan(0);
    expect(d.range.start.offset).toBeGreaterThanOrEqual(0);
    expect(d.range.end.offset).toBeGreaterThanOrEqual(d.range.start.offset);
    expect(d.range.end.offset).toBeLessThanOrEqual(source.length);
  }
  const offsets = r.diagnostics.map((d) => d.range.start.offset);
  expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  return r;
}

describe('bad input never crashes', () => {
  it('empty and blank sources give one error and no tracer', () => {
    for (const source of ['', ' ', '\n\n', '/* */', '// x']) {
      const r = expectWellFormed(source);
      expect(r.tracer).toBeNull();
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toHaveLength(1);
    }
  });

  it('10,000 nested parentheses', () => {
    const source = '('.repeat(10000) + `{${hooks}}` + ')'.repeat(10000);
    const r = expectWellFormed(source);
    expect(r.tracer).toBeNull();
    expect(r.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });

  it('10,000 unbalanced brackets and braces', () => {
    expectWellFormed('{'.repeat(10000));
    expectWellFormed('['.repeat(10000) + ']'.repeat(9999));
    expectWellFormed(`{${hooks}, step: function(log) { ${'if (1) {'.repeat(10000)} }}`);
  });

  it('deep but parseable nesting is walked without recursion limits', () => {
    const arrays = `{${hooks}, data: ${'['.repeat(200)}log${']'.repeat(200)}}`;
    expect(expectWellFormed(arrays).tracer?.form).toBe('bare');
    const chain = `{${hooks}, step: function(log) { var x = log.op.toString()${" + 'a'".repeat(2000)}; if (x == 'SLAOD') {} }}`;
    expect(expectWellFormed(chain).tracer?.form).toBe('bare');
    const aliases = Array.from({ length: 3000 }, (_, i) => `var a${i + 1} = a${i};`).join(' ');
    const r = expectWellFormed(
      `{${hooks}, step: function(log) { var a0 = log.stack; ${aliases} a3000.peak(0); a1.peak(0); }}`,
    );
    // The first alias is typed (and misspelt), the 3000th is too far to follow: no crash, no wrong answer.
    expect(r.diagnostics.filter((d) => d.ruleId === 'tracer/unknown-member-call')).toHaveLength(1);
  });

  it('a 1 MB tracer', () => {
    const data = Array.from({ length: 250000 }, (_, i) => i % 10).join(',');
    const body = "if (op == 'SLAOD') { this.n++; }\n".repeat(2000);
    const source = `{${hooks}, data: [${data}], step: function(log, db) {\nvar op = log.op.toString();\n${body}}}`;
    expect(source.length).toBeGreaterThan(500000);
    const big = source + ' '.repeat(Math.max(0, 1048576 - source.length));
    const r = expectWellFormed(big);
    expect(r.tracer?.form).toBe('bare');
    expect(r.diagnostics.filter((d) => d.ruleId === 'tracer/unknown-opcode')).toHaveLength(2000);
  });

  it('a 1 MB string literal and identifier', () => {
    const long = 'x'.repeat(1048576);
    expectWellFormed(
      `{${hooks}, step: function(log) { if (log.op.toString() == '${long}') {} log.${long}; }}`,
    );
  });

  it('binary garbage', () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 50; n++) {
      const chars = Array.from({ length: 1 + Math.floor(random() * 300) }, () =>
        String.fromCharCode(Math.floor(random() * 256)),
      );
      expectWellFormed(chars.join(''));
      expectWellFormed(`{${hooks}, step: function(log) { ${chars.join('')} }}`);
    }
    expectWellFormed('\u0000\u0001\uffff\ufffe{}');
  });

  it('lone surrogates and other odd characters', () => {
    for (const s of [
      '\ud800',
      '\udc00',
      `{${hooks}, a: '\ud800'}`,
      `{${hooks}, '\udfff': 1}`,
      `{${hooks}}\ud83d`,
      `{${hooks}, step: function(log) { log.\u2028op; }}`,
    ]) {
      expectWellFormed(s);
    }
  });

  it('a non-string source', () => {
    const r = checkTracer(undefined as unknown as string);
    expect(r.tracer).toBeNull();
    expect(r.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });
});

describe('editDistance / closestName', () => {
  it.each([
    ['peak', 'peek', 1],
    ['getpc', 'getPC', 2],
    ['SLAOD', 'SLOAD', 1],
    ['', 'abc', 3],
    ['abc', 'abc', 0],
    ['kitten', 'sitting', 3],
  ])('%s → %s = %i', (a, b, d) => expect(editDistance(a, b)).toBe(d));

  it('picks one close candidate, case-insensitively, or none', () => {
    expect(closestName('peak', ['peek', 'length'])).toBe('peek');
    expect(closestName('GETPC', ['getPC', 'getGas'])).toBe('getPC');
    expect(closestName('zzzz', ['peek', 'length'])).toBeUndefined();
    expect(closestName('ab', ['aa', 'bb'])).toBeUndefined();
  });
});
