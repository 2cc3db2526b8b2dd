/**
 * goja's wording for the engine messages tracers hit most (best effort; other messages stay the engine's):
 * V8's `Cannot read properties of undefined (reading 'x')` and QuickJS's `cannot read property 'x' of undefined`
 * become `Cannot read property 'x' of undefined`; V8's `a.b is not a function` becomes `Object has no member 'b'`;
 * QuickJS's `'x' is not defined` becomes `x is not defined`; QuickJS's own `InternalError: stack overflow` becomes V8's and
 * goja's `RangeError: Maximum call stack size exceeded`.
 */
export function gojaMessage(text: string): string {
  return text
    .replace(
      /^TypeError: Cannot read properties of (undefined|null) \(reading '(.*)'\)$/,
      "TypeError: Cannot read property '$2' of $1",
    )
    .replace(
      /^TypeError: cannot read property '(.*)' of (undefined|null)$/,
      "TypeError: Cannot read property '$1' of $2",
    )
    .replace(/^TypeError: \S+\.([\w$]+) is not a function$/, "TypeError: Object has no member '$1'")
    .replace(/^ReferenceError: '([\w$]+)' is not defined$/, 'ReferenceError: $1 is not defined')
    .replace(/^InternalError: stack overflow$/, 'RangeError: Maximum call stack size exceeded');
}
