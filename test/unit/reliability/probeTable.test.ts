import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RpcServer, startRpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import { type JsTracingSupport, probeNode } from '../../../src/core/rpc/probe/probe.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { createHttpTransport } from '../../../src/io/transport/createHttpTransport.ts';
import { createProbeSender } from '../../../src/io/transport/createProbeSender.ts';
import { freePort } from '../../helpers/freePort.ts';
import { type RunningNginx, startNginx } from '../../helpers/nginx.ts';
import { type RunningNode, sendTestTransaction, startGanache, startHardhat } from '../../helpers/nodes.ts';

let ganache: RunningNode;
let hardhat: RunningNode;
let embedded: RpcServer;
let guarded: RunningNginx;
let closedPort: number;

beforeAll(async () => {
  [ganache, hardhat, embedded] = await Promise.all([
    startGanache(),
    startHardhat(),
    createEmbeddedNode().then((node) => startRpcServer(node, '127.0.0.1', 0)),
  ]);
  // ganache's traceTransaction needs a transaction to (not) run the tracer on.
  await sendTestTransaction(ganache.url);
  guarded = await startNginx({
    upstreamPort: ganache.port,
    auth: { user: 'alice', password: 's3cret' },
    cors: true,
  });
  closedPort = await freePort();
});
afterAll(async () => {
  await Promise.all([ganache?.stop(), hardhat?.stop(), embedded?.close(), guarded?.stop()]);
});

// node → expected verdict and a key phrase of the summary the user reads.
const table: Array<[string, () => string, JsTracingSupport, RegExp]> = [
  [
    'ganache 7.9.2 (one tx sent)',
    () => ganache.url,
    'ignored',
    /^debug_traceTransaction answered with an opcode-logger trace .* instead of the canary's nonce: the node ignores custom tracers/,
  ],
  ['hardhat 2.29.1', () => hardhat.url, 'unsupported', /^The node refuses custom JavaScript tracers: /],
  [
    'embedded node behind `serve`',
    () => embedded.url,
    'supported',
    /^The node ran the canary tracer \(debug_traceCall returned its nonce\) and reported the failing tracer as an error: custom JavaScript tracing works$/,
  ],
  [
    'nginx auth_basic, no credentials',
    () => guarded.url,
    'auth-required',
    /^HTTP 401: the node wants credentials, or rejected the ones sent: check the user name and password$/,
  ],
  [
    'a closed port',
    () => `http://127.0.0.1:${closedPort}/`,
    'unreachable',
    /^Connection refused by 127\.0\.0\.1:\d+: nothing listens there \(node down or wrong port\)$/,
  ],
];

describe('probe verdicts against real endpoints', () => {
  it.each(table)('%s → %s', async (_name, url, verdict, summary) => {
    const transport = createHttpTransport({ url: url(), timeoutMs: 20_000 });
    const report = await probeNode(createProbeSender(transport));
    expect(report.jsTracing).toBe(verdict);
    expect(report.summary).toMatch(summary);
  });

  it('the auth-guarded ganache is probed as ignored once the credentials are given', async () => {
    const transport = createHttpTransport({ url: guarded.url, user: 'alice', password: 's3cret' });
    const report = await probeNode(createProbeSender(transport));
    expect(report.jsTracing).toBe('ignored');
    expect(report.clientFamily).toBe('ganache');
  });
});
