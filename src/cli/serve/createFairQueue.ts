/** Items waiting to run, each for one client, taken round-robin across the clients (see {@link createFairQueue}). */
export interface FairQueue<T> {
  /** Adds `item` after the items `client` already has waiting. */
  push(client: object, item: T): void;
  /**
   * Removes and returns the next item to run, or undefined when nothing waits. `running` tells how many items of a
   * client are running now (default: none): clients with fewer go first.
   */
  shift(running?: (client: object) => number): T | undefined;
  /** Removes every item `client` has waiting and returns them (in their order). */
  drop(client: object): T[];
  /** Removes every item and returns them. */
  clear(): T[];
  /** How many items wait (all clients). */
  readonly size: number;
}

interface Waiting<T> {
  client: object;
  items: T[];
}

/**
 * A queue per client, served round-robin: the clients with items waiting stand in a ring; {@link FairQueue.shift}
 * takes the first item of the first client in the ring among those with the fewest items running, and moves that
 * client to the tail (or out of the ring when it has nothing left); a client that had nothing waiting joins at the
 * tail. The bound: once a client has an item first in its queue, every other client has at most one item taken before
 * it, however many each has waiting (taken once, a client is behind it in the ring, and while it has that item
 * running, behind it in the order too). A client with nothing running goes before every client with something
 * running, so one client's long queue delays another client's item by at most one of its own.
 */
export function createFairQueue<T>(): FairQueue<T> {
  const ring: Array<Waiting<T>> = [];
  const byClient = new Map<object, Waiting<T>>();
  let size = 0;
  return {
    push(client, item) {
      let waiting = byClient.get(client);
      if (!waiting) {
        waiting = { client, items: [] };
        byClient.set(client, waiting);
        ring.push(waiting);
      }
      waiting.items.push(item);
      size++;
    },
    shift(running = () => 0) {
      if (ring.length === 0) return undefined;
      let at = 0;
      let fewest = running(ring[0].client);
      for (let i = 1; i < ring.length && fewest > 0; i++) {
        const n = running(ring[i].client);
        if (n < fewest) [at, fewest] = [i, n];
      }
      const [picked] = ring.splice(at, 1);
      const item = picked.items.shift()!;
      size--;
      if (picked.items.length) ring.push(picked);
      else byClient.delete(picked.client);
      return item;
    },
    drop(client) {
      const waiting = byClient.get(client);
      if (!waiting) return [];
      byClient.delete(client);
      ring.splice(ring.indexOf(waiting), 1);
      size -= waiting.items.length;
      return waiting.items;
    },
    clear() {
      const all = ring.flatMap((w) => w.items);
      ring.length = 0;
      byClient.clear();
      size = 0;
      return all;
    },
    get size() {
      return size;
    },
  };
}
