import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeNode } from '../../../src/core/rpc/probe/probe.ts';
import { createHttpTransport } from '../../../src/io/transport/createHttpTransport.ts';
import { createProbeSender } from '../../../src/io/transport/createProbeSender.ts';
import { startFaultServer } from '../../helpers/faultServer.ts';
import { freePort } from '../../helpers/freePort.ts';
import { type RunningNode, sendTestTransaction, startGanache, startHardhat } from '../../helpers/nodes.ts';

const probeUrl = (url: string, o: { user?: string; password?: string } = {}) =>
  probeNode(createProbeSender(createHttpTransport({ url, timeoutMs: 20_000, ...o })), {
    nonce: 'probe-test-nonce',
  });

describe('probe against real dev nodes', () => {
  let ganache: RunningNode;
  let hardhat: RunningNode;
  beforeAll(async () => {
    [ganache, hardhat] = await Promise.all([startGanache(), startHardhat()]);
  });
  afterAll(async () => {
    await Promise.all([ganache?.stop(), hardhat?.stop()]);
  });

  it('ganache 7.9.2 ignores tracers (traceCall missing, traceTransaction returns struct logs)', async () => {
    const txHash = await sendTestTransaction(ganache.url);
    const report = await probeUrl(ganache.url);
    expect(report.jsTracing).toBe('ignored');
    expect(report.clientVersion).toBe('Ganache/v7.9.2/EthereumJS TestRPC/v7.9.2/ethereum-js');
    expect(report.clientFamily).toBe('ganache');
    expect(report.latestBlock).toBe('0x1');
    expect(report.summary).toMatch(
      /^debug_traceTransaction answered with an opcode-logger trace \(\{gas, structLogs: \[\d+ steps\]\}\) instead of the canary's nonce/,
    );
    const methods = report.evidence.map((e) => e.request.method);
    expect(methods).toEqual([
      'web3_clientVersion',
      'eth_blockNumber',
      'debug_traceCall',
      'eth_getBlockByNumber',
      'debug_traceTransaction',
      'debug_traceTransaction',
    ]);
    expect(report.evidence[2]).toMatchObject({ kind: 'rpc-error' });
    expect(report.evidence[4].request.params[0]).toBe(txHash);
    expect(report.evidence[5]).toMatchObject({
      kind: 'ok',
      note: 'negative control: a tracer whose result throws must produce an error',
    });
  });

  it('hardhat 2.29.1 does not support JS tracers', async () => {
    const report = await probeUrl(hardhat.url);
    expect(report.jsTracing).toBe('unsupported');
    expect(report.clientFamily).toBe('hardhat');
    expect(report.clientVersion).toMatch(/^HardhatNetwork\/2\.29\.1\//);
    expect(report.summary).toMatch(
      /^The node refuses custom JavaScript tracers: This node does not run custom JavaScript tracers \(-32602 "Hardhat currently only supports the default tracer/,
    );
  });
});

describe('probe against a closed port and the fault server', () => {
  it('a closed port is unreachable', async () => {
    const port = await freePort();
    const report = await probeUrl(`http://127.0.0.1:${port}`);
    expect(report).toMatchObject({
      jsTracing: 'unreachable',
      summary: `Connection refused by 127.0.0.1:${port}: nothing listens there (node down or wrong port)`,
    });
    expect(report.evidence).toHaveLength(1);
  });

  const nodeLike =
    (trace: (tracer: string) => unknown, extra: Record<string, (p: unknown[]) => unknown> = {}) =>
    (method: string, params: unknown[]) => {
      if (extra[method]) return extra[method](params);
      if (method === 'web3_clientVersion') return 'Geth/v1.14.0-stable/linux-amd64/go1.22.1';
      if (method === 'eth_blockNumber') return '0x10';
      if (method === 'debug_traceCall') return trace((params[2] as { tracer: string }).tracer);
      throw { code: -32601, message: `the method ${method} does not exist/is not available` };
    };

  it.each([
    [
      'a node that runs tracers',
      nodeLike((t) => {
        if (t.includes('throw'))
          throw {
            code: -32000,
            message: "Error: x at result (<eval>:1:40(3))    in server-side tracer function 'result'",
          };
        return /n:'([^']*)'/.exec(t)?.[1];
      }),
      'supported',
      'geth',
    ],
    ['a node that answers {}', nodeLike(() => ({})), 'ignored', 'geth'],
    [
      'a node that answers a call frame',
      nodeLike(() => ({ type: 'CALL', from: '0x0', to: '0x1', gas: '0x0', gasUsed: '0x0' })),
      'ignored',
      'geth',
    ],
    [
      'a node that echoes the nonce but accepts a throwing tracer',
      nodeLike((t) => /n:'([^']*)'/.exec(t)?.[1] ?? 'x'),
      'ignored',
      'geth',
    ],
    [
      'a node without debug methods',
      nodeLike(
        () => {
          throw { code: -32601, message: 'the method debug_traceCall does not exist/is not available' };
        },
        { eth_getBlockByNumber: () => ({ transactions: [] }) },
      ),
      'debug-disabled',
      'geth',
    ],
    [
      'an old geth that says tracer not found',
      nodeLike(() => {
        throw { code: -32000, message: 'tracer not found' };
      }),
      'unsupported',
      'geth',
    ],
    [
      'a Besu node',
      nodeLike(
        () => {
          throw { code: -32602, message: "Invalid TracerType: {n:'x'}. Valid values are: ''" };
        },
        { web3_clientVersion: () => 'besu/v24.1.0/linux-x86_64/openjdk-java-17' },
      ),
      'unsupported',
      'besu',
    ],
    [
      'traceCall failing, no transactions to fall back on',
      nodeLike(
        () => {
          throw { code: -32000, message: 'tracing failed: insufficient funds' };
        },
        {
          eth_getBlockByNumber: () => ({ transactions: [] }),
          debug_traceTransaction: () => {
            throw { code: -32000, message: 'transaction not found' };
          },
        },
      ),
      'ambiguous',
      'geth',
    ],
  ])('%s → %s', async (_name, rpc, verdict, family) => {
    const server = await startFaultServer({ rpc });
    try {
      const report = await probeUrl(server.urlFor('rpc'));
      expect(report.jsTracing).toBe(verdict);
      expect(report.clientFamily).toBe(family);
    } finally {
      await server.stop();
    }
  });

  it('HTTP 401 means auth-required; the right credentials get through', async () => {
    const server = await startFaultServer({ auth: { user: 'u', password: 'p' }, rpc: () => 'x' });
    try {
      expect(await probeUrl(server.urlFor('auth'))).toMatchObject({
        jsTracing: 'auth-required',
        summary:
          'HTTP 401: the node wants credentials, or rejected the ones sent: check the user name and password',
      });
      expect((await probeUrl(server.urlFor('auth'), { user: 'u', password: 'p' })).jsTracing).toBe('ignored');
    } finally {
      await server.stop();
    }
  });
});
