/** Rows asked of the worker at once: a block around the ones in view. */
export const rowBlock = 64;
// Blocks kept: a few screens either way, so that scrolling back shows rows at once.
const keptBlocks = 32;

/** The rows of a list that live elsewhere (a worker), fetched by blocks as the list draws them. */
export interface RowCache<T> {
  /** Row `index` if it is here; otherwise undefined, and its block is fetched (then `onLoad` is called). */
  get(index: number): T | undefined;
  /** Row `index` if it is here (fetches nothing). */
  peek(index: number): T | undefined;
  /** Forgets every row and fetches from `load` from now on (a new recording or filter). */
  reset(load: (start: number, count: number) => Promise<T[]>): void;
  /** Whether a block is on its way. */
  busy(): boolean;
}

/**
 * Creates a cache of fetched row blocks: a block is asked for once, answers for a cache since reset are dropped, and
 * the oldest blocks are forgotten past {@link keptBlocks}. `onLoad` runs after a block arrives (redraw the list).
 */
export function createRowCache<T>(onLoad: () => void): RowCache<T> {
  let blocks = new Map<number, T[] | null>();
  let load: ((start: number, count: number) => Promise<T[]>) | null = null;
  let pending = 0;
  const fetchBlock = (b: number) => {
    const mine = blocks;
    mine.set(b, null);
    pending++;
    void load!(b * rowBlock, rowBlock)
      .then(
        (rows) => blocks === mine && mine.set(b, rows),
        // A block that failed (a recording replaced meanwhile) is not asked for again until the next reset.
        () => blocks === mine && mine.set(b, []),
      )
      .finally(() => {
        if (blocks !== mine) return;
        pending--;
        onLoad();
      });
    for (const old of mine.keys()) {
      if (mine.size <= keptBlocks) break;
      if (mine.get(old)) mine.delete(old);
    }
  };
  const peek = (index: number) => blocks.get(Math.floor(index / rowBlock))?.[index % rowBlock];
  return {
    peek,
    get(index) {
      const b = Math.floor(index / rowBlock);
      if (!blocks.has(b) && load) fetchBlock(b);
      return peek(index);
    },
    reset(next) {
      blocks = new Map();
      pending = 0;
      load = next;
    },
    busy: () => pending > 0,
  };
}
