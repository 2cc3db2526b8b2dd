import { parse } from '../es5/loopParser.ts';
import type * as estree from 'estree';
import { functionToNode } from './functionToNode.ts';
import { generateOneLine } from './generateOneLine.ts';

const identifierName = /^[A-Za-z_$][\w$]*$/;

function keyNode(key: string): estree.Identifier | estree.Literal {
  return identifierName.test(key) ? { type: 'Identifier', name: key } : { type: 'Literal', value: key };
}

function numberNode(n: number): estree.Expression {
  if (Number.isNaN(n)) return { type: 'Identifier', name: 'NaN' };
  const abs: estree.Expression = Number.isFinite(n)
    ? { type: 'Literal', value: Math.abs(n) }
    : { type: 'Identifier', name: 'Infinity' };
  const negative = n < 0 || Object.is(n, -0);
  // Stryker disable next-line BooleanLiteral: escodegen prints every UnaryExpression as a prefix, whatever `prefix` says
  return negative ? { type: 'UnaryExpression', operator: '-', prefix: true, argument: abs } : abs;
}

/** Names what `v` is; only called for objects whose prototype is neither Object.prototype nor null. */
function describeValue(v: object): string {
  const name = (Object.getPrototypeOf(v) as { constructor?: { name?: string } }).constructor?.name;
  return name ? `a ${name} instance` : 'an object with a custom prototype';
}

interface Walk {
  /** Objects on the path from the root to the current value (to detect cycles). */
  ancestors: object[];
}

function propertyNode(key: string, value: estree.Expression): estree.Property {
  // Stryker disable StringLiteral: escodegen prints any property that is no getter, setter, method or shorthand as
  // `key:value` (it reads neither the type nor kind 'init'), and the flattener's AST walks only need a string `type`.
  return {
    type: 'Property',
    key: keyNode(key),
    value,
    kind: 'init',
    // Stryker restore StringLiteral
    method: false,
    shorthand: false,
    computed: false,
  };
}

function objectNode(obj: Record<string, unknown>, path: string, walk: Walk): estree.ObjectExpression {
  if (Object.getOwnPropertySymbols(obj).length > 0)
    throw new Error(`${path} has symbol keys, which cannot be sent`);
  const properties: estree.Property[] = [];
  for (const key of Object.keys(obj)) {
    const sub = identifierName.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
    if (key === '__proto__') throw new Error(`${sub}: a '__proto__' key would set the prototype instead`);
    const desc = Object.getOwnPropertyDescriptor(obj, key)!;
    if (desc.get || desc.set) throw new Error(`${sub} is a getter/setter; only plain values can be sent`);
    properties.push(propertyNode(key, valueNode(desc.value, sub, walk)));
  }
  return { type: 'ObjectExpression', properties };
}

function arrayNode(arr: unknown[], path: string, walk: Walk): estree.ArrayExpression {
  const elements: estree.Expression[] = [];
  for (let i = 0; i < arr.length; i++) {
    if (!(i in arr)) throw new Error(`${path}[${i}] is a hole in a sparse array; use null`);
    elements.push(valueNode(arr[i], `${path}[${i}]`, walk));
  }
  return { type: 'ArrayExpression', elements };
}

function valueNode(v: unknown, path: string, walk: Walk): estree.Expression {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return { type: 'Literal', value: v };
    case 'number':
      return numberNode(v);
    case 'function':
      return functionToNode(v as (...args: unknown[]) => unknown, path);
    case 'undefined':
      throw new Error(`${path} is undefined, which JSON cannot carry; use null or leave the member out`);
    case 'symbol':
    case 'bigint':
      throw new Error(`${path} is a ${typeof v}; only functions and JSON data can be sent`);
  }
  if (v === null) return { type: 'Literal', value: null };
  const obj = v as object;
  if (walk.ancestors.includes(obj))
    throw new Error(`${path} refers back to an enclosing object (cyclic data)`);
  const proto = Object.getPrototypeOf(obj);
  const isArray = Array.isArray(obj);
  if (!isArray && proto !== Object.prototype && proto !== null)
    throw new Error(
      `${path} is ${describeValue(obj)}; only plain objects, arrays and JSON values can be sent`,
    );
  walk.ancestors.push(obj);
  try {
    return isArray
      ? arrayNode(obj as unknown[], path, walk)
      : objectNode(obj as Record<string, unknown>, path, walk);
  } finally {
    walk.ancestors.pop();
  }
}

/**
 * Converts a live tracer object (members are functions and JSON data) into a ready-to-send string — the spec's
 * 4.4 rule 4 route done without a textual quote swap. Each function is re-parsed from its source text
 * (Function.prototype.toString) and re-printed, so comments vanish, shorthand methods `step(log){}` become
 * `step:function(log){}`, and arrow functions stay valid (but note an arrow function has no own `this`). Data is
 * printed as JS literals: single-quoted strings, NaN/Infinity/-0 kept as JS expressions. The output is one line
 * without `"` (see escapeLiteral.ts).
 *
 * Throws an Error naming the member path for anything that cannot be sent faithfully: undefined, symbols, bigints,
 * class instances (Date, Map, typed arrays …), getters, sparse-array holes, cyclic data, `__proto__` keys, native
 * or bound functions, classes, and functions that use variables from outside themselves (closures are not sent;
 * only ECMAScript built-ins and geth's tracer globals such as bigInt and toHex may be used). Shared (non-cyclic)
 * references are printed once per use.
 */
export function tracerObjectToString(tracer: Record<string, unknown>): string {
  if (tracer === null || typeof tracer !== 'object' || Array.isArray(tracer))
    throw new Error('The tracer must be a plain object whose members are functions and JSON data');
  // Stryker disable next-line ArrayDeclaration: the cycle check compares objects; a string in the list matches none
  const node = valueNode(tracer, 'tracer', { ancestors: [] });
  const gen = generateOneLine(node);
  if (!gen.ok) throw new Error(gen.problem.message);
  // A guard against printer bugs that no input reaches while the printer is right (its mutants only weaken a check
  // that never fires); the printed syntax is tested directly (tracerObjectToString.test.ts: ES2021 syntax).
  // Stryker disable BlockStatement,ConditionalExpression,StringLiteral: the guard (see above)
  try {
    if (parse('(' + gen.code + ')', { ecmaVersion: 'latest' }).body.length !== 1)
      throw new Error('not one expression');
  } catch (e) {
    // Stryker disable next-line ObjectLiteral: the guard (see above)
    throw new Error(`The converted tracer does not parse (a bug): ${(e as Error).message}`, { cause: e });
  }
  // Stryker restore BlockStatement,ConditionalExpression,StringLiteral
  return gen.code;
}
