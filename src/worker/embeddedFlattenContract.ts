// The contract of embeddedFlatten.worker.ts (the page imports it with `import type`).
import type { LegacyProfile, TargetId } from '../core/targets.ts';

/**
 * The tracer text for the embedded node only: `flattened` (no console call: the one-line string any node gets) or
 * `verbatim` (the tracer object's own text, console calls kept: geth has no console, so it never goes elsewhere).
 */
export interface EmbeddedTracerCode {
  kind: 'flattened' | 'verbatim';
  code: string;
}

/** What the embedded-flatten worker answers. */
export interface EmbeddedFlattenApi {
  /** The embedded node's text for `source`, or null when it has errors besides console calls. */
  flatten(source: string, target: TargetId | LegacyProfile): EmbeddedTracerCode | null;
}
