/** Hands out increasing request ids and tells whether a result still belongs to the newest request. */
export interface Sequence {
  /** Starts a new request and returns its id; every older id becomes stale. */
  next(): number;
  /** True when `id` is the newest request id. */
  isCurrent(id: number): boolean;
}

/** Creates a {@link Sequence} starting at 1. */
export function createSequence(): Sequence {
  let latest = 0;
  return { next: () => ++latest, isCurrent: (id) => id === latest };
}
