import type { Remote } from 'comlink';

/**
 * Wraps a comlink remote so that every method call first awaits `ready`: calls made during start-up wait, and after
 * a failed start-up they reject with `ready`'s error instead of hanging. Other members pass through unchanged.
 */
export function gateRemote<T>(remote: Remote<T>, ready: Promise<void>): Remote<T> {
  return new Proxy(remote as object, {
    get(target, key) {
      const member = Reflect.get(target, key) as unknown;
      // `then` stays comlink's (undefined at the root), so awaiting the remote itself does not call the worker.
      if (typeof key !== 'string' || key === 'then' || typeof member !== 'function') return member;
      return async (...args: unknown[]) => {
        await ready;
        return (member as (...a: unknown[]) => unknown)(...args);
      };
    },
  }) as Remote<T>;
}
