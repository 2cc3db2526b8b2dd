import type { Options, Parser } from 'acorn';

/** A scope's list of declared names (acorn's `var`, `lexical`, `functions`) whose `indexOf` is a map look-up. */
class NameList extends Array<string> {
  // Where each name first appears: what indexOf answers.
  private readonly first = new Map<string, number>();

  override push(...names: string[]): number {
    for (const name of names) {
      // Stryker disable next-line ConditionalExpression: acorn only asks whether a name is there; the first index keeps Array's answer
      if (!this.first.has(name)) this.first.set(name, this.length);
      this[this.length] = name;
    }
    return this.length;
  }

  override indexOf(name: string, fromIndex?: number): number {
    // Stryker disable next-line ConditionalExpression,BlockStatement: acorn never passes fromIndex; Array's answer for whoever does
    if (fromIndex !== undefined) return super.indexOf(name, fromIndex);
    return this.first.get(name) ?? -1;
  }
}

/** The same names, as a {@link NameList} once there are enough of them for a linear search to cost. */
function indexed(names: string[]): string[] {
  // Stryker disable next-line EqualityOperator,ConditionalExpression: a threshold for speed only; a NameList answers as the array does
  if (names.length < 16 || names instanceof NameList) return names;
  const list = new NameList();
  for (const name of names) list.push(name);
  return list;
}

interface Scope {
  flags: number;
  var: string[];
  lexical: string[];
  functions: string[];
}

/** The acorn internals this plugin hooks into (stable across acorn 8). */
interface Internals {
  scopeStack: Scope[];
  declareName(name: string, bindingType: number, pos: number): void;
}

type InternalsClass = new (options: Options, input: string, startPos?: number) => Internals;

// acorn's SCOPE_TOP | SCOPE_FUNCTION | SCOPE_CLASS_STATIC_BLOCK: the scopes a `var` declaration ends at.
const varScope = 1 | 2 | 256;

/**
 * An acorn plugin (for `Parser.extend`) that makes declaring a name cost the same however many names its scope
 * already holds. acorn checks every declaration against the names declared before it in the scope with
 * `Array.indexOf`, so a function body of 20,000 `let`s (or a block of as many function declarations) takes seconds
 * to parse; here a scope's lists, once long, answer `indexOf` from a map, and acorn's own checks run unchanged.
 */
export function withIndexedScopes(Base: typeof Parser): typeof Parser {
  const Internals = Base as unknown as InternalsClass;
  class Extended extends Internals {
    override declareName(name: string, bindingType: number, pos: number): void {
      // The scopes acorn reads and writes: the current one and, for a `var`, those up to its function's.
      // Stryker disable next-line EqualityOperator,ConditionalExpression: which lists are indexed changes the speed only
      for (let i = this.scopeStack.length - 1; i >= 0; i--) {
        const scope = this.scopeStack[i];
        scope.var = indexed(scope.var);
        scope.lexical = indexed(scope.lexical);
        scope.functions = indexed(scope.functions);
        // Stryker disable next-line ConditionalExpression,BlockStatement: which lists are indexed changes the speed only
        if (scope.flags & varScope) break;
      }
      super.declareName(name, bindingType, pos);
    }
  }
  return Extended as unknown as typeof Parser;
}
