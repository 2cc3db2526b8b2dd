// Node only: the QuickJS realm (the page's engine) with the bigInt library read from the npm package, for runs whose
// figures must be the page's: `tracer replay --profile` estimates geth's time from QuickJS's (see estimateGethTime).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createQuickJsRealmFactory } from './createQuickJsRealm.ts';
import { Op } from './realmProtocol.ts';
import type { RealmFactory } from './tracerRealm.ts';

let warm: Promise<RealmFactory> | undefined;

/**
 * The QuickJS realm factory for Node, warmed up: the first realm of a process costs about 0.3 s (loading the
 * WebAssembly module, and running the bigInt library and the prelude in code not yet optimised), time that is no
 * tracer's and that a trace's deadline and profile would count (both start before its realm is made). Made once.
 */
export function nodeQuickJsRealm(): Promise<RealmFactory> {
  warm ??= (async () => {
    const factory = createQuickJsRealmFactory(
      readFileSync(createRequire(import.meta.url).resolve('big-integer/BigInteger.min.js'), 'utf8'),
    );
    // The prelude asks for the opcode names while it is set up; nothing else is asked of this host.
    const realm = await factory((op) => (op === Op.opNames ? '' : undefined), {
      deadline: Infinity,
      memoryBytes: 64 * 1024 * 1024,
    });
    realm.dispose();
    return factory;
  })();
  return warm;
}
