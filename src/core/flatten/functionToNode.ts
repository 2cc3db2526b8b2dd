import { parse } from '../es5/loopParser.ts';
import type * as estree from 'estree';
import { findFreeVariables } from './findFreeVariables.ts';

type AnyNode = { type: string; [key: string]: unknown };

function tryParse(text: string): AnyNode | null {
  try {
    // The text is wrapped in brackets, so a successful parse is one expression statement.
    return (parse(text, { ecmaVersion: 'latest' }) as unknown as { body: AnyNode[] }).body[0]
      .expression as AnyNode;
  } catch {
    return null;
  }
}

/** The function node for a `function …`, arrow or shorthand-method source text, or null. */
function parseFunctionText(text: string): AnyNode | null {
  // A function's text read as `(text)` is a function or arrow expression, or does not parse (a method's text).
  const expr = tryParse('(' + text + '\n)');
  if (expr !== null) return expr;
  // A shorthand method `step(log) {…}` (also async, generator, getter and setter ones) only parses inside an object
  // literal; every function text that is no expression parses there, so the object is never null.
  const prop = (tryParse('({' + text + '\n})')!.properties as AnyNode[])[0];
  // A getter or setter is no method (`kind` get/set): it cannot be sent as a function.
  return prop.method ? (prop.value as AnyNode) : null;
}

/**
 * Turns a live function into an AST node from its source text (Function.prototype.toString), so it can be printed
 * without comments; shorthand methods become plain function expressions. Throws a clear Error for functions whose
 * source cannot be sent: native and bound functions, classes, getters, functions using `super`, and functions that
 * use variables from outside themselves (the text is sent, the closure is not).
 */
export function functionToNode(fn: (...args: unknown[]) => unknown, path: string): estree.Expression {
  const text = Function.prototype.toString.call(fn);
  if (/\{\s*\[native code\]\s*\}\s*$/.test(text)) {
    const why = fn.name.startsWith('bound ')
      ? 'is a bound function; its source text is not available (send the unbound function and use this)'
      : 'is a built-in function; its source text is not available';
    throw new Error(`${path} ${why}`);
  }
  if (/^class\b/.test(text))
    throw new Error(`${path} is a class; a tracer member must be a function or JSON data`);
  const node = parseFunctionText(text);
  if (!node) throw new Error(`${path}: cannot read the function's source text: ${text.slice(0, 60)}`);
  const { free, usesSuper } = findFreeVariables(node);
  if (usesSuper) throw new Error(`${path} uses super, which has no meaning once the method is sent as text`);
  if (free.length > 0) {
    const names = free.join(', ');
    throw new Error(
      `${path} uses ${names} from outside the function; the tracer is sent as source text, so outer variables are not sent with it. Move ${free.length === 1 ? 'it' : 'them'} into the tracer object (this.${free[0]}) or into the function`,
    );
  }
  return node as unknown as estree.Expression;
}
