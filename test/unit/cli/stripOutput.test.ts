import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { createCaptureIo } from './cliIo.ts';

// What a hostile node puts in its answers: a screen clear, a window title, a hyperlink, 8-bit CSI, DEL, BEL.
const nasty = 'a\x1b[2J\x1b]0;pwned\x07\x1b]8;;http://evil.test\x1b\\b\x9b31m\x7fc\x07';

/** A JSON-RPC node on 127.0.0.1 whose every text carries terminal control sequences. */
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const m = JSON.parse(body);
      const answer = (r: { id: unknown; method: string }) =>
        r.method === 'web3_clientVersion'
          ? { jsonrpc: '2.0', id: r.id, result: `Geth${nasty}` }
          : { jsonrpc: '2.0', id: r.id, error: { code: -32000, message: `failed${nasty}` } };
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(Array.isArray(m) ? m.map(answer) : answer(m)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

// eslint-disable-next-line no-control-regex
const control = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe('text from a node is printed without terminal control characters', () => {
  // JSON output escapes C0 characters itself (\u001b is six harmless characters); C1 and DEL it leaves raw.
  const jsonText =
    /Getha\\u001b\[2J\\u001b\]0;pwned\\u0007\\u001b\]8;;http:\/\/evil\.test\\u001b\\\\bc\\u0007/;
  it.each([
    ['send: a result', ['send', '--method', 'web3_clientVersion'], 0, 'out', jsonText],
    ['send: an error', ['send', '--method', 'eth_blockNumber'], 1, 'err', /failedabc/],
    ['probe: the report', ['probe'], 1, 'out', /client: Gethabc/],
    ['probe: --json', ['probe', '--json'], 1, 'out', jsonText],
    ['capture: an error', ['capture', '--tx', '0x' + '11'.repeat(32)], 1, 'err', /failedabc/],
  ] as const)('%s', async (_name, argv, code, stream, expected) => {
    const io = createCaptureIo();
    expect(await main([...argv, '--endpoint', url], io)).toBe(code);
    const text = stream === 'out' ? io.out() : io.err();
    expect(text).toMatch(expected);
    expect(io.out()).not.toMatch(control);
    expect(io.err()).not.toMatch(control);
  });
});
