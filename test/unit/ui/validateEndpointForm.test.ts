import { describe, expect, it } from 'vitest';
import { createEndpoint, type Endpoint } from '../../../src/core/rpc/endpoint/endpoint.ts';
import {
  movedUserInfoNote,
  urlPreview,
  validateEndpointForm,
} from '../../../src/ui/endpoints/validateEndpointForm.ts';

const draft = (fields: Partial<Endpoint>): Endpoint =>
  createEndpoint({ id: 'e1', name: 'Local', kind: 'http', url: 'http://127.0.0.1:8545', ...fields });
const forgotten = 'The key was not remembered on this device: paste the full URL again';

// The endpoint form's messages, field by field, in the order found: the form focuses the first one's field on save.
const formCases: [string, Partial<Endpoint>, [string, string][]][] = [
  ['a complete HTTP endpoint', {}, []],
  [
    'WebSocket preferred, with basic auth',
    { wsUrl: 'wss://node.example/ws', preferWs: true, user: 'alice', password: 'pw' },
    [],
  ],
  [
    'a blank form',
    { name: '', url: '' },
    [
      ['name', 'Give the endpoint a name'],
      ['url', 'endpoint URL is empty'],
    ],
  ],
  ['a name of spaces', { name: '   ' }, [['name', 'Give the endpoint a name']]],
  [
    'a URL without a scheme (its key masked in the message)',
    { url: 'node.example/KEY123SECRET' },
    [
      [
        'url',
        'endpoint "node.example/••••" has no scheme: write http://node.example/•••• (or https://, ws://, wss://)',
      ],
    ],
  ],
  ['a URL that does not parse', { url: 'http://' }, [['url', 'endpoint "http://" is not a valid URL']]],
  [
    'another scheme',
    { url: 'ftp://node.example' },
    [['url', 'endpoint must use http, https, ws or wss, not ftp']],
  ],
  [
    'a WebSocket URL as the request URL',
    { url: 'ws://127.0.0.1:8546' },
    [['url', 'The request URL must start with http:// or https://']],
  ],
  [
    'an HTTP URL as the WebSocket URL',
    { wsUrl: 'https://node.example' },
    [['wsUrl', 'The WebSocket URL must start with ws:// or wss://']],
  ],
  [
    'a WebSocket URL without a scheme',
    { wsUrl: '127.0.0.1:8546' },
    [
      [
        'wsUrl',
        'endpoint "127.0.0.1:8546" has no scheme: write http://127.0.0.1:8546 (or https://, ws://, wss://)',
      ],
    ],
  ],
  ['a WebSocket URL of spaces is no WebSocket URL', { wsUrl: '  ' }, []],
  [
    'a request URL whose key was not remembered',
    { url: 'https://mainnet.infura.io/v3/••••' },
    [['url', forgotten]],
  ],
  [
    'both URLs not remembered, after a blank name',
    { name: '', url: 'https://x.example/••••', wsUrl: 'wss://x.example/••••' },
    [
      ['name', 'Give the endpoint a name'],
      ['url', forgotten],
      ['wsUrl', forgotten],
    ],
  ],
  [
    'a forgotten request URL is reported after a bad WebSocket URL (found later)',
    { url: 'https://x.example/••••', wsUrl: 'http://x.example' },
    [
      ['wsUrl', 'The WebSocket URL must start with ws:// or wss://'],
      ['url', forgotten],
    ],
  ],
  ['a password without a user', { password: 'pw' }, [['user', 'A password needs a user name']]],
  [
    'WebSocket preferred without a WebSocket URL',
    { preferWs: true },
    [['wsUrl', 'Give a ws:// or wss:// URL to send over WebSocket']],
  ],
  [
    'WebSocket preferred with a forgotten WebSocket URL',
    { preferWs: true, wsUrl: 'wss://x.example/••••' },
    [['wsUrl', forgotten]],
  ],
];

describe('validateEndpointForm', () => {
  it.each(formCases)('%s', (_, fields, expected) => {
    expect(Object.entries(validateEndpointForm(draft(fields)))).toEqual(expected);
  });
});

const previewCases: [string, string][] = [
  ['', ''],
  ['   ', ''],
  ['http://127.0.0.1:8545', 'Nothing in this URL looks like a key: it is shown as typed.'],
  [
    ' https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef ',
    'Shown as https://mainnet.infura.io/v3/••••',
  ],
  ['http://alice:pw@127.0.0.1:8545', 'Shown as http://••••:••••@127.0.0.1:8545'],
  ['https://mainnet.infura.io/v3/••••', ''],
];

describe('urlPreview', () => {
  it.each(previewCases)('%j → %j', (typed, expected) => {
    expect(urlPreview(typed)).toBe(expected);
  });
});

describe('movedUserInfoNote', () => {
  it.each([
    [['user'] as const, 'The user written'],
    [['password'] as const, 'The password written'],
    [['user', 'password'] as const, 'The user and password written'],
  ])('%j', (moved, start) => {
    expect(movedUserInfoNote(moved)).toBe(
      `${start} in the URL moved into the basic-auth fields below ` +
        '(browsers do not send a URL that carries them, and they are secrets).',
    );
  });
});
