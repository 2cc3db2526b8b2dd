import { describe, expect, it } from 'vitest';
import { badPortMessage, badPorts, portOf } from '../../../src/core/rpc/endpoint/badPorts.ts';
import { buildRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import { createHttpTransport } from '../../../src/io/transport/createHttpTransport.ts';
import { asIfInBrowser } from '../../helpers/browserCorsFetch.ts';

describe('bad ports', () => {
  it.each([
    ['http://127.0.0.1:1/', 1, true],
    ['http://127.0.0.1:6000', 6000, true],
    ['http://127.0.0.1:10080/rpc', 10080, true],
    ['http://127.0.0.1:8545', 8545, false],
    ['https://node.example/', 443, false],
    ['http://node.example/', 80, false],
    ['ws://127.0.0.1:22/', 22, true],
    ['not a url', null, false],
  ])('%s: port %s, barred %s', (url, port, barred) => {
    expect(portOf(url)).toBe(port);
    expect(port !== null && badPorts.has(port)).toBe(barred);
  });

  it('a browser-side request to a barred port names the port, not CORS', async () => {
    const outcome = await asIfInBrowser(() =>
      createHttpTransport({ url: 'http://127.0.0.1:1/' }).send(buildRequest('eth_chainId', [])),
    );
    expect(outcome).toEqual({
      kind: 'no-response',
      reason: expect.any(String),
      message: badPortMessage(1),
      durationMs: expect.any(Number),
    });
    expect(badPortMessage(1)).toBe(
      'Port 1 is one of the ports fetch refuses for safety (browsers say ERR_UNSAFE_PORT), so the request was never sent. Serve the node on another port (8545 is usual).',
    );
  });

  it("outside a browser (the CLI: Node's fetch bars the same ports) the port is named too", async () => {
    const outcome = await createHttpTransport({ url: 'http://127.0.0.1:1/' }).send(
      buildRequest('eth_chainId', []),
    );
    expect(outcome).toMatchObject({ kind: 'no-response', message: badPortMessage(1) });
    expect(outcome).not.toHaveProperty('maybeCors');
  });
});
