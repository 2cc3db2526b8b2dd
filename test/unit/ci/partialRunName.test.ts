import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module config without types
import { partialRunName } from '../../../stryker.config.mjs';

// A partial run's name becomes a file name (`<name>.json` in reports/stryker-incremental and reports/mutation):
// it must stay under Linux's 255-byte limit and differ for different globs.
const long = (n: number) =>
  `src/core/tracer/{${Array.from({ length: n }, (_, i) => `lintFile${i}`).join(',')}}.ts`;

describe('partialRunName', () => {
  it.each([
    ['src/evm/host/gojaMessage.ts', 'partial-src-evm-host-gojaMessage-ts'],
    ['src/evm/host/{a,realm/b}.ts', 'partial-src-evm-host-a-realm-b-ts'],
    ['/src/x.ts/', 'partial-src-x-ts'],
  ])('%s → %s (short globs are spelled out)', (glob, name) => {
    expect(partialRunName(glob)).toBe(name);
  });

  it.each([10, 23, 200])('a glob of %i files fits a file name and keeps a readable head', (n) => {
    const name = partialRunName(long(n));
    expect(Buffer.byteLength(`${name}.json`)).toBeLessThanOrEqual(255);
    expect(name.startsWith('partial-src-core-tracer-lintFile0-lintFile1-')).toBe(true);
  });

  it('two long globs that share their first 120 characters get different names', () => {
    const a = long(40);
    const b = `${long(40).slice(0, -4)},other}.ts`;
    expect(partialRunName(a).slice(0, 100)).toBe(partialRunName(b).slice(0, 100));
    expect(partialRunName(a)).not.toBe(partialRunName(b));
  });
});
