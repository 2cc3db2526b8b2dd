import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCurl, shellQuote } from '../../../src/core/rpc/snippets/buildCurl.ts';
import { buildPayload } from '../../../src/core/rpc/methods/methods.ts';
import { serializeRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import { type FaultServer, startFaultServer } from '../../helpers/faultServer.ts';

const run = promisify(execFile);

const nasty = [
  "it's",
  "'",
  "''",
  '"double" and \\ backslash',
  '$HOME `whoami` $(id) !! !event',
  'line1\nline2\ttab',
  'unicode ü € 𝄞',
  '*?[a]{b,c} ~ # ; & | < >',
  '',
];

describe('shellQuote', () => {
  it.each(nasty)('round-trips %j through bash', async (text) => {
    const { stdout } = await run('bash', ['-c', `printf %s ${shellQuote(text)}`]);
    expect(stdout).toBe(text);
  });
  it.each([
    ['abc', "'abc'"],
    ["it's", "'it'\\''s'"],
    ['', "''"],
  ])('%j → %s', (text, quoted) => expect(shellQuote(text)).toBe(quoted));
});

describe('buildCurl', () => {
  let server: FaultServer;
  beforeAll(async () => {
    server = await startFaultServer();
  });
  afterAll(() => server.stop());

  const tracer =
    "{data: [], fault: function(log) {}, step: function(log) { if(log.op.toString() == 'CALL') this.data.push(\"it's $HOME\\n\"); }, result: function() { return this.data; }}";

  it('sends exactly the request body, content type and credentials when run by a real curl', async () => {
    const built = buildPayload('debug_traceTransaction', ['0x' + 'ab'.repeat(32)], {
      tracer,
      timeout: '10s',
    });
    if (!built.ok) throw new Error('payload');
    const body = serializeRequest(built.request);
    const cmd = buildCurl({
      url: server.urlFor('echo'),
      body,
      contentType: built.contentType,
      user: "al'ice",
      password: 'p@ss:w"rd',
      includeCredentials: true,
    });
    const { stdout } = await run('bash', ['-c', cmd]);
    const echoed = JSON.parse(stdout).result;
    expect(echoed.body).toBe(body);
    expect(echoed.contentType).toBe('application/json');
    expect(echoed.authorization).toBe('Basic ' + Buffer.from(`al'ice:p@ss:w"rd`).toString('base64'));
  });

  it('works on one line too, and sends text/plain for Bitcoin-style calls', async () => {
    const built = buildPayload('getrawtransaction', ['ab'.repeat(32), true]);
    if (!built.ok) throw new Error('payload');
    const body = serializeRequest(built.request);
    const cmd = buildCurl({
      url: server.urlFor('echo'),
      body,
      contentType: built.contentType,
      multiline: false,
    });
    expect(cmd).not.toContain('\n');
    const { stdout } = await run('bash', ['-c', cmd]);
    expect(JSON.parse(stdout).result).toEqual({ body, contentType: 'text/plain', authorization: null });
  });

  it('writes the expected text', () => {
    expect(
      buildCurl({ url: 'https://node.example/abc', body: `{"a":"it's"}`, contentType: 'application/json' }),
    ).toBe(
      `curl -sS -X POST 'https://node.example/abc' \\\n  -H 'Content-Type: application/json' \\\n  --data-raw '{"a":"it'\\''s"}'`,
    );
  });

  it.each([
    [{ user: 'alice' }, `-u '<USERNAME>:<PASSWORD>'`],
    [{ user: 'alice', password: 'secret' }, `-u '<USERNAME>:<PASSWORD>'`],
    [{ user: 'alice', includeCredentials: true }, `-u 'alice:<PASSWORD>'`],
    [{ user: 'alice', password: 'secret', includeCredentials: true }, `-u 'alice:secret'`],
  ])('credentials %j → %s', (creds, expected) => {
    const cmd = buildCurl({
      url: 'https://h.example/',
      body: '{}',
      contentType: 'application/json',
      ...creds,
    });
    expect(cmd.split(' \\\n  ')[2]).toBe(expected);
    if (!('includeCredentials' in creds)) expect(cmd).not.toContain('secret');
  });

  it('masks a key in the endpoint unless asked to reveal it', () => {
    const url = 'https://eth-mainnet.g.alchemy.com/v2/AbCdEfGh12345678';
    expect(buildCurl({ url, body: '{}', contentType: 'application/json' })).toContain(
      `'https://eth-mainnet.g.alchemy.com/v2/••••'`,
    );
    expect(buildCurl({ url, body: '{}', contentType: 'application/json', revealEndpoint: true })).toContain(
      `'${url}'`,
    );
  });
});
