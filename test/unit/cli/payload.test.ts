import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { type FaultServer, startFaultServer } from '../../helpers/faultServer.ts';
import { createCaptureIo } from './cliIo.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'cli-payload-'));
const tracer =
  "{data: [], fault: function(log) {}, step: function(log) { if (log.op.toString() == 'CALL') this.data.push(1); }, result: function() { return this.data; }}";
const tracerFile = join(dir, 'tracer.js');
writeFileSync(tracerFile, tracer + '\n');
const hash = '0x' + 'ab'.repeat(32);

async function cli(argv: string[], stdin = '') {
  const io = createCaptureIo(stdin);
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('tracer payload', () => {
  it('prints the compact request with the tracer as sent (--no-flatten)', async () => {
    const r = await cli([
      'payload',
      tracerFile,
      '--no-flatten',
      '--method',
      'debug_traceTransaction',
      '--params',
      `["${hash}"]`,
      '--timeout',
      '10s',
      '--tracer-config',
      '{"a":1}',
    ]);
    expect(r).toEqual({
      code: 0,
      err: '',
      out:
        JSON.stringify({
          jsonrpc: '2.0',
          method: 'debug_traceTransaction',
          params: [hash, { tracer, tracerConfig: { a: 1 }, timeout: '10s' }],
          id: 1,
        }) + '\n',
    });
  });

  it('sends the flattened tracer by default: the same string `tracer flatten` prints', async () => {
    const source =
      '{\n  data: [], // list\n  fault: function(log) {},\n  step: function(log) { if (log.op.toString() == "CALL") this.data.push(1); },\n  result: function() { return this.data; }\n}\n';
    const file = join(dir, 'multiline.js');
    writeFileSync(file, source);
    const flat = await cli(['flatten', file]);
    const r = await cli(['payload', file, '--method', 'debug_traceTransaction', '--params', `["${hash}"]`]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).params[1]).toEqual({ tracer: flat.out.slice(0, -1) });
    expect(flat.out.slice(0, -1)).not.toContain('//');
  });

  it('stops with the diagnostics when the tracer cannot be flattened', async () => {
    const r = await cli(
      ['payload', '-', '--method', 'debug_traceTransaction', '--params', `["${hash}"]`],
      '{step: function( {}',
    );
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(
      /^<stdin>:1:\d+ error [\s\S]*\nthe tracer in <stdin> cannot be flattened for the target es5: 1 error \(es5\/syntax-error\); fix it \(or pass --no-flatten\)\n$/,
    );
  });

  it('reads the tracer from standard input with -', async () => {
    const r = await cli(
      [
        'payload',
        '-',
        '--no-flatten',
        '--method',
        'debug_traceBlockByNumber',
        '--params',
        '["latest"]',
        '--pretty',
        '--id',
        '9',
      ],
      ` ${tracer} `,
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      jsonrpc: '2.0',
      method: 'debug_traceBlockByNumber',
      params: ['latest', { tracer }],
      id: 9,
    });
    expect(r.out).toContain('\n  "params": [');
  });

  it('builds tracer-less and Bitcoin-style requests without FILE', async () => {
    expect((await cli(['payload', '--method', 'eth_blockNumber'])).out).toBe(
      '{"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"id":1}\n',
    );
    expect((await cli(['payload', '--method', 'decoderawtransaction', '--params', '["0200"]'])).out).toBe(
      '{"jsonrpc":"1.0","method":"decoderawtransaction","params":["0200"],"id":"1"}\n',
    );
  });

  it.each([
    [
      [
        'payload',
        tracerFile,
        '--no-flatten',
        '--method',
        'debug_traceTransaction',
        '--params',
        '["0x12"]',
        '--timeout',
        '10',
      ],
      2,
      'tracer payload: invalid request:\n  params[0]: txHash must be 32 bytes (0x + 64 hex digits), got 1 byte\n  options.timeout: timeout: time: missing unit in duration "10" (a bare number needs a unit, e.g. "10s")\n',
    ],
    [
      ['payload', tracerFile, '--method', 'debug_traceTransaction', '--params', '[0x12]'],
      2,
      /^tracer payload: --params is not valid JSON: /,
    ],
    [
      ['payload', tracerFile, '--method', 'debug_traceTransaction', '--params', '{}'],
      2,
      `tracer payload: --params must be a JSON array, e.g. '["0x1b4"]'\n`,
    ],
    [
      ['payload', tracerFile, '--method', 'eth_call'],
      2,
      /^tracer payload: unknown --method "eth_call" \(known: debug_traceCall, /,
    ],
    [['payload', tracerFile], 2, 'tracer payload: missing --method\n'],
    [
      ['payload', '--method', 'debug_traceTransaction', '--params', `["${hash}"]`],
      2,
      'tracer payload: debug_traceTransaction needs the tracer FILE (use - for standard input)\n',
    ],
    [
      ['payload', tracerFile, '--method', 'eth_blockNumber'],
      2,
      'tracer payload: eth_blockNumber takes no tracer: leave out FILE\n',
    ],
    [
      [
        'payload',
        join(dir, 'missing.js'),
        '--no-flatten',
        '--method',
        'debug_traceTransaction',
        '--params',
        `["${hash}"]`,
      ],
      2,
      `tracer payload: no such file: ${join(dir, 'missing.js')}\n`,
    ],
    [
      [
        'payload',
        tracerFile,
        '--method',
        'debug_traceTransaction',
        '--tracer-config',
        '{a}',
        '--params',
        `["${hash}"]`,
        '--no-flatten',
      ],
      2,
      /^tracer payload: --tracer-config is not valid JSON: /,
    ],
    [
      ['payload', tracerFile, '--methd', 'x'],
      2,
      'tracer payload: unknown option --methd; did you mean --method?\n',
    ],
  ])('%j exits %i with a message', async (argv, code, message) => {
    const r = await cli(argv as string[]);
    expect(r.code).toBe(code);
    expect(r.out).toBe('');
    if (typeof message === 'string') expect(r.err).toBe(message);
    else expect(r.err).toMatch(message);
  });
});

describe('tracer curl', () => {
  let server: FaultServer;
  beforeAll(async () => {
    server = await startFaultServer();
  });
  afterAll(() => server.stop());

  it('prints a command that a real curl runs, sending exactly the payload', async () => {
    const argv = ['--no-flatten', '--method', 'debug_traceTransaction', '--params', `["${hash}"]`];
    const p = await cli(['payload', tracerFile, ...argv]);
    const c = await cli([
      'curl',
      tracerFile,
      ...argv,
      '--endpoint',
      server.urlFor('echo'),
      '--user',
      'bob',
      '--password',
      "o'k",
      '--include-credentials',
    ]);
    expect(c.code).toBe(0);
    const { stdout } = await run('bash', ['-c', c.out]);
    const echoed = JSON.parse(stdout).result;
    expect(echoed.body + '\n').toBe(p.out);
    expect(echoed.authorization).toBe('Basic ' + Buffer.from("bob:o'k").toString('base64'));
  });

  it('uses placeholders for credentials and masks the endpoint by default', async () => {
    const c = await cli([
      'curl',
      '--method',
      'eth_blockNumber',
      '--endpoint',
      'https://h.example/v2/AbCdEfGh12345678',
      '--user',
      'bob',
      '--password',
      'secret',
    ]);
    expect(c.out).toBe(
      `curl -sS -X POST 'https://h.example/v2/••••' \\\n  -H 'Content-Type: application/json' \\\n  -u '<USERNAME>:<PASSWORD>' \\\n  --data-raw '{"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"id":1}'\n`,
    );
  });

  it.each([
    [['curl', '--method', 'eth_blockNumber'], 'tracer curl: missing --endpoint\n'],
    [
      ['curl', '--method', 'eth_blockNumber', '--endpoint', 'localhost:8545'],
      'tracer curl: endpoint "localhost:8545" has no scheme: write http://localhost:8545 (or https://, ws://, wss://)\n',
    ],
    [
      ['curl', '--method', 'eth_blockNumber', '--endpoint', 'wss://h.example/ws'],
      'tracer curl: curl needs an http:// or https:// endpoint\n',
    ],
    [
      ['curl', '--method', 'eth_blockNumber', '--endpoint', 'https://h.example/', '--password', 'x'],
      'tracer curl: --password needs --user\n',
    ],
  ])('%j fails clearly', async (argv, message) => {
    expect(await cli(argv)).toEqual({ code: 2, out: '', err: message });
  });
});

describe('the real tracer binary', () => {
  it('prints a payload from stdin', async () => {
    const child = execFile(
      'node',
      [
        'bin/tracer.mjs',
        'payload',
        '-',
        '--no-flatten',
        '--method',
        'debug_traceTransaction',
        '--params',
        `["${hash}"]`,
      ],
      { cwd: join(__dirname, '../../..') },
    );
    child.stdin?.end(tracer);
    const out = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout?.on('data', (d) => (text += d));
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}`))));
    });
    expect(JSON.parse(out).params).toEqual([hash, { tracer }]);
  });

  it('exits 2 with a message for a usage error', async () => {
    const err = await run('node', ['bin/tracer.mjs', 'curl', '--method', 'eth_blockNumber'], {
      cwd: join(__dirname, '../../..'),
    }).catch((e) => e);
    expect(err.code).toBe(2);
    expect(err.stderr).toBe('tracer curl: missing --endpoint\n');
  });
});
