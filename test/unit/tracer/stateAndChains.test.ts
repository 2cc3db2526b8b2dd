import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { inEnterExit, inStep } from './lintHarness.ts';

// Issue #12 item 4: bytes reaching result()'s return through this.* state are found; CREATE2/SUICIDE/SHA3 hints
// are silent when the same switch or comparison chain already handles the name they would suggest.

const show = (source: string, rule: string) =>
  checkTracer(source)
    .diagnostics.filter((d) => d.ruleId === rule)
    .map((d) => `${d.range.start.line}:${d.range.start.column} ${d.message}`);

const kept = (name: string, line: number) =>
  `This byte array is kept in this.${name}, which result() returns (line ${line}): geth encodes it as {"0":…,"1":…}; store toHex(…) instead`;

describe('bytes kept in this.* and returned by result()', () => {
  const rows: [string, string[], string | null][] = [
    [
      '{addr: null, fault: function(log, db) {},\nstep: function(log, db) { this.addr = log.contract.getAddress(); },\nresult: function(ctx, db) { return this.addr; }}',
      [`2:39 ${kept('addr', 3)}`],
      '{addr: null, fault: function(log, db) {},\nstep: function(log, db) { this.addr = toHex(log.contract.getAddress()); },\nresult: function(ctx, db) { return this.addr; }}',
    ],
    [
      '{calls: [], fault: function(log, db) {},\nenter: function(frame) { this.calls.push({to: frame.getTo(), type: frame.getType()}); },\nexit: function(res) {},\nresult: function(ctx, db) { return {calls: this.calls}; }}',
      [`2:47 ${kept('calls', 4)}`],
      '{calls: [], fault: function(log, db) {},\nenter: function(frame) { this.calls.push({to: toHex(frame.getTo()), type: frame.getType()}); },\nexit: function(res) {},\nresult: function(ctx, db) { return {calls: this.calls}; }}',
    ],
    [
      '{seen: {}, fault: function(log, db) {},\nstep: function(log, db) { this.seen[log.getPC()] = log.memory.slice(0, 32); },\nresult: function(ctx, db) { return [this.seen]; }}',
      [`2:52 ${kept('seen', 3)}`],
      '{seen: {}, fault: function(log, db) {},\nstep: function(log, db) { this.seen[log.getPC()] = toHex(log.memory.slice(0, 32)); },\nresult: function(ctx, db) { return [this.seen]; }}',
    ],
    // Stored as hex, or never returned: nothing to say.
    [
      '{addr: null, fault: function(log, db) {},\nstep: function(log, db) { this.addr = toHex(log.contract.getAddress()); },\nresult: function(ctx, db) { return this.addr; }}',
      [],
      null,
    ],
    [
      '{addr: null, fault: function(log, db) {},\nstep: function(log, db) { this.addr = log.contract.getAddress(); },\nresult: function(ctx, db) { return 1; }}',
      [],
      null,
    ],
  ];
  it.each(rows)('%s', (source, expected, fixed) => {
    expect(show(source, 'tracer/result-returns-bytes')).toEqual(expected);
    const fix = checkTracer(source).diagnostics.find((d) => d.ruleId === 'tracer/result-returns-bytes')?.fix;
    expect(fix ? applyEdits(source, fix.edits) : null).toBe(fixed);
    if (fixed) expect(show(fixed, 'tracer/result-returns-bytes')).toEqual([]);
  });
});

describe('renamed opcode and call-type hints in a chain that handles the modern name', () => {
  const suicide = "geth names this opcode 'SELFDESTRUCT', not 'SUICIDE', so this comparison is never true";
  const sha3 = "geth names this opcode 'KECCAK256', not 'SHA3', so this comparison is never true";
  const create2 = "ctx.type is never 'CREATE2' (it is one of CALL, CREATE); did you mean 'CREATE'?";
  const rows: [string, string, string[]][] = [
    [
      inStep("var op = log.op.toString();\nif (op == 'SELFDESTRUCT' || op == 'SUICIDE') {}"),
      'tracer/unknown-opcode',
      [],
    ],
    [
      inStep("var op = log.op.toString();\nif (op == 'SUICIDE') {}"),
      'tracer/unknown-opcode',
      [`5:11 ${suicide}`],
    ],
    [
      inStep("var op = log.op.toString();\nif (op === 'SHA3' || op === 'SLOAD') {}"),
      'tracer/unknown-opcode',
      [`5:12 ${sha3}`],
    ],
    [
      inStep("switch (log.op.toString()) { case 'SHA3': case 'KECCAK256': break; }"),
      'tracer/unknown-opcode',
      [],
    ],
    [inStep("switch (log.op.toString()) { case 'SHA3': break; }"), 'tracer/unknown-opcode', [`4:35 ${sha3}`]],
    [
      inStep("if (['SUICIDE', 'SELFDESTRUCT'].indexOf(log.op.toString()) >= 0) {}"),
      'tracer/unknown-opcode',
      [],
    ],
    [
      "{fault: function(log, db) {},\nresult: function(ctx, db) { return ctx.type === 'CREATE' || ctx.type === 'CREATE2'; }}",
      'tracer/unknown-call-type',
      [],
    ],
    [
      "{fault: function(log, db) {},\nresult: function(ctx, db) { return ctx.type === 'CREATE2'; }}",
      'tracer/unknown-call-type',
      [`2:49 ${create2}`],
    ],
    // frame.getType() has CREATE2: nothing to say either way.
    [
      inEnterExit("if (frame.getType() === 'CREATE' || frame.getType() === 'CREATE2') {}"),
      'tracer/unknown-call-type',
      [],
    ],
  ];
  it.each(rows)('%s', (source, rule, expected) => {
    expect(show(source, rule)).toEqual(expected);
  });
});
