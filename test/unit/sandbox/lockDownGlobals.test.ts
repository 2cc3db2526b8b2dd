import { describe, expect, it } from 'vitest';
import {
  blockedGlobals,
  blockedNavigatorMembers,
  lockDownGlobals,
} from '../../../src/worker/sandbox/lockDownGlobals.ts';

// A fake worker global laid out like browsers do it: some members on the object, some on prototypes, getters,
// and one that cannot be removed.
function createFakeGlobal() {
  const scopeProto = {
    fetch: () => 'sent',
    importScripts: () => 'loaded',
    get indexedDB() {
      return { open: () => 'opened' };
    },
    setTimeout: () => 1,
  };
  const middle = Object.create(scopeProto, {
    caches: { get: () => ({ keys: () => [] }), configurable: true, enumerable: true },
  });
  const scope = Object.create(middle) as Record<string, unknown>;
  scope.XMLHttpRequest = function XMLHttpRequest() {};
  scope.WebSocket = function WebSocket() {};
  scope.postMessage = () => 'posted';
  scope.Math = Math;
  const navigatorProto = { sendBeacon: () => true, userAgent: 'fake' };
  const navigator = Object.create(navigatorProto, {
    storage: { get: () => ({ getDirectory: () => 'opfs' }), configurable: true },
  });
  scope.navigator = navigator;
  return { scope, navigator: navigator as Record<string, unknown>, scopeProto };
}

describe('lockDownGlobals', () => {
  it.each([['fetch'], ['importScripts'], ['indexedDB'], ['caches'], ['XMLHttpRequest'], ['WebSocket']])(
    '%s reads as undefined afterwards, through the object and in the `in` check',
    (name) => {
      const { scope } = createFakeGlobal();
      expect(scope[name]).toBeDefined();
      lockDownGlobals(scope);
      expect(scope[name]).toBeUndefined();
      expect(() => {
        scope[name] = () => 'restored';
      }).toThrow(TypeError); // pinned: a tracer cannot put it back (ES modules run strict)
      expect(scope[name]).toBeUndefined();
    },
  );

  it.each([['sendBeacon'], ['storage']])('navigator.%s is removed', (name) => {
    const { scope, navigator } = createFakeGlobal();
    lockDownGlobals(scope);
    expect(navigator[name]).toBeUndefined();
    expect(navigator.userAgent).toBe('fake');
  });

  it('removes the member from the prototype too, so another object sharing it cannot reach it', () => {
    const { scope, scopeProto } = createFakeGlobal();
    lockDownGlobals(scope);
    expect(Object.prototype.hasOwnProperty.call(scopeProto, 'fetch')).toBe(false);
    expect(Object.prototype.hasOwnProperty.call(scopeProto, 'indexedDB')).toBe(false);
  });

  it('keeps everything else', () => {
    const { scope } = createFakeGlobal();
    lockDownGlobals(scope);
    expect((scope.setTimeout as () => number)()).toBe(1);
    expect((scope.postMessage as () => string)()).toBe('posted');
    expect(scope.Math).toBe(Math);
  });

  it('reports what it removed and creates no name that was absent', () => {
    const { scope } = createFakeGlobal();
    const report = lockDownGlobals(scope);
    expect(report).toEqual({
      removed: [
        'fetch',
        'XMLHttpRequest',
        'WebSocket',
        'importScripts',
        'indexedDB',
        'caches',
        'navigator.sendBeacon',
        'navigator.storage',
      ],
      failed: [],
    });
    expect('EventSource' in scope).toBe(false);
    expect('localStorage' in scope).toBe(false);
  });

  it('reports a member it cannot remove (non-configurable and read-only)', () => {
    const scope = {};
    Object.defineProperty(scope, 'fetch', { value: () => 'sent', configurable: false, writable: false });
    expect(lockDownGlobals(scope)).toEqual({ removed: [], failed: ['fetch'] });
  });

  it('treats a getter that throws as removed', () => {
    const scope = {};
    Object.defineProperty(scope, 'indexedDB', {
      get() {
        throw new Error('SecurityError');
      },
      configurable: false,
    });
    expect(lockDownGlobals(scope)).toEqual({ removed: ['indexedDB'], failed: [] });
  });

  it('is idempotent', () => {
    const { scope } = createFakeGlobal();
    lockDownGlobals(scope);
    expect(lockDownGlobals(scope).failed).toEqual([]);
    expect(scope.fetch).toBeUndefined();
  });

  it('covers the globals the task names', () => {
    for (const name of [
      'fetch',
      'XMLHttpRequest',
      'WebSocket',
      'EventSource',
      'importScripts',
      'indexedDB',
      'caches',
      'Worker',
      'BroadcastChannel',
    ])
      expect(blockedGlobals).toContain(name);
    expect(blockedNavigatorMembers).toContain('sendBeacon');
  });
});
