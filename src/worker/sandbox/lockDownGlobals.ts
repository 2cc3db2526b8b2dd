// Defence in depth for the worker that runs user tracer code: even where no sandbox iframe and CSP surround it (the
// dev server, an old browser), the code finds no way to send data or to read the origin's storage.

/** Globals that can send data somewhere, reach origin storage or start more code. */
export const blockedGlobals: readonly string[] = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocketStream',
  'WebTransport',
  'EventSource',
  'importScripts',
  'indexedDB',
  'IDBFactory',
  'caches',
  'CacheStorage',
  'cookieStore',
  'localStorage',
  'sessionStorage',
  'Worker',
  'SharedWorker',
  'ServiceWorker',
  'BroadcastChannel',
  'RTCPeerConnection',
  'webkitRTCPeerConnection',
  'webkitRequestFileSystem',
  'webkitRequestFileSystemSync',
  'webkitResolveLocalFileSystemURL',
  'webkitResolveLocalFileSystemSyncURL',
  'fetchLater',
];

/** Members of `navigator` that send data or reach origin storage. */
export const blockedNavigatorMembers: readonly string[] = [
  'sendBeacon',
  'storage',
  'locks',
  'serviceWorker',
  'connection',
];

/** What {@link lockDownGlobals} did: names it removed, and names it found but could not remove. */
export interface LockDownReport {
  removed: string[];
  failed: string[];
}

// A name may live on the object itself or on any prototype up the chain (WebIDL puts a [Global] interface's
// members on the global, but browsers differ): remove it everywhere, then pin it to undefined.
function removeEverywhere(target: object, name: string): boolean {
  let found = false;
  for (let o: object | null = target; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    if (!Object.prototype.hasOwnProperty.call(o, name)) continue;
    found = true;
    try {
      delete (o as Record<string, unknown>)[name];
    } catch {
      // Non-configurable in strict mode: the shadowing define below still hides it.
    }
  }
  if (found) {
    try {
      Object.defineProperty(target, name, {
        value: undefined,
        writable: false,
        configurable: false,
        enumerable: false,
      });
    } catch {
      // Not extensible or non-configurable: the read below decides.
    }
  }
  return found;
}

function lockOne(target: object, name: string, label: string, report: LockDownReport): void {
  let present: boolean;
  try {
    present = name in target;
  } catch {
    present = true;
  }
  if (!present) return;
  removeEverywhere(target, name);
  let left: unknown;
  try {
    left = (target as Record<string, unknown>)[name];
  } catch {
    left = undefined; // a getter that throws gives nothing
  }
  (left === undefined ? report.removed : report.failed).push(label);
}

/**
 * Removes the network, storage and code-loading globals listed in {@link blockedGlobals} (and the `navigator`
 * members in {@link blockedNavigatorMembers}) from `scope`, on the object and on its prototypes. Call it in the
 * worker before any user code runs. Returns what was removed and what could not be (an empty `failed` is the goal).
 */
export function lockDownGlobals(scope: object): LockDownReport {
  const report: LockDownReport = { removed: [], failed: [] };
  let navigator: unknown;
  try {
    navigator = (scope as { navigator?: unknown }).navigator;
  } catch {
    navigator = undefined;
  }
  for (const name of blockedGlobals) lockOne(scope, name, name, report);
  if (navigator && typeof navigator === 'object') {
    for (const name of blockedNavigatorMembers) lockOne(navigator, name, `navigator.${name}`, report);
  }
  return report;
}
