import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { locateTracerError } from '../../../src/cli/locateTracerError.ts';
import { main } from '../../../src/cli/main.ts';
import { startRpcServer, type RpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import { createVmRealm } from '../../../src/evm/host/realm/createVmRealm.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { fixtureFiles, fixturesRoot } from '../conformance/runFixtureFolder.ts';
import { createCaptureIo } from './cliIo.ts';

// The CLI points a node's tracer error at the user's file, like the editor does.
const source = `// a tracer that fails in result
{
  fault: function (log) {},
  result: function (ctx) {
    var frame = undefined; return frame.depth;
  }
}
`;
const dir = mkdtempSync(join(tmpdir(), 'cli-locate-'));
const file = join(dir, 'failing.js');
const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
writeFileSync(file, source);

describe('locateTracerError', () => {
  const flat = flattenTracer(source);
  const code = source.trim();
  it.each([
    ['no position', "Error: boom    in server-side tracer function 'step'", undefined, undefined],
    [
      'a flattened tracer (goja position on the one line)',
      `TypeError: x at step (<eval>:1:${flat.code.indexOf('frame.depth') + 2}(0))`,
      'flattened',
      'f.js:5:',
    ],
    [
      'verbatim text: the lines of the file',
      'TypeError: x at result (<eval>:5:35(0))',
      'verbatim',
      'f.js:5:35',
    ],
    [
      'verbatim text, line 1 counts the added parenthesis',
      'Error: x at <eval>:1:2(0)',
      'verbatim',
      'f.js:1:1',
    ],
    ['a position past the text', 'Error: x at <eval>:99:1(0)', 'verbatim', undefined],
    // Text sent as it is now reads every form of nodeErrorLocationForms (it read goja frames only), and column 1 of
    // line 1 (the node's '(') is the first character, as the flattened mapping has it (it gave no position).
    ['verbatim text, a goja syntax error', 'SyntaxError: (anonymous): Line 5:35 x', 'verbatim', 'f.js:5:35'],
    ['verbatim text, Boa', 'TypeError: x at line 5, col 35', 'verbatim', 'f.js:5:35'],
    ['verbatim text, V8', 'TypeError: x\n    at result (<anonymous>:5:35)', 'verbatim', 'f.js:5:35'],
    ['verbatim text, the parenthesis itself', 'Error: x at <eval>:1:1(0)', 'verbatim', 'f.js:1:1'],
    ['verbatim text, column 0', 'Error: x at <eval>:3:0(0)', 'verbatim', undefined],
  ])('%s', (_name, text, kind, expected) => {
    const origin =
      kind === 'flattened'
        ? ({ kind: 'flattened', source, flat } as const)
        : ({ kind: 'verbatim', source, code } as const);
    const at = locateTracerError(text, 'f.js', origin);
    if (expected === undefined) expect(at).toBeUndefined();
    else expect(at?.startsWith(expected)).toBe(true);
  });
});

let server: RpcServer;
beforeAll(async () => {
  server = await startRpcServer(await createEmbeddedNode({ createRealm: createVmRealm }), '127.0.0.1', 0);
});
afterAll(async () => {
  await server?.close();
});

describe('tracer send and replay name the failing line of the file', () => {
  it('send (flattened)', async () => {
    const io = createCaptureIo();
    const code = await main(
      [
        'send',
        file,
        '--method',
        'debug_traceCall',
        '--params',
        '[{"to":"0x0000000000000000000000000000000000000001"},"latest"]',
        '--endpoint',
        server.url,
      ],
      io,
    );
    expect(code).toBe(1);
    expect(io.err()).toContain("Cannot read property 'depth' of undefined");
    expect(io.err()).toMatch(new RegExp(`\\n  at ${escaped}:5:\\d+\\n`));
  });

  it('replay (the file as it is)', async () => {
    const io = createCaptureIo();
    const fixture = join(fixturesRoot, 'call_tracer', fixtureFiles('call_tracer')[0]);
    const code = await main(['replay', '--fixture', fixture, '--tracer', file], io);
    expect(code).toBe(1);
    expect(io.err()).toContain("Cannot read property 'depth' of undefined");
    expect(io.err()).toMatch(new RegExp(`\\n  at ${escaped}:5:\\d+\\n`));
  });
});
