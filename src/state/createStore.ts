/** A listener called after every state change with the new and the previous state. */
export type Listener<S> = (state: S, previous: S) => void;

/** A small typed store: one immutable state object, replaced on every update. */
export interface Store<S> {
  /** The current state. */
  get(): S;
  /** Replaces part of the state (shallow merge) or derives the next state from the current one. */
  update(change: Partial<S> | ((state: S) => Partial<S>)): void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: Listener<S>): () => void;
}

/** Creates a {@link Store} holding `initial`. */
export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<Listener<S>>();
  return {
    get: () => state,
    update(change) {
      const patch = typeof change === 'function' ? change(state) : change;
      const previous = state;
      state = { ...state, ...patch };
      for (const l of [...listeners]) l(state, previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
