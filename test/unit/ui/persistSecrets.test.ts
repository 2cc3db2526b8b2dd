import { describe, expect, it } from 'vitest';
import { createEndpoint, type Endpoint } from '../../../src/core/rpc/endpoint/endpoint.ts';
import { createEmbeddedEndpoint, createRequestDraft } from '../../../src/state/appState.ts';
import { createInitialState } from '../../../src/state/createInitialState.ts';
import { loadState, saveState, storageKey } from '../../../src/state/persist.ts';
import { decodeShareHash, encodeShareHash } from '../../../src/state/shareLink.ts';

function createMapStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    all: () => JSON.stringify([...map]),
  };
}

// Each URL carries a key the old list of known names missed, or a provider's usual key.
const keys = [
  'KEY123SECRET',
  'authTOKEN9',
  'eyJhbGciOiJIUzI1NiJ9',
  'semikey',
  'abcdef',
  'fragkey',
  'WSKEY',
  '7f3e9a1b2c',
  'abcdefghijklmnopqrstuvwxyzabcd',
  '0123456789abcdef0123456789abcdef',
  '_gg7wSSi0KMBsdKnGVfHDueq6xMB9EkC',
  'Ak80gSCleU6Pjlq4-tFg2Nx7PqRV8KcR8Ir2rhiOr5Lf',
  'PASSWORDhunter2',
  'aliceUSER',
];
const urls = [
  `https://node.example.com/${keys[0]}`,
  `https://node.example.com/rpc?auth_token=${keys[1]}`,
  `https://node.example.com/rpc?jwt=${keys[2]}.e30.sig`,
  `https://node.example.com/rpc;key=${keys[3]}`,
  `https://node.example.com/api/key/${keys[4]}`,
  `https://node.example.com/rpc#${keys[5]}`,
  `https://x.quiknode.pro/${keys[7]}/`,
  `https://node.example.com/${keys[8]}`,
  `https://mainnet.infura.io/v3/${keys[9]}`,
  `https://eth-mainnet.g.alchemy.com/v2/${keys[10]}`,
  `https://lb.drpc.org/ogrpc?network=ethereum&dkey=${keys[11]}`,
  `https://${keys[13]}:${keys[12]}@node.example.com/`,
];

function endpoints(remember: boolean): Endpoint[] {
  return [
    createEmbeddedEndpoint(),
    ...urls.map((url, i) =>
      createEndpoint({
        id: `e${i}`,
        name: `Provider ${i}`,
        kind: 'http',
        url,
        wsUrl: i === 0 ? `wss://node.example.com/ws/${keys[6]}` : '',
        user: keys[13],
        password: keys[12],
        remember,
      }),
    ),
  ];
}

const base = {
  tracers: [{ id: 'a', name: 'A', source: '{}' }],
  activeTracerId: 'a',
  request: createRequestDraft('eth_blockNumber'),
  activeEndpointId: 'e0',
  history: [],
};

function expectNoKey(text: string) {
  for (const k of keys) expect(text, `holds ${k}`).not.toContain(k);
}

describe('endpoint secrets in saved state', () => {
  it('never writes an unremembered key, user or password to storage', () => {
    const s = createMapStorage();
    saveState(s, { ...base, endpoints: endpoints(false) });
    expectNoKey(s.all());
    const loaded = loadState(s);
    expect(loaded.notice).toBeNull(); // what was saved without "remember" is clean: nothing to report
    expect(loaded.saved!.endpoints.map((e) => e.url)).toEqual([
      '',
      'https://node.example.com/••••',
      'https://node.example.com/rpc?auth_token=••••',
      'https://node.example.com/rpc?jwt=••••',
      'https://node.example.com/rpc;key=••••',
      'https://node.example.com/api/key/••••',
      'https://node.example.com/rpc#••••',
      'https://x.quiknode.pro/••••/',
      'https://node.example.com/••••',
      'https://mainnet.infura.io/v3/••••',
      'https://eth-mainnet.g.alchemy.com/v2/••••',
      'https://lb.drpc.org/ogrpc?network=ethereum&dkey=••••',
      'https://node.example.com/', // the masked user:pass@ carried nothing to move
    ]);
    expect(loaded.saved!.endpoints[1].wsUrl).toBe('wss://node.example.com/ws/••••');
    expect(loaded.saved!.endpoints.every((e) => e.user === '' && e.password === '')).toBe(true);
  });

  it('keeps everything with "remember secrets on this device"; user:pass@ moves into the basic-auth fields', () => {
    const s = createMapStorage();
    saveState(s, { ...base, endpoints: endpoints(true) });
    for (const k of keys) expect(s.all()).toContain(k);
    const loaded = loadState(s).saved!.endpoints;
    expect(loaded.slice(0, -1)).toEqual(endpoints(true).slice(0, -1));
    expect(loaded.at(-1)).toMatchObject({
      url: 'https://node.example.com/',
      user: keys[13],
      password: keys[12],
    });
  });

  it('removes a key an earlier version saved in clear, keeps it for this tab, and says so', () => {
    const legacy = createEndpoint({ id: 'old', name: 'Old', kind: 'http', url: urls[0], remember: false });
    const s = createMapStorage({
      [storageKey]: JSON.stringify({ version: 2, ...base, endpoints: [legacy], activeEndpointId: 'old' }),
    });
    const { saved, notice } = loadState(s);
    expect(saved!.endpoints[1].url).toBe(urls[0]);
    expect(notice).toContain('"Old"');
    expect(notice).toContain('removed from storage and is kept in this tab only');
    expectNoKey(s.all());
    expect(loadState(s).notice).toBeNull();
  });

  it('loads corrupted saved state with a clear notice, and the set-aside copy holds no unremembered key', () => {
    const legacy = createEndpoint({ id: 'old', name: 'Old', kind: 'http', url: urls[9], password: keys[12] });
    const broken = { id: 7, url: 42 };
    const s = createMapStorage({
      [storageKey]: JSON.stringify({
        version: 2,
        ...base,
        endpoints: [legacy, broken],
        activeEndpointId: 'old',
      }),
    });
    const { state } = createInitialState(s, '');
    expect(state.endpoints.map((e) => e.id)).toEqual(['embedded', 'old']);
    expect(state.endpoints[1].url).toBe(urls[9]);
    expect(state.notice).toMatch(
      /^Some saved entries could not be read and were left out \(1 endpoint\(s\)\); .* "Old"/,
    );
    expectNoKey(s.all());
    const aside = [...s.map.keys()].find((k) => k.startsWith(`${storageKey}.set-aside-`))!;
    expect(JSON.parse(s.map.get(aside)!).endpoints).toEqual([
      { ...legacy, url: 'https://eth-mainnet.g.alchemy.com/v2/••••', password: '', user: '' },
      broken,
    ]);
  });

  it('starts fresh with a notice when the saved state is not readable at all', () => {
    const s = createMapStorage({ [storageKey]: '{"version":2,"tracers":[' });
    const { state } = createInitialState(s, '');
    expect(state.notice).toMatch(/^Your saved work could not be read \(.*\); it was set aside as/);
    expect(state.endpoints.map((e) => e.id)).toEqual(['embedded']);
  });

  it('share links carry the tracer and the request, never an endpoint', () => {
    const state = createInitialState(createMapStorage(), '').state;
    const withKeys = { ...state, endpoints: endpoints(false), activeEndpointId: 'e8' };
    const tracer = withKeys.tracers[0];
    const hash = encodeShareHash({
      tracer: { name: tracer.name, source: tracer.source },
      request: withKeys.request,
    });
    const decoded = decodeShareHash(hash);
    expect(decoded.kind).toBe('ok');
    expectNoKey(hash + JSON.stringify(decoded));
  });
});
