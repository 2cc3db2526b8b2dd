import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import type { CliIo } from '../../../src/cli/cliTypes.ts';

const fixtures = join(import.meta.dirname, '../../../../shared/conformance/geth-tracetest');
const simple = join(fixtures, 'call_tracer/simple.json');

/** An in-process IO: files come from `files` first, then the disk. */
function createIo(files: Record<string, string> = {}) {
  const io = { out: '', err: '' };
  const cli: CliIo = {
    stdout: (t) => (io.out += t),
    stderr: (t) => (io.err += t),
    readInput: async (p) => files[p] ?? readFile(p, 'utf8'),
  };
  return { io, cli };
}

const gasTracer =
  '{fault: function() {}, result: function(ctx) { return {gasUsed: ctx.gasUsed, cfg: this.cfg}; }, setup: function(c) { this.cfg = JSON.parse(c); }}';

describe('tracer replay', () => {
  it('prints the tracer result as JSON', async () => {
    const { io, cli } = createIo({ 't.js': gasTracer });
    const expected = JSON.parse(await readFile(simple, 'utf8')).result.gasUsed;
    expect(await main(['replay', '--fixture', simple, '--tracer', 't.js'], cli)).toBe(0);
    expect(JSON.parse(io.out)).toEqual({ gasUsed: Number(expected), cfg: {} });
    expect(io.err).toBe('');
  });

  it('passes --tracer-config to setup', async () => {
    const { io, cli } = createIo({ 't.js': gasTracer });
    expect(
      await main(['replay', '--fixture', simple, '--tracer', 't.js', '--tracer-config', '{"a":1}'], cli),
    ).toBe(0);
    expect(JSON.parse(io.out).cfg).toEqual({ a: 1 });
  });

  it('runs the built-in prestateTracer by name', async () => {
    const { io, cli } = createIo();
    const file = join(fixtures, 'prestate_tracer/simple.json');
    expect(await main(['replay', '--fixture', file, '--tracer', 'prestateTracer'], cli)).toBe(0);
    expect(JSON.parse(io.out)).toEqual(JSON.parse(await readFile(file, 'utf8')).result);
  });

  it.each([
    [
      'a throwing result()',
      "{fault: function() {}, result: function() { throw new Error('bad'); }}",
      // The file is flattened as send flattens it: geth's column is in the flattened text, the "at" line in the file.
      "Error: bad at result (<eval>:1:46(0))    in server-side tracer function 'result'\n  at t.js:1:51\n",
    ],
    [
      'a missing fault()',
      '{result: function() { return 1; }}',
      // Refused before it runs, as send refuses it (--no-flatten runs it and gets geth's text).
      't.js:1:1 error trace object must expose a function fault(): add fault: function(log, db) {...} [tracer/missing-fault]\n' +
        'the tracer in t.js cannot be flattened for the target es5: 1 error (tracer/missing-fault); fix it (or pass --no-flatten)\n',
    ],
  ])('exits 1 with geth’s text for %s', async (_name, source, message) => {
    const { io, cli } = createIo({ 't.js': source });
    expect(await main(['replay', '--fixture', simple, '--tracer', 't.js', '--timeout', '100ms'], cli)).toBe(
      1,
    );
    expect(io.err).toBe(message);
    expect(io.out).toBe('');
  });

  it.each([
    [['replay', '--tracer', 't.js'], 'tracer replay: missing --fixture\n'],
    [['replay', '--fixture', simple], 'tracer replay: missing --tracer\n'],
    [
      ['replay', '--fixture', simple, '--tracer', 't.js', '--tracer-config', '{'],
      /^tracer replay: --tracer-config is not valid JSON: /,
    ],
    [
      ['replay', '--fixture', 'bad.json', '--tracer', 't.js'],
      /^tracer replay: bad.json: fixture: not valid JSON/,
    ],
    [
      ['replay', '--fixture', '-', '--tracer', '-'],
      'tracer replay: only one of --fixture and --tracer can be -\n',
    ],
  ])('%j → usage error (exit 2)', async (argv, message) => {
    const { io, cli } = createIo({ 't.js': gasTracer, 'bad.json': '{' });
    expect(await main(argv as string[], cli)).toBe(2);
    if (typeof message === 'string') expect(io.err).toBe(message);
    else expect(io.err).toMatch(message);
  });
});
