// The length rule of the house style ("no function over ~80 lines: name the pieces") and a scanner that measures
// every function of a source file. functionLength.test.ts applies the one to all of src/.
import ts from 'typescript';

/** Functions longer than this many lines (first to last, both counted) break the rule. */
export const maxFunctionLines = 80;

/** One function of a file: its name (see {@link functionName}), first line (1-based) and length in lines. */
export interface FunctionSize {
  name: string;
  line: number;
  lines: number;
}

type FunctionLike =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

function isFunctionLike(node: ts.Node): node is FunctionLike {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** The name a function is known by: its own, else the variable or property it is assigned to. */
function ownName(node: FunctionLike): string | undefined {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText();
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken)
    return parent.left.getText();
  return undefined;
}

/**
 * Every function, arrow and method of a TypeScript file with its length, outermost first. A function without a name
 * of its own is named after the variable or property it is assigned to, else `<anonymous in OUTER>` (OUTER: the
 * nearest enclosing function's name, or the file's top level). Object and array literals are not functions: only
 * the functions inside them are measured.
 */
export function measureFunctions(fileName: string, text: string): FunctionSize[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: FunctionSize[] = [];
  const visit = (node: ts.Node, outer: string): void => {
    let inner = outer;
    if (isFunctionLike(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = ownName(node) ?? `<anonymous in ${outer}>`;
      out.push({ name, line: first + 1, lines: last - first + 1 });
      inner = name;
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, 'top level');
  return out;
}

/** `file:name` of every function of `text` longer than {@link maxFunctionLines}, with its line and length. */
export function longFunctions(
  fileName: string,
  text: string,
): { key: string; line: number; lines: number }[] {
  return measureFunctions(fileName, text)
    .filter((f) => f.lines > maxFunctionLines)
    .map((f) => ({ key: `${fileName}:${f.name}`, line: f.line, lines: f.lines }));
}
