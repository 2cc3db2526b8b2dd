/**
 * One way a node's error text names a position in the tracer it ran.
 *
 * Every engine evaluates `'(' + code + ')'`, so on line 1 each column counts one extra character (the `(`); all the
 * columns below are 1-based as the node wrote them (see `sentPosition` in findNodeErrorLocation.ts for the position
 * in the tracer text as sent).
 */
export interface NodeErrorLocationForm {
  /** A stable name for the form (used in tests and messages). */
  id: string;
  /** The engine that writes this form, and the nodes that embed it. */
  engine: string;
  /** A node's error text with this form, as the node returns it. */
  example: string;
  /**
   * Finds the position. How to read it: the named groups `line` and `column` (1-based, column 1 of line 1 being
   * the `(` the node prepends) and, where the engine writes one, `offset` (goja's bytecode offset, the `pc` of the
   * frame). The first match in the text is the one read.
   */
  position: RegExp;
  /**
   * The text around a position that a message shown beside the source drops (a whole stack frame such as
   * ` at step (<eval>:1:70(2))`). Global regexes, applied in order.
   */
  noise: readonly RegExp[];
}

/**
 * The location forms of node error texts, in the order they are tried: a text is read by the first form that
 * matches anywhere in it. This table is the only place that knows them; adding a form is a row here plus a row in
 * test/unit/nodeErrors/nodeErrorLocations.test.ts (docs/architecture.md, "How to add a node-error format").
 */
export const nodeErrorLocationForms: readonly NodeErrorLocationForm[] = [
  {
    id: 'goja-frame',
    engine: 'goja runtime error (geth, Erigon): the first `<eval>` frame is the innermost one of the tracer',
    example:
      "TypeError: Cannot read property 'foo' of undefined at step (<eval>:1:70(2))    in server-side tracer function 'step'",
    position: /<eval>:(?<line>\d+):(?<column>\d+)(?:\((?<offset>\d+)\))?/,
    noise: [/\s+at\s+[\w$.]*\s*\(<eval>:\d+:\d+(?:\(\d+\))?\)/g, /\s+at\s+<eval>:\d+:\d+(?:\(\d+\))?/g],
  },
  {
    id: 'goja-syntax',
    engine: 'goja SyntaxError (geth, Erigon): the parser names the unnamed file `(anonymous)`',
    example: 'SyntaxError: SyntaxError: (anonymous): Line 1:70 Unexpected token . (and 2 more errors)',
    position: /Line (?<line>\d+):(?<column>\d+)/,
    noise: [/\(anonymous\):\s*Line \d+:\d+\s*/g],
  },
  {
    id: 'boa',
    engine: 'Boa (reth, Anvil): `at line L, col C` (also read as `Line L, Column C`)',
    example: 'failed to evaluate JS code: TypeError: not a callable function at line 1, col 50',
    position: /line (?<line>\d+), col(?:umn)? (?<column>\d+)/i,
    noise: [/\s+at line \d+, col(?:umn)? \d+/gi],
  },
  {
    id: 'v8',
    // V8's stack frame shape; no Nethermind reply with a position has been captured yet.
    engine: 'V8 (Nethermind, through ClearScript): a stack frame of the unnamed script `<anonymous>`',
    example: "TypeError: Cannot read properties of undefined (reading 'foo')\n    at step (<anonymous>:1:70)",
    position: /<anonymous>:(?<line>\d+):(?<column>\d+)/,
    noise: [
      /\s+at\s+[\w$.]*\s*\(<anonymous>:\d+:\d+\)/g,
      /\s+at\s+<anonymous>:\d+:\d+/g,
      /\s*\(?<anonymous>:\d+:\d+\)?/g,
    ],
  },
];
