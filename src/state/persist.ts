import type { Endpoint } from '../core/rpc/endpoint/endpoint.ts';
import { parseTarget } from '../core/targets.ts';
import { decodeRequestDraft } from './decodeRequestDraft.ts';
import { hasEmbeddedSecret, maskEndpoint, secretMask } from '../core/rpc/endpoint/maskEndpoint.ts';
import { splitUserInfo } from '../core/rpc/endpoint/splitUserInfo.ts';
import {
  createEmbeddedEndpoint,
  createRequestDraft,
  embeddedEndpointId,
  type HistoryEntry,
  type RequestDraft,
  type TracerDoc,
} from './appState.ts';

/** The part of the app state kept in localStorage. */
export interface SavedState {
  version: typeof currentVersion;
  tracers: TracerDoc[];
  activeTracerId: string;
  request: RequestDraft;
  endpoints: Endpoint[];
  activeEndpointId: string;
  history: HistoryEntry[];
}

/** The storage key. */
export const storageKey = 'tracer-playground';
/** The current saved-state version; older versions are migrated one step at a time. */
export const currentVersion = 2;
const historyLimit = 100;

/** The subset of `Storage` the persistence needs (a Map-backed fake works in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The result of loading: the state (or null when nothing usable is saved) and a message for the user. */
export interface LoadResult {
  saved: SavedState | null;
  notice: string | null;
}

// One function per version step: v1 held a single tracer as `{ version: 1, source }`.
const migrations: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {
  1: (old) => ({
    version: 2,
    tracers: [{ id: 't1', name: 'Tracer 1', source: String(old.source ?? '') }],
    activeTracerId: 't1',
  }),
};

/** Reads, migrates and validates the saved state. Bad data is copied aside under another key, never lost. */
export function loadState(storage: KeyValueStorage, now = Date.now()): LoadResult {
  let raw: string | null;
  try {
    raw = storage.getItem(storageKey);
  } catch (e) {
    return {
      saved: null,
      notice: `This browser does not let the playground read its saved work (${(e as Error).message}); it started fresh.`,
    };
  }
  if (raw === null) return { saved: null, notice: null };
  const asideKey = `${storageKey}.set-aside-${now}`;
  const setAside = () => {
    try {
      storage.setItem(asideKey, scrubRaw(raw));
    } catch {
      // Storage full: the message still tells the user what happened.
    }
  };
  try {
    let data = JSON.parse(raw) as Record<string, unknown>;
    if (!data || typeof data !== 'object') throw new Error('not an object');
    if (typeof data.version !== 'number') throw new Error('no version number');
    if (data.version > currentVersion)
      throw new Error(`saved by a newer version (${data.version}) of the playground`);
    while ((data.version as number) < currentVersion) {
      const step = migrations[data.version as number];
      if (!step) throw new Error(`unknown version ${String(data.version)}`);
      data = step(data);
    }
    const { saved, dropped } = validateSaved(data);
    const notices: string[] = [];
    if (dropped.length) {
      setAside();
      notices.push(
        `Some saved entries could not be read and were left out (${dropped.join(', ')}); the saved work as it was is kept as "${asideKey}" in localStorage.`,
      );
    }
    // An earlier version may have saved a key it did not recognise: it stays usable in this tab, not on disk.
    const exposed = saved.endpoints.filter((e) => e.kind !== 'embedded' && !e.remember && holdsSecret(e));
    if (exposed.length) {
      try {
        saveState(storage, saved);
        notices.push(
          `A key or password of ${exposed.map((e) => `"${e.name}"`).join(', ')} was found in this browser's saved data without "Remember secrets on this device"; it has been removed from storage and is kept in this tab only.`,
        );
      } catch {
        // Storage refused the write: the next autosave tries again.
      }
    }
    return { saved, notice: notices.length ? notices.join(' ') : null };
  } catch (e) {
    setAside();
    return {
      saved: null,
      notice: `Your saved work could not be read (${(e as Error).message}); it was set aside as "${asideKey}" in localStorage and the playground started fresh.`,
    };
  }
}

/**
 * Writes the state. Unless the endpoint says "remember on this device", its secrets stay in memory only: the password
 * and user are dropped and API keys in its URLs are replaced by the mask (the user pastes the full URL again).
 * Returns the number of characters written.
 */
export function saveState(storage: KeyValueStorage, state: Omit<SavedState, 'version'>): number {
  const saved: SavedState = {
    version: currentVersion,
    tracers: state.tracers,
    activeTracerId: state.activeTracerId,
    request: state.request,
    endpoints: state.endpoints
      .filter((e) => e.kind !== 'embedded')
      .map((e) => (e.remember ? e : forgetSecrets(e))),
    activeEndpointId: state.activeEndpointId,
    history: fitHistory(state.history),
  };
  const text = JSON.stringify(saved);
  storage.setItem(storageKey, text);
  return text.length;
}

/**
 * What an endpoint without "remember" leaves on disk: its URLs masked by the rule in src/core/rpc/endpoint/maskEndpoint.ts
 * (the host and plain path words stay, so the user recognises it and is told to paste the key again), no user and
 * no password.
 */
function forgetSecrets(e: Endpoint): Endpoint {
  return { ...e, url: maskEndpoint(e.url), wsUrl: maskEndpoint(e.wsUrl), user: '', password: '' };
}

/** Whether saving `e` without "remember" would drop something from it. */
function holdsSecret(e: Endpoint): boolean {
  return hasEmbeddedSecret(e.url) || hasEmbeddedSecret(e.wsUrl) || e.user !== '' || e.password !== '';
}

/** The set-aside copy of unreadable saved work, without the secrets of endpoints that were not to be remembered. */
function scrubRaw(raw: string): string {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return raw; // not JSON: nothing can be told apart in it (and the app never wrote it this way)
  }
  const endpoints = (data as { endpoints?: unknown } | null)?.endpoints;
  if (!Array.isArray(endpoints)) return raw;
  const scrubbed = endpoints.map((e: unknown) => {
    if (!e || typeof e !== 'object' || (e as { remember?: unknown }).remember === true) return e;
    const out: Record<string, unknown> = { ...(e as Record<string, unknown>) };
    for (const k of ['url', 'wsUrl']) if (typeof out[k] === 'string') out[k] = maskEndpoint(out[k] as string);
    for (const k of ['user', 'password']) if (k in out) out[k] = '';
    return out;
  });
  return JSON.stringify({ ...(data as object), endpoints: scrubbed });
}

// localStorage holds about 5 MB per origin; history entries carry whole tracers, so they get a budget.
const historyBudgetChars = 1_000_000;

/** The newest history entries that fit the storage budget (at most {@link historyLimit}). */
export function fitHistory(history: HistoryEntry[]): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  let used = 0;
  for (const entry of history.slice(0, historyLimit)) {
    used += JSON.stringify(entry).length;
    if (used > historyBudgetChars) break;
    out.push(entry);
  }
  return out;
}

/** Reads `items` with `read`; entries it rejects are counted instead of failing the whole saved state. */
function readEach<T>(items: unknown[], read: (v: unknown) => T): { ok: T[]; bad: number } {
  const ok: T[] = [];
  let bad = 0;
  for (const item of items) {
    try {
      ok.push(read(item));
    } catch {
      bad++;
    }
  }
  return { ok, bad };
}

function validateSaved(data: Record<string, unknown>): { saved: SavedState; dropped: string[] } {
  const tracers = arrayOf(data.tracers, 'tracers').map((t) => validateTracer(t, data.profile));
  if (tracers.length === 0) throw new Error('no tracers');
  const activeTracerId = tracers.some((t) => t.id === data.activeTracerId)
    ? String(data.activeTracerId)
    : tracers[0].id;
  const savedEndpoints = readEach(arrayOf(data.endpoints ?? [], 'endpoints'), validateEndpoint);
  const endpoints = [createEmbeddedEndpoint(), ...savedEndpoints.ok];
  const historyItems = arrayOf(data.history ?? [], 'history');
  const history = historyItems.filter(isHistoryEntry).slice(0, historyLimit);
  const dropped: string[] = [];
  if (savedEndpoints.bad) dropped.push(`${savedEndpoints.bad} endpoint(s)`);
  const badHistory = historyItems.length - historyItems.filter(isHistoryEntry).length;
  if (badHistory) dropped.push(`${badHistory} history entr${badHistory === 1 ? 'y' : 'ies'}`);
  const activeEndpointId = endpoints.some((e) => e.id === data.activeEndpointId)
    ? String(data.activeEndpointId)
    : embeddedEndpointId;
  const saved: SavedState = {
    version: currentVersion,
    tracers,
    activeTracerId,
    request: validateRequest(data.request),
    endpoints,
    activeEndpointId,
    history,
  };
  return { saved, dropped };
}

function arrayOf(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`"${what}" is not a list`);
  return value;
}

function validateTracer(value: unknown, profile?: unknown): TracerDoc {
  const t = value as (Partial<TracerDoc> & { profile?: unknown }) | null;
  if (!t || typeof t.id !== 'string' || typeof t.name !== 'string' || typeof t.source !== 'string')
    throw new Error('a tracer entry lacks id, name or source');
  // The target, or the profile earlier versions knew ('strict' is es5, 'goja' is geth), on the tracer or for all.
  const target = parseTarget(t.target) ?? parseTarget(t.profile) ?? parseTarget(profile);
  const doc: TracerDoc = { id: t.id, name: t.name, source: t.source };
  if (target && target !== 'es5') doc.target = target;
  if (typeof t.tracerConfig === 'string' && t.tracerConfig !== '') doc.tracerConfig = t.tracerConfig;
  return doc;
}

function validateEndpoint(value: unknown): Endpoint {
  const e = value as Partial<Endpoint> | null;
  if (!e || typeof e.id !== 'string' || typeof e.name !== 'string' || typeof e.url !== 'string')
    throw new Error('an endpoint entry lacks id, name or url');
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  // `user:password@` in a saved URL (older versions kept it there) moves into the basic-auth fields.
  // A masked one (`••••:••••@`, saved without "remember") carries nothing to move.
  const split = (url: string) => {
    const s = splitUserInfo(url);
    return (s.user + s.password).includes(secretMask) ? { ...s, user: '', password: '' } : s;
  };
  const http = split(e.url);
  const ws = split(str(e.wsUrl));
  const user = str(e.user) || http.user || ws.user;
  const password = str(e.password) || http.password || ws.password;
  return {
    id: e.id,
    name: e.name,
    kind: 'http',
    url: http.url,
    wsUrl: ws.url,
    preferWs: e.preferWs === true && ws.url !== '',
    user,
    password,
    remember: e.remember === true,
    family: e.family === 'bitcoin' ? 'bitcoin' : 'evm',
    forward: e.forward === true,
  };
}

function validateRequest(value: unknown): RequestDraft {
  return decodeRequestDraft(value) ?? createRequestDraft();
}

function isHistoryEntry(value: unknown): value is HistoryEntry {
  const h = value as Partial<HistoryEntry> | null;
  return (
    !!h &&
    typeof h.id === 'string' &&
    typeof h.method === 'string' &&
    Array.isArray(h.params) &&
    typeof h.time === 'number'
  );
}
