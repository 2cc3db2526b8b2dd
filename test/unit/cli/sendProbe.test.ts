import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { type FaultServer, startFaultServer } from '../../helpers/faultServer.ts';
import { freePort } from '../../helpers/freePort.ts';
import { type RunningNode, sendTestTransaction, startGanache, startHardhat } from '../../helpers/nodes.ts';
import { createCaptureIo } from './cliIo.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'cli-send-'));
const tracerFile = join(dir, 'canary.js');
writeFileSync(tracerFile, "{n: 'abc', fault: function(log) {}, result: function() { return this.n; }}\n");

async function cli(argv: string[]) {
  const io = createCaptureIo();
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

let ganache: RunningNode;
let hardhat: RunningNode;
let faults: FaultServer;
let txHash: string;
beforeAll(async () => {
  [ganache, hardhat, faults] = await Promise.all([startGanache(), startHardhat(), startFaultServer()]);
  txHash = await sendTestTransaction(ganache.url);
});
afterAll(async () => {
  await Promise.all([ganache?.stop(), hardhat?.stop(), faults?.stop()]);
});

describe('tracer send', () => {
  it('prints the result as JSON (HTTP and WebSocket)', async () => {
    for (const endpoint of [ganache.url, ganache.wsUrl]) {
      const r = await cli(['send', '--method', 'eth_blockNumber', '--endpoint', endpoint]);
      expect(r).toEqual({ code: 0, out: '"0x1"\n', err: '' });
    }
  });

  it('prints what ganache returns for a traced transaction (struct logs: it ignores the tracer)', async () => {
    const r = await cli([
      'send',
      tracerFile,
      '--method',
      'debug_traceTransaction',
      '--params',
      `["${txHash}"]`,
      '--endpoint',
      ganache.url,
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toHaveProperty('structLogs');
  });

  it('decodes hardhat refusing the tracer and exits 1', async () => {
    const params = JSON.stringify([{ to: '0x000000000000000000000000000000000000dead' }, 'latest']);
    const r = await cli([
      'send',
      tracerFile,
      '--method',
      'debug_traceCall',
      '--params',
      params,
      '--endpoint',
      hardhat.url,
      '--timeout',
      '5s',
    ]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(
      /^tracer send: This node does not run custom JavaScript tracers \(-32602 "Hardhat currently only supports the default tracer/,
    );
  });

  it.each([
    [
      '401',
      'tracer send: HTTP 401: the node wants credentials, or rejected the ones sent: check the user name and password\n',
    ],
    [
      'html-502',
      'tracer send: HTTP 502: the server sent an HTML page ("502 Bad Gateway"), not JSON-RPC: a proxy or gateway error, or the wrong URL\n',
    ],
  ] as const)('reports the %s fault', async (fault, message) => {
    expect(await cli(['send', '--method', 'eth_blockNumber', '--endpoint', faults.urlFor(fault)])).toEqual({
      code: 1,
      out: '',
      err: message,
    });
  });

  it('rejects bad connection options', async () => {
    expect(
      (
        await cli([
          'send',
          '--method',
          'eth_blockNumber',
          '--endpoint',
          ganache.url,
          '--request-timeout',
          '0',
        ])
      ).err,
    ).toBe('tracer send: --request-timeout must be a positive number of seconds\n');
  });
});

describe('tracer probe', () => {
  it('prints a readable report for ganache and exits 1 (not supported)', async () => {
    const r = await cli(['probe', '--endpoint', ganache.url]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /^JS tracing: ignored\nclient: Ganache\/v7\.9\.2\/EthereumJS TestRPC\/v7\.9\.2\/ethereum-js \(ganache\)\nlatest block: 0x1\n/,
    );
    expect(r.out).toContain('\n  3. debug_traceCall → rpc-error: The node does not offer debug_traceCall');
  });

  it('prints JSON for hardhat via the real binary', async () => {
    const err = await run('node', ['bin/tracer.mjs', 'probe', '--endpoint', hardhat.url, '--json'], {
      cwd: root,
    }).catch((e) => e);
    expect(err.code).toBe(1);
    const report = JSON.parse(err.stdout);
    expect(report.jsTracing).toBe('unsupported');
    expect(report.clientFamily).toBe('hardhat');
    expect(report.evidence.length).toBeGreaterThanOrEqual(3);
  });

  it('reports a closed port as unreachable via the real binary', async () => {
    const port = await freePort();
    const err = await run(
      'node',
      ['bin/tracer.mjs', 'probe', '--endpoint', `http://127.0.0.1:${port}`, '--json'],
      { cwd: root },
    ).catch((e) => e);
    expect(err.code).toBe(1);
    const report = JSON.parse(err.stdout);
    expect(report).toMatchObject({ jsTracing: 'unreachable', clientFamily: 'unknown' });
    expect(report).not.toHaveProperty('latestBlock');
  });

  it('reports auth-required for a 401', async () => {
    const r = await cli([
      'probe',
      '--endpoint',
      faults.urlFor('401'),
      '--user',
      'u',
      '--password',
      'p',
      '--json',
    ]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).jsTracing).toBe('auth-required');
  });
});
