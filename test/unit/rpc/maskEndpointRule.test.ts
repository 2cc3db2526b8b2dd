import { describe, expect, it } from 'vitest';
import { hasEmbeddedSecret, isPlainWord, maskEndpoint } from '../../../src/core/rpc/endpoint/maskEndpoint.ts';
import { splitUserInfo } from '../../../src/core/rpc/endpoint/splitUserInfo.ts';

const hex32 = '0123456789abcdef0123456789abcdef';
const hex64 = hex32 + 'fedcba9876543210fedcba9876543210';
const alchemyKey = '_gg7wSSi0KMBsdKnGVfHDueq6xMB9EkC';
const uuid = '6b2c1c1e-4a9a-4b9b-9c3e-0d1f2a3b4c5d';
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.Qk3vX9sT0aLhRz8y';

// url → exactly what is shown on screen and saved without "remember".
const table: [what: string, url: string, masked: string][] = [
  // The shapes issue #13 found slipping through the old list of known names.
  ['upper-case key segment', 'https://node.example.com/KEY123SECRET', 'https://node.example.com/••••'],
  [
    '?auth_token=',
    'https://node.example.com/rpc?auth_token=abc',
    'https://node.example.com/rpc?auth_token=••••',
  ],
  ['?jwt=', `https://node.example.com/rpc?jwt=${jwt}`, 'https://node.example.com/rpc?jwt=••••'],
  [';key= parameter', 'https://node.example.com/rpc;key=abc', 'https://node.example.com/rpc;key=••••'],
  ['/api/key/<word>', 'https://node.example.com/api/key/abcdef', 'https://node.example.com/api/key/••••'],
  ['a key is not a name', 'https://node.example.com/KEY123/api/rpc', 'https://node.example.com/••••/api/rpc'],
  ['/token/<word>', 'https://node.example.com/token/abc/rpc', 'https://node.example.com/token/••••/rpc'],
  ['fragment', 'https://node.example.com/rpc#abc', 'https://node.example.com/rpc#••••'],
  ['wss /ws/KEY', 'wss://node.example.com/ws/KEY', 'wss://node.example.com/ws/••••'],
  ['short QuickNode token', 'https://x.quiknode.pro/7f3e9a1b2c/', 'https://x.quiknode.pro/••••/'],
  [
    '30-letter segment',
    'https://node.example.com/abcdefghijklmnopqrstuvwxyzabcd',
    'https://node.example.com/••••',
  ],
  ['user:pass@', 'https://user:pass@node.example.com/', 'https://••••:••••@node.example.com/'],
  ['user@', 'https://user@node.example.com/', 'https://••••@node.example.com/'],
  ['bare query value', 'https://node.example.com/rpc?S3cretKey', 'https://node.example.com/rpc?••••'],
  [
    'key-ish query name, word value',
    'https://node.example.com/?token=abc',
    'https://node.example.com/?token=••••',
  ],
  ['percent-encoded segment', 'https://node.example.com/my%20key', 'https://node.example.com/••••'],
  ['key in a host label', `https://${hex32}.eth.rpc.rivet.cloud/`, 'https://••••.eth.rpc.rivet.cloud/'],
  ['no scheme', `mainnet.infura.io/v3/${hex32}`, 'mainnet.infura.io/v3/••••'],
  // The major providers' formats.
  ['Infura https', `https://mainnet.infura.io/v3/${hex32}`, 'https://mainnet.infura.io/v3/••••'],
  ['Infura wss', `wss://mainnet.infura.io/ws/v3/${hex32}`, 'wss://mainnet.infura.io/ws/v3/••••'],
  [
    'Infura other network',
    `https://polygon-mainnet.infura.io/v3/${hex32}`,
    'https://polygon-mainnet.infura.io/v3/••••',
  ],
  [
    'Alchemy https',
    `https://eth-mainnet.g.alchemy.com/v2/${alchemyKey}`,
    'https://eth-mainnet.g.alchemy.com/v2/••••',
  ],
  [
    'Alchemy wss',
    `wss://eth-mainnet.g.alchemy.com/v2/${alchemyKey}`,
    'wss://eth-mainnet.g.alchemy.com/v2/••••',
  ],
  [
    'QuickNode https',
    'https://dry-wispy-sun.quiknode.pro/7f3e9a1b2c4d5e6f708192a3b4c5d6e7f8091a2b/',
    'https://dry-wispy-sun.quiknode.pro/••••/',
  ],
  [
    'QuickNode wss, other chain',
    'wss://dry-wispy-sun.matic.quiknode.pro/7f3e9a1b2c4d5e6f708192a3b4c5d6e7f8091a2b/',
    'wss://dry-wispy-sun.matic.quiknode.pro/••••/',
  ],
  ['Ankr', `https://rpc.ankr.com/eth/${hex64}`, 'https://rpc.ankr.com/eth/••••'],
  ['Ankr wss', `wss://rpc.ankr.com/eth/ws/${hex64}`, 'wss://rpc.ankr.com/eth/ws/••••'],
  ['Chainstack', `https://nd-123-456-789.p2pify.com/${hex32}`, 'https://nd-123-456-789.p2pify.com/••••'],
  [
    'Chainstack wss',
    `wss://ws-nd-123-456-789.p2pify.com/${hex32}`,
    'wss://ws-nd-123-456-789.p2pify.com/••••',
  ],
  [
    'Chainstack core',
    `https://ethereum-mainnet.core.chainstack.com/${hex32}`,
    'https://ethereum-mainnet.core.chainstack.com/••••',
  ],
  ['GetBlock', `https://go.getblock.io/${hex32}/`, 'https://go.getblock.io/••••/'],
  ['Blast', `https://eth-mainnet.blastapi.io/${uuid}`, 'https://eth-mainnet.blastapi.io/••••'],
  ['Blast wss', `wss://eth-mainnet.blastapi.io/${uuid}`, 'wss://eth-mainnet.blastapi.io/••••'],
  [
    'Tenderly gateway',
    'https://mainnet.gateway.tenderly.co/6h1QwErTy2uIoP3aSdFgHj',
    'https://mainnet.gateway.tenderly.co/••••',
  ],
  [
    'Tenderly /gateway/<key>',
    'https://rpc.tenderly.co/gateway/6h1QwErTy2uIoP3aSdFgHj',
    'https://rpc.tenderly.co/gateway/••••',
  ],
  ['Tenderly fork', `https://rpc.tenderly.co/fork/${uuid}`, 'https://rpc.tenderly.co/fork/••••'],
  ['Moralis', `https://site1.moralis-nodes.com/eth/${hex32}`, 'https://site1.moralis-nodes.com/eth/••••'],
  [
    'dRPC',
    'https://lb.drpc.org/ogrpc?network=ethereum&dkey=Ak80gSCleU6Pjlq4-tFg2Nx7PqRV8KcR8Ir2rhiOr5Lf',
    'https://lb.drpc.org/ogrpc?network=ethereum&dkey=••••',
  ],
  [
    'dRPC wss',
    'wss://lb.drpc.org/ogws?network=ethereum&dkey=Ak80gSCleU6Pjlq4-tFg2Nx7PqRV8KcR8Ir2rhiOr5Lf',
    'wss://lb.drpc.org/ogws?network=ethereum&dkey=••••',
  ],
  [
    'Etherscan-style apikey',
    'https://api.etherscan.io/api?module=proxy&apikey=ABC',
    'https://api.etherscan.io/api?module=proxy&apikey=••••',
  ],
  // Kept as typed: nothing there could be a key.
  ['localhost', 'http://127.0.0.1:8545', 'http://127.0.0.1:8545'],
  ['localhost name', 'http://localhost:8545/', 'http://localhost:8545/'],
  ['local ws', 'ws://localhost:8546', 'ws://localhost:8546'],
  ['IPv6 loopback', 'http://[::1]:8545/rpc', 'http://[::1]:8545/rpc'],
  ['public Ankr', 'https://rpc.ankr.com/eth', 'https://rpc.ankr.com/eth'],
  ['Avalanche C-chain', 'https://api.avax.network/ext/bc/C/rpc', 'https://api.avax.network/ext/bc/C/rpc'],
  ['public node', 'https://ethereum-rpc.publicnode.com', 'https://ethereum-rpc.publicnode.com'],
  [
    'plain words',
    'https://node.example.com/json-rpc/v1.0/mainnet?chain=1&network=base-sepolia',
    'https://node.example.com/json-rpc/v1.0/mainnet?chain=1&network=base-sepolia',
  ],
  ['empty values', 'https://node.example.com/rpc?apikey=&x', 'https://node.example.com/rpc?apikey=&x'],
  ['not a URL', 'not a url', 'not a url'],
];

describe('maskEndpoint: the rule over known shapes and providers', () => {
  it.each(table)('%s: %s', (_what, url, masked) => {
    expect(maskEndpoint(url)).toBe(masked);
    expect(hasEmbeddedSecret(url)).toBe(masked !== url);
    // Masking is stable: a masked URL is shown as it is and carries no secret any more.
    expect(maskEndpoint(masked)).toBe(masked);
    expect(hasEmbeddedSecret(masked)).toBe(false);
  });

  // Random keys of every usual alphabet, wherever they sit: never shown. (A fixed-seed generator: the same keys each run.)
  it('masks random keys of 13+ characters in any position', () => {
    let seed = 42;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed);
    const alphabets = [
      '0123456789abcdef',
      '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
    ];
    const places = [
      (k: string) => `https://node.example.com/${k}`,
      (k: string) => `https://node.example.com/v1/${k}/`,
      (k: string) => `wss://node.example.com/ws/${k}`,
      (k: string) => `https://node.example.com/rpc?x=${k}`,
      (k: string) => `https://node.example.com/rpc?chain=1&${k}`,
      (k: string) => `https://node.example.com/rpc;p=${k}`,
      (k: string) => `https://node.example.com/rpc#${k}`,
    ];
    for (let i = 0; i < 3000; i++) {
      const alphabet = alphabets[i % alphabets.length];
      const length = 13 + (next() % 52);
      let key = '';
      for (let j = 0; j < length; j++) key += alphabet[next() % alphabet.length];
      const url = places[i % places.length](key);
      expect(maskEndpoint(url), url).not.toContain(key);
    }
  });

  it.each([
    ['rpc', true],
    ['ws', true],
    ['v3', true],
    ['mainnet', true],
    ['polygon-mainnet', true],
    ['erc20', true],
    ['C', true],
    ['8453', true],
    ['KEY', false],
    ['KEY123SECRET', false],
    ['7f3e9a1b2c', false],
    ['abcdefghijklm', false],
    ['1234567', false],
    ['a-b-c-d-e', false],
    ['', false],
  ] as const)('isPlainWord(%j) is %s', (text, plain) => expect(isPlainWord(text)).toBe(plain));
});

describe('splitUserInfo', () => {
  it.each([
    ['https://alice:pw@node.example.com/rpc', 'https://node.example.com/rpc', 'alice', 'pw'],
    ['https://alice:p@ss:w@node.example.com:8545/', 'https://node.example.com:8545/', 'alice', 'p@ss:w'],
    ['https://al%40ice:p%2Fw@node.example.com', 'https://node.example.com', 'al@ice', 'p/w'],
    ['wss://KEYONLY@node.example.com/ws', 'wss://node.example.com/ws', 'KEYONLY', ''],
  ])('%s', (url, rest, user, password) =>
    expect(splitUserInfo(url)).toEqual({ url: rest, user, password, found: true }),
  );

  it.each([
    'http://127.0.0.1:8545',
    'https://node.example.com/a@b',
    'https://node.example.com/?e=a@b',
    'not a url',
  ])('leaves %s alone', (url) =>
    expect(splitUserInfo(url)).toEqual({ url, user: '', password: '', found: false }),
  );
});
