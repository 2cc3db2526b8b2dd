import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { createCaptureIo } from './cliIo.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const fixture = join(root, '../shared/conformance/geth-tracetest/call_tracer/simple.json');
const dir = mkdtempSync(join(tmpdir(), 'cli-replay-child-'));

function tracerFile(name: string, source: string): string {
  const file = join(dir, name);
  writeFileSync(file, source);
  return file;
}

const hostile: Array<[string, string, string[], string]> = [
  [
    'an array push loop',
    '{fault: function() {}, result: function() { var a = []; for (;;) a.push(new Array(1e6).fill(1)); }}',
    ['--memory-limit', '128', '--timeout', '60s'],
    'tracer exceeded its memory limit\n',
  ],
  [
    'a split bomb',
    "{fault: function() {}, result: function() { return 'x'.repeat(3e8).split('').length; }}",
    [],
    'tracer exceeded its memory limit\n',
  ],
  [
    'an eval busy loop',
    "{fault: function() {}, result: function() { eval('for (;;) {}'); }}",
    ['--timeout', '200ms'],
    'execution timeout\n',
  ],
  [
    'a step that never returns',
    "{fault: function() {}, step: function() { eval('for (;;) {}'); }, result: function() { return 1; }}",
    ['--timeout', '200ms'],
    'execution timeout\n',
  ],
];

describe('tracer replay runs the tracer in a trace process', () => {
  it.each(hostile)('%s: exit 1 with the error, the CLI lives on', async (name, source, extra, message) => {
    const io = createCaptureIo();
    const file = tracerFile(`${name.replace(/\W/g, '-')}.js`, source);
    const t = performance.now();
    expect(await main(['replay', '--fixture', fixture, '--tracer', file, ...extra], io)).toBe(1);
    expect(io.err()).toBe(message);
    expect(io.out()).toBe('');
    expect(performance.now() - t).toBeLessThan(15_000);
    // The same process goes on replaying.
    const next = createCaptureIo();
    const ok = tracerFile('ok.js', '{fault: function() {}, result: function(ctx) { return ctx.type; }}');
    expect(await main(['replay', '--fixture', fixture, '--tracer', ok], next)).toBe(0);
    expect(next.out()).toBe('"CALL"\n');
  });

  it('as a real CLI process, a memory bomb ends with exit 1 and one line', async () => {
    const file = tracerFile('bomb.js', hostile[1][1]);
    const proc = spawn(
      process.execPath,
      ['bin/tracer.mjs', 'replay', '--fixture', fixture, '--tracer', file],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    let out = '';
    proc.stderr!.on('data', (d) => (err += d));
    proc.stdout!.on('data', (d) => (out += d));
    expect(await new Promise((resolve) => proc.on('close', resolve))).toBe(1);
    expect(err).toBe('tracer exceeded its memory limit\n');
    expect(out).toBe('');
  }, 30_000);

  it.each([
    [
      'a result with C1 and DEL characters',
      "{fault: function() {}, result: function() { return 'a\\u009b2J\\u007fb'; }}",
      0,
      '"ab"\n',
      '',
    ],
    [
      'an error text with an escape sequence',
      "{fault: function() {}, result: function() { throw new Error('x\\u001b]0;pwned\\u0007y'); }}",
      1,
      '',
      "Error: xy at result (<eval>:1:46(0))    in server-side tracer function 'result'\n  at FILE:1:51\n",
    ],
  ])('%s is printed without terminal control characters', async (name, source, code, out, err) => {
    const io = createCaptureIo();
    const file = tracerFile(`${name.replace(/\W/g, '-')}.js`, source);
    expect(await main(['replay', '--fixture', fixture, '--tracer', file], io)).toBe(code);
    expect(io.out()).toBe(out);
    expect(io.err()).toBe(err.replace('FILE', file));
  });

  it('--memory-limit out of range is a usage error', async () => {
    const io = createCaptureIo();
    const file = tracerFile('ok.js', '{fault: function() {}, result: function() { return 1; }}');
    expect(await main(['replay', '--fixture', fixture, '--tracer', file, '--memory-limit', '8'], io)).toBe(2);
    expect(io.err()).toBe('tracer replay: --memory-limit must be 64–65536, not "8"\n');
  });
});
