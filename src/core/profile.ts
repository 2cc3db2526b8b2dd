/**
 * Which JavaScript engine the tracer is checked for.
 * - `strict`: ECMAScript 5.1 only (the spec's section 9; the default).
 * - `goja`: geth ≥ 1.10.18 (goja), which also runs many ES2015+ constructs; those become warnings.
 */
export type Profile = 'strict' | 'goja';

/** The default profile: strict ES5.1. */
export const defaultProfile: Profile = 'strict';
