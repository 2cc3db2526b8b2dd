import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { demoTxHash } from '../../../src/cli/commandSpecs.ts';
import { createCaptureIo } from './cliIo.ts';

// Issue #12 items 1-2: `tracer convert`, `--target`, and the one line check/flatten/send print when the ES5.1 check
// fails only on syntax other targets run.

const dir = mkdtempSync(join(tmpdir(), 'cli-convert-'));
const letHeavy = join(dir, 'let-heavy.js');
writeFileSync(
  letHeavy,
  "let tracer = {\n  n: 0,\n  step(log) { const op = log.op.toString(); if (op === 'SLOAD') this.n++; },\n  fault() {},\n  result() { return { n: this.n }; },\n};\n",
);
const asyncFile = join(dir, 'async.js');
writeFileSync(asyncFile, '{fault: function () {}, result: async function () { return 1; }}\n');

async function cli(argv: string[], stdin = '') {
  const io = createCaptureIo(stdin);
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('tracer convert', () => {
  it('prints the ES5.1 tracer and says what it converted (exit 0)', async () => {
    const r = await cli(['convert', letHeavy]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      "{\n  n: 0,\n  step: function (log) { var op = log.op.toString(); if (op === 'SLOAD')\n      this.n++; },\n  fault: function () { },\n  result: function () { return { n: this.n }; },\n}\n",
    );
    expect(r.err).toBe(
      `${letHeavy}: converted the 'var|let|const NAME = …' wrapper, shorthand methods (3), 'let' and 'const' declarations (1)\n`,
    );
    expect((await cli(['check', '-'], r.out)).code).toBe(0);
  });

  it('lists what it could not convert (exit 1)', async () => {
    const r = await cli(['convert', asyncFile]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('{fault: function () {}, result: async function () { return 1; }}\n');
    expect(r.err).toBe(
      `${asyncFile}: note: line 1: left as written: async functions and await: tracer hooks run synchronously; remove async/await\n` +
        `${asyncFile}:1:33 not converted: 'async' function is ES2017 syntax, not ES5.1: tracer hooks run synchronously: remove async/await. reth, anvil and nethermind run this; es5 nodes do not.\n` +
        `${asyncFile}: 1 thing not converted (positions are in the printed tracer)\n`,
    );
  });

  it('reads standard input and refuses another target', async () => {
    expect((await cli(['convert', '-'], '{fault: function () {}, result: () => 1}')).out).toBe(
      '{fault: function () {}, result: function () { return 1; }}\n',
    );
    expect(await cli(['convert', '-', '--target', 'geth'])).toEqual({
      code: 2,
      out: '',
      err: 'tracer convert: --target must be es5 (the only target to convert to), not "geth"\n',
    });
  });
});

describe('--target and the one line about targets', () => {
  const summary =
    "The ES5.1 check fails only on syntax geth, reth, anvil and nethermind run: shorthand methods (3) and 'let' and 'const' declarations (1) (4 places). Convert the tracer to ES5 for every node, or choose the target geth.";

  it('check: the es5 errors, then the summary line', async () => {
    const r = await cli(['check', letHeavy]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => l.includes('[es5/target-summary]'))).toEqual([
      `${letHeavy}:5:3 info ${summary} [es5/target-summary]`,
    ]);
    expect(r.out).toMatch(/\n\S+let-heavy\.js: 2 errors, 1 note \(6 lines, ES5\.1\)\n$/);
    expect((await cli(['check', letHeavy, '--target', 'geth'])).code).toBe(0);
  });

  it('flatten and send: the same line, and what to do', async () => {
    const hint = `2 errors (es5/shorthand-method, es5/let-const); only its ES2015+ syntax stops it: run tracer convert ${letHeavy} for an ES5.1 copy, or pass --target geth if the node runs it`;
    const flat = await cli(['flatten', letHeavy]);
    expect(flat.code).toBe(1);
    expect(flat.err).toContain(`${summary} [es5/target-summary]\n`);
    expect(
      flat.err.endsWith(`tracer flatten: ${letHeavy} cannot be flattened for the target es5: ${hint}\n`),
    ).toBe(true);
    const send = await cli([
      'send',
      letHeavy,
      '--method',
      'debug_traceTransaction',
      '--params',
      `["${demoTxHash}"]`,
      '--endpoint',
      'http://127.0.0.1:9',
    ]);
    expect(send.code).toBe(1);
    expect(
      send.err.endsWith(
        `the tracer in ${letHeavy} cannot be flattened for the target es5: ${hint} (or pass --no-flatten)\n`,
      ),
    ).toBe(true);
    const geth = await cli(['flatten', letHeavy, '--target', 'geth']);
    expect(geth).toMatchObject({ code: 0, err: '' });
  });
});
