import type { RealmFactory } from './tracerRealm.ts';

let factory: Promise<RealmFactory> | undefined;

/**
 * The realm used when a caller names none: QuickJS, which runs the same in the browser and in Node. Loaded lazily
 * (the WebAssembly module and the bigInt library text are fetched through the bundler's `?raw`, so Node's CLI, which
 * runs without a bundler, always passes its own realm instead).
 */
export function defaultRealmFactory(): Promise<RealmFactory> {
  factory ??= Promise.all([
    import('./createQuickJsRealm.ts'),
    import('big-integer/BigInteger.min.js?raw'),
  ]).then(([q, lib]) => q.createQuickJsRealmFactory(lib.default));
  return factory;
}
