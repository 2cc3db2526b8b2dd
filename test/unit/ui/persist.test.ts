import { describe, expect, it } from 'vitest';
import { createEmbeddedEndpoint, createRequestDraft } from '../../../src/state/appState.ts';
import { fitHistory, loadState, saveState, storageKey } from '../../../src/state/persist.ts';

function createMapStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

const base = {
  tracers: [{ id: 'a', name: 'A', source: '{}' }],
  activeTracerId: 'a',
  request: createRequestDraft('eth_blockNumber'),
  endpoints: [
    createEmbeddedEndpoint(),
    {
      id: 'e1',
      name: 'Mine',
      kind: 'http' as const,
      url: 'https://x.example/key123',
      wsUrl: '',
      preferWs: false,
      user: 'u',
      password: 'secret',
      remember: false,
      family: 'evm' as const,
      forward: true,
    },
  ],
  activeEndpointId: 'e1',
  history: [],
};

describe('saved state', () => {
  it('round-trips and drops passwords unless remembered', () => {
    const s = createMapStorage();
    saveState(s, base);
    expect(s.map.get(storageKey)).not.toContain('secret');
    const { saved, notice } = loadState(s);
    expect(notice).toBeNull();
    expect(saved?.tracers).toEqual(base.tracers);
    expect(saved?.endpoints.map((e) => e.id)).toEqual(['embedded', 'e1']);
    expect(saved?.endpoints[1].password).toBe('');
    expect(saved?.activeEndpointId).toBe('e1');
  });

  it('keeps the forwarding choice with the endpoint; older saves without it do not forward', () => {
    const s = createMapStorage();
    saveState(s, base);
    expect(loadState(s).saved?.endpoints[1].forward).toBe(true);
    const old = JSON.parse(s.map.get(storageKey)!) as { endpoints: Record<string, unknown>[] };
    delete old.endpoints[0].forward;
    s.map.set(storageKey, JSON.stringify(old));
    expect(loadState(s).saved?.endpoints[1].forward).toBe(false);
  });

  it('keeps API keys, user and password out of storage unless remembered', () => {
    const s = createMapStorage();
    const e = {
      ...base.endpoints[1],
      url: 'https://h.example/v2/SECRETKEY123?apikey=QSECRET',
      wsUrl: 'wss://h.example/v2/SECRETKEY123',
    };
    saveState(s, { ...base, endpoints: [base.endpoints[0], e] });
    const text = s.map.get(storageKey)!;
    for (const secret of ['SECRETKEY123', 'QSECRET', 'secret', '"u"']) expect(text).not.toContain(secret);
    const loaded = loadState(s).saved?.endpoints[1];
    expect([loaded?.url, loaded?.wsUrl, loaded?.user]).toEqual([
      'https://h.example/v2/••••?apikey=••••',
      'wss://h.example/v2/••••',
      '',
    ]);
    saveState(s, { ...base, endpoints: [base.endpoints[0], { ...e, remember: true }] });
    expect(loadState(s).saved?.endpoints[1]).toEqual({ ...e, remember: true });
  });

  it('keeps a remembered password', () => {
    const s = createMapStorage();
    saveState(s, { ...base, endpoints: [{ ...base.endpoints[1], remember: true }] });
    expect(loadState(s).saved?.endpoints[1].password).toBe('secret');
  });

  it('leaves out unreadable endpoints and history entries but keeps the tracers, with a message', () => {
    const raw = JSON.stringify({
      version: 2,
      tracers: base.tracers,
      activeTracerId: 'a',
      endpoints: [{ id: 5 }, { ...base.endpoints[1], remember: true }],
      activeEndpointId: 'e1',
      history: [{ id: 'h', method: 'eth_blockNumber', params: [], time: 1 }, 'junk', { id: 2 }],
    });
    const s = createMapStorage({ [storageKey]: raw });
    const { saved, notice } = loadState(s, 8);
    expect(saved?.tracers).toEqual(base.tracers);
    expect(saved?.endpoints.map((e) => e.id)).toEqual(['embedded', 'e1']);
    expect(saved?.history.map((h) => h.id)).toEqual(['h']);
    expect(notice).toBe(
      'Some saved entries could not be read and were left out (1 endpoint(s), 2 history entries); the saved work as it was is kept as "tracer-playground.set-aside-8" in localStorage.',
    );
    expect(s.map.get(`${storageKey}.set-aside-8`)).toBe(raw);
  });

  it('starts fresh with a message when the browser refuses storage', () => {
    const refusing = {
      getItem(): string | null {
        throw new Error('The operation is insecure.');
      },
      setItem() {},
    };
    expect(loadState(refusing)).toEqual({
      saved: null,
      notice:
        'This browser does not let the playground read its saved work (The operation is insecure.); it started fresh.',
    });
  });

  it('migrates version 1', () => {
    const s = createMapStorage({ [storageKey]: JSON.stringify({ version: 1, source: '{x: 1}' }) });
    const { saved } = loadState(s);
    expect(saved?.tracers).toEqual([{ id: 't1', name: 'Tracer 1', source: '{x: 1}' }]);
    expect(saved?.request.method).toBe('debug_traceCall');
  });

  it("keeps each tracer's target and reads the profiles earlier versions knew ('strict' → es5, 'goja' → geth)", () => {
    const tracers = [
      { id: 'a', name: 'A', source: '{}', target: 'anvil' },
      { id: 'b', name: 'B', source: '{}', profile: 'goja' },
      { id: 'c', name: 'C', source: '{}', profile: 'strict' },
      { id: 'd', name: 'D', source: '{}', target: 'bogus' },
      { id: 'e', name: 'E', source: '{}' },
    ];
    const raw = (extra: object) =>
      createMapStorage({ [storageKey]: JSON.stringify({ ...base, version: 2, tracers, ...extra }) });
    expect(loadState(raw({})).saved?.tracers.map((t) => [t.id, t.target])).toEqual([
      ['a', 'anvil'],
      ['b', 'geth'],
      ['c', undefined],
      ['d', undefined],
      ['e', undefined],
    ]);
    // A profile saved for the whole page applies to the tracers that name none.
    expect(loadState(raw({ profile: 'goja' })).saved?.tracers.map((t) => t.target)).toEqual([
      'anvil',
      'geth',
      undefined,
      'geth',
      'geth',
    ]);
    const s = createMapStorage();
    saveState(s, { ...base, tracers: [{ id: 'a', name: 'A', source: '{}', target: 'geth' }] });
    expect(loadState(s).saved?.tracers).toEqual([{ id: 'a', name: 'A', source: '{}', target: 'geth' }]);
  });

  it.each([
    [
      '{not json',
      /^Your saved work could not be read \(.*JSON.*\); it was set aside as "tracer-playground.set-aside-7" in localStorage/,
    ],
    ['{"version": 9}', /saved by a newer version \(9\) of the playground/],
    ['{"version": 2, "tracers": 5}', /"tracers" is not a list/],
    ['{"version": 2, "tracers": [{"id": 1}]}', /a tracer entry lacks id, name or source/],
    ['[]', /no version number/],
  ])('sets aside %s with a message', (raw, message) => {
    const s = createMapStorage({ [storageKey]: raw });
    const { saved, notice } = loadState(s, 7);
    expect(saved).toBeNull();
    expect(notice).toMatch(message);
    expect(s.map.get(`${storageKey}.set-aside-7`)).toBe(raw);
  });
});

describe('fitHistory', () => {
  const entry = (i: number, size: number) => ({
    id: `h${i}`,
    method: 'debug_traceCall',
    params: [{ tracer: 'x'.repeat(size) }],
    endpointName: 'n',
    time: i,
    status: 'ok',
    durationMs: 1,
    sizeBytes: 1,
  });
  it.each([
    [5, 10, 5],
    [150, 10, 100],
    [10, 300_000, 3],
    [1, 2_000_000, 0],
  ])('keeps the newest of %i entries of %i chars: %i', (count, size, kept) => {
    const list = Array.from({ length: count }, (_, i) => entry(i, size));
    const fitted = fitHistory(list);
    expect(fitted.length).toBe(kept);
    expect(fitted.map((h) => h.id)).toEqual(list.slice(0, kept).map((h) => h.id));
  });
});
