import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createQuickJsRealmFactory } from '../../../src/evm/host/realm/createQuickJsRealm.ts';
import { createVmRealm } from '../../../src/evm/host/realm/createVmRealm.ts';
import type { RealmFactory } from '../../../src/evm/host/realm/tracerRealm.ts';

/** The QuickJS realm as the browser's node worker builds it (the bigInt library from the npm package). */
export const quickJsRealm = createQuickJsRealmFactory(
  readFileSync(createRequire(import.meta.url).resolve('big-integer/BigInteger.min.js'), 'utf8'),
);

/** Both realms, named: Node's V8 context (serve, replay, CLI) and QuickJS (the browser's embedded node). */
export const realms: ReadonlyArray<readonly [string, RealmFactory]> = [
  ['vm', createVmRealm],
  ['quickjs', quickJsRealm],
];
