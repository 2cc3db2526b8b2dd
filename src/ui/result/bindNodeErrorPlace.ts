import type { Position } from '../../core/diagnostics.ts';

/** Where in the editor's tracer a node's error text points (null: nowhere it can tell). */
export type NodeErrorPlaceFinder = (errorText: string) => Promise<Position | null>;

// The tracer worker and the editor's source are the page's: it binds the finder once, the result card asks it.
let finder: NodeErrorPlaceFinder | null = null;

/** Lets the result card name the line of a node's tracer error (the page maps it through the flattening). */
export function bindNodeErrorPlace(find: NodeErrorPlaceFinder): void {
  finder = find;
}

/** The place a node's error text points to in the tracer, or null (no finder, no position, a failed mapping). */
export async function findNodeErrorPlace(errorText: string): Promise<Position | null> {
  try {
    return (await finder?.(errorText)) ?? null;
  } catch {
    return null;
  }
}
