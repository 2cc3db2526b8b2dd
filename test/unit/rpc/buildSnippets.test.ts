import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEthersSnippet, buildFetchSnippet } from '../../../src/core/rpc/buildSnippets.ts';
import { buildPayload } from '../../../src/core/rpc/methods.ts';
import { serializeRequest } from '../../../src/core/rpc/jsonRpc.ts';
import { type FaultServer, startFaultServer } from '../../helpers/faultServer.ts';

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => (...a: unknown[]) => Promise<void>;
const tracer = "{n: 'it\\'s \"q\" \\u2028', fault: function() {}, result: function() { return this.n; }}";

function payload() {
  const built = buildPayload('debug_traceTransaction', ['0x' + 'ab'.repeat(32)], {
    tracer,
    tracerConfig: { x: 1 },
  });
  if (!built.ok) throw new Error('payload');
  return built;
}

describe('buildFetchSnippet', () => {
  let server: FaultServer;
  beforeAll(async () => {
    server = await startFaultServer();
  });
  afterAll(() => server.stop());

  it('runs and sends exactly the request with the credentials', async () => {
    const built = payload();
    const r = buildFetchSnippet({
      url: server.urlFor('echo'),
      request: built.request,
      contentType: built.contentType,
      user: 'u',
      password: 'p:w',
      includeCredentials: true,
    });
    if (!r.ok) throw new Error(r.message);
    const logged: string[] = [];
    await new AsyncFunction('console', r.value)({ log: (t: string) => logged.push(t) });
    const echoed = JSON.parse(logged[0]);
    expect(JSON.parse(echoed.body)).toEqual(built.request);
    expect(echoed.body).toBe(serializeRequest(built.request));
    expect(echoed.authorization).toBe('Basic ' + Buffer.from('u:p:w').toString('base64'));
    expect(echoed.contentType).toBe('application/json');
  });

  it('throws the JSON-RPC error when the node answers with one', async () => {
    const built = payload();
    const r = buildFetchSnippet({
      url: server.urlFor('error-data'),
      request: built.request,
      contentType: built.contentType,
    });
    if (!r.ok) throw new Error(r.message);
    await expect(new AsyncFunction('console', r.value)({ log: () => {} })).rejects.toThrow(
      '-32603 Internal error',
    );
  });

  it('uses placeholders and masks the endpoint by default', () => {
    const built = payload();
    const r = buildFetchSnippet({
      url: 'https://h.example/v2/AbCdEfGh12345678',
      request: built.request,
      contentType: built.contentType,
      user: 'u',
      password: 'secret',
    });
    expect(r.ok && r.value).toContain(`fetch("https://h.example/v2/••••"`);
    expect(r.ok && r.value).toContain(`btoa("<USERNAME>:<PASSWORD>")`);
    expect(r.ok && r.value).not.toContain('secret');
  });

  it('refuses ws endpoints', () => {
    const built = payload();
    expect(
      buildFetchSnippet({
        url: 'wss://h.example/ws',
        request: built.request,
        contentType: built.contentType,
      }),
    ).toEqual({
      ok: false,
      message: 'fetch cannot talk to a ws:// or wss:// endpoint: use the https:// one',
    });
  });
});

describe('buildEthersSnippet', () => {
  it('calls provider.send with the method and params (parsable JavaScript)', () => {
    const built = payload();
    const r = buildEthersSnippet({
      url: 'http://127.0.0.1:8545',
      request: built.request,
      contentType: built.contentType,
      user: 'u',
      password: 'p',
      includeCredentials: true,
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.value).toContain(`import { FetchRequest, JsonRpcProvider } from 'ethers';`);
    expect(r.value).toContain(`request.setCredentials("u", "p");`);
    expect(r.value).toContain(`request.allowInsecureAuthentication = true;`);
    const send = r.value.slice(r.value.indexOf('provider.send('));
    const args = send.slice('provider.send('.length, send.indexOf(');\n'));
    expect(JSON.parse(`[${args}]`)).toEqual([built.request.method, built.request.params]);
    // The module body (minus the import) must be valid JavaScript.
    expect(() => new AsyncFunction(r.value.replace(/^import .*$/m, ''))).not.toThrow();
  });

  it('uses WebSocketProvider for ws endpoints and refuses Bitcoin-style calls', () => {
    const built = payload();
    const ws = buildEthersSnippet({
      url: 'ws://127.0.0.1:8545',
      request: built.request,
      contentType: built.contentType,
    });
    expect(ws.ok && ws.value).toContain('new WebSocketProvider("ws://127.0.0.1:8545")');
    const btc = buildPayload('decoderawtransaction', ['00']);
    if (!btc.ok) throw new Error('payload');
    expect(
      buildEthersSnippet({ url: 'http://127.0.0.1:8332', request: btc.request, contentType: btc.contentType })
        .ok,
    ).toBe(false);
  });
});
