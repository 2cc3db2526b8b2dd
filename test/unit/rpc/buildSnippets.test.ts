import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEthersSnippet, buildFetchSnippet } from '../../../src/core/rpc/snippets/buildSnippets.ts';
import { buildPayload } from '../../../src/core/rpc/methods/methods.ts';
import { serializeRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
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

describe('snippets, exact text', () => {
  const request = {
    jsonrpc: '2.0' as const,
    id: 1,
    method: 'debug_traceCall',
    params: [{ to: '0x01' }, 'latest'],
  };
  const body = [
    '  body: JSON.stringify({',
    '    "jsonrpc": "2.0",',
    '    "id": 1,',
    '    "method": "debug_traceCall",',
    '    "params": [',
    '      {',
    '        "to": "0x01"',
    '      },',
    '      "latest"',
    '    ]',
    '  }),',
  ];
  const fetchText = (url: string, headers: string) =>
    [
      `const response = await fetch("${url}", {`,
      `  method: 'POST',`,
      `  headers: { ${headers} },`,
      ...body,
      `});`,
      `if (!response.ok) throw new Error('HTTP ' + response.status + ' ' + response.statusText);`,
      `const reply = await response.json();`,
      `if (reply.error) throw new Error(reply.error.code + ' ' + reply.error.message);`,
      `console.log(JSON.stringify(reply.result, null, 2));`,
      ``,
    ].join('\n');
  const send = [
    'const result = await provider.send("debug_traceCall", [',
    '  {',
    '    "to": "0x01"',
    '  },',
    '  "latest"',
    ']);',
  ];
  const ethersText = (url: string, auth: string[]) =>
    [
      `import { FetchRequest, JsonRpcProvider } from 'ethers';`,
      ``,
      `const request = new FetchRequest("${url}");`,
      ...auth,
      `const provider = new JsonRpcProvider(request, undefined, { staticNetwork: true });`,
      ...send,
      `console.log(JSON.stringify(result, null, 2));`,
      ``,
    ].join('\n');
  const ct = '\'Content-Type\': "application/json"';

  it.each([
    ['no credentials', { url: 'https://h.example/rpc' }, fetchText('https://h.example/rpc', ct)],
    [
      'placeholder credentials',
      { url: 'https://h.example/rpc', user: 'u', password: 'p' },
      fetchText('https://h.example/rpc', `${ct}, Authorization: 'Basic ' + btoa("<USERNAME>:<PASSWORD>")`),
    ],
    // "ws:" inside the host name is no WebSocket scheme
    ['a host named news', { url: 'http://news:8545' }, fetchText('http://news:8545', ct)],
  ])('fetch: %s', (_name, o, text) => {
    expect(buildFetchSnippet({ request, contentType: 'application/json', ...o })).toStrictEqual({
      ok: true,
      value: text,
    });
  });

  it('fetch refuses ws://', () => {
    expect(
      buildFetchSnippet({ url: 'ws://h.example', request, contentType: 'application/json' }),
    ).toStrictEqual({
      ok: false,
      message: 'fetch cannot talk to a ws:// or wss:// endpoint: use the https:// one',
    });
  });

  it.each([
    ['no credentials', { url: 'https://h.example/rpc' }, ethersText('https://h.example/rpc', [])],
    ['a host named news', { url: 'http://news:8545' }, ethersText('http://news:8545', [])],
    [
      'placeholder credentials over https',
      { url: 'https://h.example/rpc', user: 'u', password: 'p' },
      ethersText('https://h.example/rpc', ['request.setCredentials("<USERNAME>", "<PASSWORD>");']),
    ],
    [
      'real credentials with a colon in the password, over http',
      { url: 'http://h.example/rpc', user: 'u', password: 'p:w', includeCredentials: true },
      ethersText('http://h.example/rpc', [
        'request.setCredentials("u", "p:w");',
        'request.allowInsecureAuthentication = true;',
      ]),
    ],
    [
      '"http:" later in an https URL',
      { url: 'https://h.example/?u=http:x', user: 'u', revealEndpoint: true },
      ethersText('https://h.example/?u=http:x', ['request.setCredentials("<USERNAME>", "<PASSWORD>");']),
    ],
  ])('ethers: %s', (_name, o, text) => {
    expect(buildEthersSnippet({ request, contentType: 'application/json', ...o })).toStrictEqual({
      ok: true,
      value: text,
    });
  });

  it('ethers over WebSocket', () => {
    expect(
      buildEthersSnippet({ url: 'wss://h.example/ws', request, contentType: 'application/json' }),
    ).toStrictEqual({
      ok: true,
      value: [
        `import { WebSocketProvider } from 'ethers';`,
        ``,
        `const provider = new WebSocketProvider("wss://h.example/ws");`,
        ...send,
        `console.log(JSON.stringify(result, null, 2));`,
        `await provider.destroy();`,
        ``,
      ].join('\n'),
    });
  });

  it.each([
    [
      'credentials over WebSocket',
      { url: 'wss://h.example/ws', user: 'u', request },
      'ethers WebSocketProvider cannot send basic auth headers from a browser; use the https endpoint',
    ],
    [
      'a Bitcoin-style call',
      {
        url: 'http://127.0.0.1:8332',
        request: { jsonrpc: '1.0' as const, id: '1', method: 'x', params: [] },
      },
      'ethers speaks Ethereum JSON-RPC 2.0 only; use the fetch or curl form for Bitcoin-style calls',
    ],
  ])('ethers refuses %s', (_name, o, message) => {
    expect(buildEthersSnippet({ contentType: 'application/json', ...o })).toStrictEqual({
      ok: false,
      message,
    });
  });
});
