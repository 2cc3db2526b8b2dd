import { describe, expect, it } from 'vitest';
import type { Severity } from '../../../src/core/diagnostics.ts';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { analyzeTracer } from '../../../src/core/tracer/analyzeTracer.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { createReporter } from '../../../src/core/tracer/createReporter.ts';
import { extractTracerObject } from '../../../src/core/tracer/extractTracerObject.ts';
import { createTypeInference } from '../../../src/core/tracer/inferType.ts';
import type { LintContext } from '../../../src/core/tracer/lintContext.ts';
import { lintPasses, tracerRules } from '../../../src/core/tracer/tracerRules.ts';
import { inEnterExit, inResult, inSetup, inStep } from './lintHarness.ts';

/** Tracers that trigger each rule (taken from the rule tests), and some that trigger several. */
const corpus: string[] = [
  // form
  'var x = 1; x',
  '({fault: function(log, db) {}, result: function(ctx, db) { return 1; }})',
  '{fault: function(log, db) {}, result: function(ctx, db) { return 1; }};',
  'var tracer = {fault: function(log, db) {}, result: function(ctx, db) { return 1; }}',
  'module.exports = {fault: function(log, db) {}, result: function(ctx, db) { return 1; }}',
  'export default {fault: function(log, db) {}, result: function(ctx, db) { return 1; }}',
  'function t() { return {fault: function(log, db) {}, result: function(ctx, db) { return 1; }}; }',
  // shape
  '{}',
  '{result: 1, fault: 2}',
  '{fault: function(log, db) {}, result: function(ctx, db) { return 1; }, enter: function(frame) {}}',
  '{fault: function(log, db) {}, result: function(ctx, db) { return 1; }, step: 5}',
  '{result: function(a, b, c) {}, fault: function() {}}',
  '{fault: function(log, db) {}, result: function(ctx, db) { return 1; }, result: function(ctx, db) { return 2; }}',
  '{fault: function(log, db) {}, result: function(ctx, db) { return 1; }, get step() { return 1; }}',
  // lint
  inStep('var pc = log.getPc();'),
  inStep('var pc = log.getPc;'),
  inStep('var pc = log.getPC;'),
  inStep('var d = log.getDepth;\nvar x = ctx;'),
  inStep('var g = log.op();'),
  inStep('var h = log.contract.getAddress().toHex();'),
  inStep("if (log.op.toString() === 'SHA3') {}"),
  inEnterExit("if (frame.getType() === 'call') {}"),
  inStep('[1].forEach(function () { this.n = 1; });'),
  '{n: 0, fault: function(log, db) {}, result: function(ctx, db) { return 1; }, step: (log, db) => { this.n++; }}',
  inStep("var b = db.getBalance('0x0000000000000000000000000000000000000001');"),
  '{last: null, fault: function(log, db) {}, result: function(ctx, db) { return 1; }, step: function(log, db) { this.last = log; }}',
  inSetup('var x = config.depth;'),
  inResult('return ctx.from;'),
  inResult('return ctx.value;'),
  inResult('return ctx.error;'),
  inStep('var s = "x";'),
  inStep('console.log(1);'),
  inStep("var x = require('x');"),
  inStep('var v = log.stack.peek(-1);'),
  inStep('var eq = log.stack.peek(0) === log.stack.peek(1);'),
  inStep('var a = toContract2(toAddress(0), log.stack.peek(0), []);'),
  inSetup('var p = isPrecompiled(toAddress(1));'),
  inStep("var b = bigInt('0x10');"),
  inStep('var h = hexlify(log.memory.slice(0, 4));'),
  inStep('counter = 1;'),
];

function emittedSeverities(): Map<string, Set<Severity>> {
  const seen = new Map<string, Set<Severity>>();
  for (const source of corpus)
    for (const d of checkTracer(source).diagnostics) {
      if (!d.ruleId.startsWith('tracer/')) continue;
      if (!seen.has(d.ruleId)) seen.set(d.ruleId, new Set());
      seen.get(d.ruleId)!.add(d.severity);
    }
  return seen;
}

describe('tracerRules', () => {
  it('has unique ids and a summary for each', () => {
    expect(new Set(tracerRules.map((r) => r.id)).size).toBe(tracerRules.length);
    for (const r of tracerRules) expect(r.summary.length).toBeGreaterThan(10);
  });

  it('catalogues every rule that a corpus of tracers triggers, with the severity it reports', () => {
    const catalogue = Object.fromEntries(tracerRules.map((r) => [r.id, r.severity]));
    const emitted = Object.fromEntries(
      [...emittedSeverities()].map(([id, severities]) => [id, [...severities]]),
    );
    // checkTracer reports internal-error only when it throws (a bug), so no tracer triggers it.
    const expected = Object.fromEntries(
      Object.entries(catalogue)
        .filter(([id]) => id !== 'tracer/internal-error')
        .map(([id, severity]) => [id, [severity]]),
    );
    expect(emitted).toEqual(expected);
  });

  it('lets each lint module report only its own rules', () => {
    const owned = lintPasses.flatMap((pass) => pass.rules.map((r) => r.id));
    expect(new Set(owned).size).toBe(owned.length);
    for (const source of corpus) {
      const es5 = checkEs5(source);
      const tracer = extractTracerObject(source, es5).tracer;
      if (!tracer) continue;
      const analysis = analyzeTracer(tracer.object);
      for (const pass of lintPasses) {
        const reported: string[] = [];
        const cx: LintContext = {
          source,
          r: createReporter(source),
          types: createTypeInference(analysis.memberCalls),
          analysis,
          target: 'es5',
          report: (d) => reported.push(d.ruleId),
        };
        for (const visit of analysis.visits) pass.check(visit, cx);
        const own = pass.rules.map((r) => r.id);
        for (const id of reported) expect(own, source).toContain(id);
      }
    }
  });
});
