// Core benchmark: check + flatten per tracer template, and a ~200 KB tracer against a bare acorn.parse; instrumenting
// (the tracer host's guard calls), check and flatten of tracers of many small functions, to show they grow linearly.
// Medians measured in the same run; targets: < 5 ms per template, check+flatten < 5× acorn.parse.
import { parseExpressionAt } from 'acorn';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createPositionMap } from '../src/core/flatten/createPositionMap.ts';
import { flattenTracer } from '../src/core/flatten/flattenTracer.ts';
import { instrumentTracerCodeWithMap } from '../src/evm/host/instrumentTracerCode.ts';
import { generateOneLine } from '../src/core/flatten/generateOneLine.ts';
import { checkTracer } from '../src/core/tracer/checkTracer.ts';

const templateDir = new URL('../tracer-templates/', import.meta.url);

const samples: Record<string, string> = {
  'sample: CALL collector (spec 4.4 rule 5)': `{
  data: [],
  fault: function (log) {},
  step: function (log) { if (log.op.toString() == "CALL") this.data.push(log.stack.peek(0)); },
  result: function () { return this.data; }
}`,
  'sample: SLOAD/SSTORE recorder': `var tracer = {
  retVal: [], afterSload: false,
  // storage reads and writes with the contract address
  byte2Hex: function (b) { return ('0' + (b & 0xff).toString(16)).slice(-2); },
  array2Hex: function (a) { var s = ''; for (var i = 0; i < a.length; i++) s += this.byte2Hex(a[i]); return s; },
  getAddr: function (log) { return this.array2Hex(log.contract.getAddress()); },
  step: function (log, db) {
    if (this.afterSload) { this.retVal.push("Result: " + log.stack.peek(0).toString(16)); this.afterSload = false; }
    if (log.op.toNumber() == 0x54) { this.retVal.push(log.getPC() + ": SLOAD " + this.getAddr(log) + ":" + log.stack.peek(0).toString(16)); this.afterSload = true; }
    if (log.op.toNumber() == 0x55) this.retVal.push(log.getPC() + ": SSTORE " + log.stack.peek(0).toString(16) + " <- " + log.stack.peek(1).toString(16));
  },
  fault: function (log, db) { this.retVal.push("FAULT: " + JSON.stringify(log)); },
  result: function (ctx, db) { return this.retVal; }
};`,
  'sample: gas per step': `{gasUsed: [], step: function(log) { this.gasUsed.push(log.getGas()); }, result: function() { return this.gasUsed; }, fault: function() {}}`,
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function timeMedian(runs: number, fn: () => unknown): number {
  for (let i = 0; i < Math.min(20, runs); i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

function loadTemplates(): Record<string, string> {
  const out: Record<string, string> = {};
  let names: string[] = [];
  try {
    names = readdirSync(templateDir).filter((n) => n.endsWith('.js'));
  } catch {
    // No templates yet: the built-in samples still run.
  }
  for (const n of names.sort()) out[`tracer-templates/${n}`] = readFileSync(new URL(n, templateDir), 'utf8');
  return { ...out, ...samples };
}

/** A ~`bytes` tracer: many helper members with strings, comments and double quotes. */
export function buildLargeTracer(bytes: number): string {
  const parts = [
    '{',
    '  data: [],',
    '  fault: function (log, db) { this.data.push("FAULT: " + log.getError()); },',
  ];
  let size = parts.join('\n').length;
  for (let i = 0; size < bytes; i++) {
    const member = `  // helper ${i}
  h${i}: function (log, db) {
    var top = log.stack.peek(0), op = log.op.toNumber();
    if (op == 0xf1 || op === 0xfa) { this.data.push({ pc: log.getPC(), top: String(top), note: "it's #${i}" }); }
    for (var k = 0; k < 3; k++) { top = top.add(k * ${i}); }
    return /"x${i}"/.test(op) ? 'a\\'b' : [1, 2.5, -3, true, null, "</script>"];
  },`;
    parts.push(member);
    size += member.length + 1;
  }
  parts.push('  result: function (ctx, db) { return this.data; }', '}');
  return parts.join('\n');
}

function row(label: string, ms: number, extra = ''): string {
  return `${label.padEnd(52)} ${ms.toFixed(3).padStart(9)} ms${extra}`;
}

function templateLines(): string[] {
  const lines = ['median of check+flatten (flattenTracer, which runs checkTracer) per tracer, target < 5 ms'];
  const templates = Object.entries(loadTemplates());
  // Warm the JIT on all of them first, so the first template is not measured cold.
  for (let i = 0; i < 60; i++) for (const [, source] of templates) flattenTracer(source, { profile: 'goja' });
  for (const [name, source] of templates) {
    const r = flattenTracer(source, { profile: 'goja' });
    const status = r.ok
      ? `${r.code.length} chars out`
      : 'NOT FLATTENED: ' + r.diagnostics.find((d) => d.severity === 'error')?.message;
    const ms = timeMedian(50, () => flattenTracer(source, { profile: 'goja' }));
    const object = checkTracer(source, { profile: 'goja' }).tracer?.object;
    const printMs = object ? timeMedian(50, () => generateOneLine(object)) : NaN;
    lines.push(
      row(name, ms, `  (${source.length} chars in, ${status}; printing alone ${printMs.toFixed(3)} ms)`),
    );
  }
  return lines;
}

type Column = 'acorn' | 'check' | 'print' | 'total' | 'map';

/** Medians of each step on `source`, measured interleaved so load from other processes hits every step alike. */
function measureSteps(source: string, runs: number): Record<Column, number> {
  const t: Record<Column, number[]> = { acorn: [], check: [], print: [], total: [], map: [] };
  for (let i = 0; i < runs + 2; i++) {
    const time = <T>(into: number[], fn: () => T): T => {
      const t0 = performance.now();
      const out = fn();
      if (i >= 2) into.push(performance.now() - t0);
      return out;
    };
    time(t.acorn, () => parseExpressionAt(source, 0, { ecmaVersion: 5 }));
    const checked = time(t.check, () => checkTracer(source));
    time(t.print, () => generateOneLine(checked.tracer!.object));
    const r = time(t.total, () => flattenTracer(source));
    time(t.map, () => createPositionMap(source, 0, source.length, r.code));
  }
  const out = {} as Record<Column, number>;
  for (const k of Object.keys(t) as Column[]) out[k] = median(t[k]);
  return out;
}

function largeTracerLines(): string[] {
  const big = buildLargeTracer(200_000);
  const result = flattenTracer(big);
  if (!result.ok)
    throw new Error('the generated large tracer does not flatten: ' + result.diagnostics[0]?.message);
  const runs = 15;
  const m = measureSteps(big, runs);
  const x = (ms: number) => `  (${(ms / m.acorn).toFixed(2)}× acorn)`;
  const kb = (n: number) => (n / 1024).toFixed(0);
  return [
    `generated tracer: ${kb(big.length)} KB in, ${kb(result.code.length)} KB out, medians of ${runs} interleaved runs`,
    row('  bare acorn parseExpressionAt (ecmaVersion 5)', m.acorn),
    row('  checkTracer alone', m.check, x(m.check)),
    row('  printing alone (generateOneLine)', m.print, x(m.print)),
    row('  check+flatten (flattenTracer)', m.total, x(m.total) + ', target < 5×'),
    row('  position map (built by flatten, in the above)', m.map),
  ];
}

// The reliability issue's bound: the check answers within 1 s for 1 MB of source (the editor's worker runs it).
function megabyteLines(): string[] {
  const source = buildLargeTracer(1024 * 1024);
  const runs = 5;
  const check: number[] = [];
  const flatten: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    checkTracer(source);
    check.push(performance.now() - t0);
    t0 = performance.now();
    flattenTracer(source);
    flatten.push(performance.now() - t0);
  }
  return [
    `1 MB tracer (${(source.length / 1024).toFixed(0)} KB), medians of ${runs} runs:`,
    row('  checkTracer', median(check), ', target < 1000 ms'),
    row('  check+flatten (flattenTracer)', median(flatten)),
  ];
}

/** A tracer of `n` small functions (`function(){},` is 13 bytes: 80,000 of them make 1 MB), as in issue 22. */
export function buildSmallFunctionsTracer(n: number): string {
  const fns = Array.from({ length: n }, () => 'function(){}').join(',');
  return `{fns: [${fns}],\n  fault: function (log, db) {},\n  result: function (ctx, db) { return this.fns.length; }\n}`;
}

/** Median, fastest and slowest of `rounds` runs of `fn` after one warm-up run. */
function timeSpread(rounds: number, fn: () => unknown): { median: number; min: number; max: number } {
  fn();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return { median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

// Issue 22: instrumenting was quadratic in the number of functions (80,000 took 84 s), so is anything that grows
// faster than the text. The time per function should stay flat from 10,000 to 80,000.
function smallFunctionsLines(): string[] {
  const rounds = 7;
  const lines = [`tracers of many small functions, medians of ${rounds} runs (fastest–slowest)`];
  const spread = (t: { median: number; min: number; max: number }, n: number, bytes: number) =>
    `  (${t.min.toFixed(0)}–${t.max.toFixed(0)} ms, ${((t.median * 1000) / n).toFixed(2)} µs per function, ` +
    `${(bytes / 1024).toFixed(0)} KB)`;
  for (const n of [10_000, 40_000, 80_000]) {
    const source = buildSmallFunctionsTracer(n);
    // As the host does: the tracer wrapped in parentheses.
    const wrapped = '(' + source + '\n)';
    const t = timeSpread(rounds, () => instrumentTracerCodeWithMap(wrapped, '__guard'));
    lines.push(
      row(`  instrument ${n.toLocaleString('en')} functions`, t.median, spread(t, n, source.length)),
    );
  }
  const source = buildSmallFunctionsTracer(80_000);
  const check = timeSpread(rounds, () => checkTracer(source));
  lines.push(row('  checkTracer, 80,000 functions', check.median, spread(check, 80_000, source.length)));
  const flat = timeSpread(rounds, () => flattenTracer(source));
  lines.push(
    row(
      '  check+flatten (flattenTracer), 80,000 functions',
      flat.median,
      spread(flat, 80_000, source.length),
    ),
  );
  return lines;
}

/** Runs the core benchmark and returns printable lines. */
export async function runCoreBench(): Promise<string[]> {
  return [...templateLines(), ...largeTracerLines(), ...megabyteLines(), ...smallFunctionsLines()];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await runCoreBench()) console.log(line);
}
