import { describe, expect, it } from 'vitest';
import { createRowCache, rowBlock } from '../../../src/ui/debug/createRowCache.ts';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('createRowCache', () => {
  it('asks for a row’s block once, and has its rows once it came', async () => {
    const asked: number[] = [];
    let loads = 0;
    const cache = createRowCache<string>(() => loads++);
    cache.reset(async (start, count) => {
      asked.push(start);
      return Array.from({ length: count }, (_, i) => `row ${start + i}`);
    });
    expect([cache.get(3), cache.get(5), cache.busy()]).toEqual([undefined, undefined, true]);
    await tick();
    expect([cache.get(5), cache.get(rowBlock + 1), cache.peek(2 * rowBlock)]).toEqual([
      'row 5',
      undefined,
      undefined,
    ]);
    await tick();
    expect(asked).toEqual([0, rowBlock]);
    expect([loads, cache.busy(), cache.peek(rowBlock + 1)]).toEqual([2, false, `row ${rowBlock + 1}`]);
  });

  it('drops an answer that comes after a reset', async () => {
    let release: (rows: string[]) => void = () => {};
    const cache = createRowCache<string>(() => {});
    cache.reset(() => new Promise((r) => (release = r)));
    cache.get(0);
    cache.reset(async () => ['new']);
    release(['old']);
    await tick();
    expect(cache.get(0)).toBeUndefined();
    await tick();
    expect(cache.peek(0)).toBe('new');
  });

  it('does not ask again for a block that failed, until the next reset', async () => {
    let asked = 0;
    const cache = createRowCache<string>(() => {});
    cache.reset(async () => {
      asked++;
      throw new Error('This recording was replaced');
    });
    cache.get(0);
    await tick();
    cache.get(0);
    await tick();
    expect([asked, cache.peek(0), cache.busy()]).toEqual([1, undefined, false]);
  });
});
