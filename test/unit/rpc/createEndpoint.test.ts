import { describe, expect, it } from 'vitest';
import { createEndpoint } from '../../../src/core/rpc/endpoint/endpoint.ts';
import { createEmbeddedEndpoint } from '../../../src/state/appState.ts';

describe('createEndpoint: one place for an endpoint’s blank defaults', () => {
  it('fills every field not given, and keeps what is given', () => {
    expect(createEndpoint({ id: 'a', name: 'n', kind: 'http' })).toEqual({
      id: 'a',
      name: 'n',
      kind: 'http',
      url: '',
      wsUrl: '',
      preferWs: false,
      user: '',
      password: '',
      remember: false,
      family: 'evm',
      forward: false,
    });
    expect(
      createEndpoint({ id: 'b', name: 'btc', kind: 'http', family: 'bitcoin', url: 'http://127.0.0.1:1' }),
    ).toMatchObject({
      family: 'bitcoin',
      url: 'http://127.0.0.1:1',
      forward: false,
    });
  });

  it('the embedded node is such an endpoint', () => {
    expect(createEmbeddedEndpoint()).toEqual(
      createEndpoint({ id: 'embedded', name: 'Embedded node (in this page)', kind: 'embedded' }),
    );
  });
});
