import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { createCaptureIo } from './cliIo.ts';

const dir = mkdtempSync(join(tmpdir(), 'cli-check-'));
const good = join(dir, 'good.js');
writeFileSync(
  good,
  '{\n  data: [], // collected\n  fault: function(log) {},\n  step: function(log) { if (log.op.toString() == "CALL") this.data.push(1); },\n  result: function() { return this.data; }\n}\n',
);
const es6 =
  '{step: function(log) { let x = () => 1; }, result: function() { return 1; }, fault: function() {}}';

async function cli(argv: string[], stdin = '') {
  const io = createCaptureIo(stdin);
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('tracer check', () => {
  it('exits 1 and prints file:line:col severity message [rule] for ES2015 code', async () => {
    const r = await cli(['check', '-'], es6);
    expect(r.code).toBe(1);
    const lines = r.out.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.pop()).toMatch(/^<stdin>: \d+ errors, 1 note \(1 line, ES5\.1\)$/);
    for (const line of lines)
      expect(line).toMatch(/^<stdin>:\d+:\d+ (error|warning|info) .+ \[[a-z0-9-]+\/[a-z0-9-]+\]$/);
    expect(r.out).toMatch(/^<stdin>:1:24 error .*\[es5\/let-const\]$/m);
  });

  const warns =
    '{step: function(log) { process.exit(1); }, result: function() { return 1; }, fault: function() {}}';
  it.each([
    [
      'a clean file',
      ['check', 'tracer-templates/call.js'],
      '',
      0,
      'tracer-templates/call.js: no problems (20 lines, ES5.1)\n',
    ],
    [
      'a note only',
      ['check', good],
      '',
      0,
      /^\S+good\.js:4:50 info .*\n\S+good\.js: no problems, 1 note \(6 lines, ES5\.1\)\n$/,
    ],
    [
      'missing fault',
      ['check', '-'],
      '{result: function() {}}\n',
      1,
      /^<stdin>:1:1 error .*\[tracer\/missing-fault\]\n<stdin>: 1 error \(1 line, ES5\.1\)\n$/,
    ],
    [
      'a clean file, goja profile (the earlier name of the target geth)',
      ['check', 'tracer-templates/call.js', '--profile', 'goja'],
      '',
      0,
      'tracer-templates/call.js: no problems (20 lines, geth (goja))\n',
    ],
    [
      'a clean file, target anvil',
      ['check', 'tracer-templates/call.js', '--target', 'anvil'],
      '',
      0,
      'tracer-templates/call.js: no problems (20 lines, anvil (Boa))\n',
    ],
    [
      'warnings only',
      ['check', '-'],
      warns,
      0,
      /^<stdin>:1:\d+ warning .*\n<stdin>: 1 warning \(1 line, ES5\.1\)\n$/,
    ],
    [
      'ES2015 for the target geth: notes, and one line saying geth runs it',
      ['check', '-', '--target', 'geth'],
      es6,
      0,
      /\n<stdin>:1:32 info geth runs this tracer; es5 nodes do not: 'let' and 'const' declarations \(1\) and arrow functions \(1\) \(2 places\)\. Convert it to ES5 to run it on every node\. \[es5\/target-summary\]\n<stdin>: no problems, 3 notes \(1 line, geth \(goja\)\)\n$/,
    ],
    ['an empty file', ['check', '-'], '', 1, /\n<stdin>: 1 error \(0 lines, ES5\.1\)\n$/],
  ] as const)('ends with a one-line summary: %s', async (_, argv, stdin, code, out) => {
    const r = await cli([...argv], stdin);
    expect(r.err).toBe('');
    expect(r.code).toBe(code);
    if (typeof out === 'string') expect(r.out).toBe(out);
    else expect(r.out).toMatch(out);
  });

  it('prints JSON with --json', async () => {
    const r = await cli(['check', '-', '--json'], es6);
    const parsed = JSON.parse(r.out);
    expect(parsed.file).toBe('<stdin>');
    expect(parsed.target).toBe('es5');
    expect(parsed.diagnostics.some((d: { ruleId: string }) => d.ruleId === 'es5/arrow-function')).toBe(true);
  });

  it.each([
    [['check'], 'tracer check: missing FILE (use - for standard input): tracer check FILE\n'],
    [['check', 'a.js', 'b.js'], 'tracer check: expected one FILE, got 2: a.js b.js\n'],
    [['check', '-', '--profile', 'es6'], 'tracer check: --profile must be strict or goja, not "es6"\n'],
    [
      ['check', '-', '--target', 'es6'],
      'tracer check: --target must be one of es5, geth, reth, anvil, nethermind, not "es6"\n',
    ],
    [
      ['check', '-', '--target', 'geth', '--profile', 'goja'],
      'tracer check: give --target or --profile, not both\n',
    ],
  ])('%j is a usage error', async (argv, message) => {
    expect(await cli(argv)).toEqual({ code: 2, out: '', err: message });
  });
});

describe('tracer flatten', () => {
  it('prints only the one-line tracer and a newline', async () => {
    const r = await cli(['flatten', good]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out.endsWith('\n')).toBe(true);
    const code = r.out.slice(0, -1);
    expect(code).not.toMatch(/[\n"]|\/\//);
    const tracer = new Function(`return (${code});`)();
    expect(Object.keys(tracer)).toEqual(['data', 'fault', 'step', 'result']);
  });

  it('exits 1 with diagnostics on stderr when it cannot flatten', async () => {
    const r = await cli(['flatten', '-'], '{step: function( {}');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^<stdin>:1:\d+ error /);
  });

  // Issue #24 item 5: a refused flatten always ends with the rule ids that stopped it and how to go on.
  const F = 'fault: function () {}';
  const R = 'result: function () { return 1; }';
  const cannot = (target: string) => `tracer flatten: <stdin> cannot be flattened for the target ${target}: `;
  // source, extra arguments, the last line of stderr
  const refusals: [string, string[], string][] = [
    ['{step: function( {}', [], `${cannot('es5')}1 error (es5/syntax-error); fix it`],
    ['', [], `${cannot('es5')}1 error (es5/empty-source); fix it`],
    [`{${F}}`, [], `${cannot('es5')}1 error (tracer/missing-result); fix it`],
    [
      `{${F}, ${R}, step: function (log) { foo(); bar(); }}`,
      ['--target', 'geth'],
      `${cannot('geth')}2 errors (tracer/undeclared-identifier); fix them`,
    ],
    [
      `{${F}, ${R}, step: function (log) { let x = foo; }}`,
      [],
      `${cannot('es5')}2 errors (es5/let-const, tracer/undeclared-identifier); fix them (run tracer convert - for an ES5.1 copy of its ES2015+ syntax)`,
    ],
    [
      `{${F}, ${R}, step: function (log) { let x = 1; const y = () => x; }}`,
      [],
      `${cannot('es5')}2 errors (es5/let-const, es5/arrow-function); only its ES2015+ syntax stops it: run tracer convert - for an ES5.1 copy, or pass --target geth if the node runs it`,
    ],
    [
      `{${F}, result: async function () { return 1; }}`,
      [],
      `${cannot('es5')}1 error (es5/async-await); only its ES2015+ syntax stops it: run tracer convert - for an ES5.1 copy, or pass --target reth if the node runs it`,
    ],
    [
      `{${F}, result: async function () { return 1; }}`,
      ['--target', 'geth'],
      `${cannot('geth')}1 error (es5/async-await); only its ES2015+ syntax stops it: run tracer convert - for an ES5.1 copy`,
    ],
  ];
  it.each(refusals)('%j %j: the last line names the rules', async (source, extra, last) => {
    const r = await cli(['flatten', '-', ...extra], source);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    const lines = r.err.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.pop()).toBe(last);
    expect(lines.every((l) => /^<stdin>:\d+:\d+ (error|warning|info) /.test(l))).toBe(true);
  });
});
