import type * as estree from 'estree';
import type { Fix } from '../diagnostics.ts';
import { defineRule, type LintPass } from './defineRule.ts';
import type { LintContext, LintRule } from './lintContext.ts';
import { isRead } from './lintMisc.ts';
import { memberName, type AnyNode } from './walkNodes.ts';

/**
 * The console rule: geth's tracer runtime has no console. Console calls print on this tool's embedded node only
 * (`tracer replay --console`, the page's runs on its embedded node); a tracer holding one is never sent to a node. The choice
 * is to refuse, not to remove silently: `flatten`, `send`, `payload` and `curl` stop at this error (and check the
 * string they would send for the name `console` once more), so nothing a real node gets was changed behind the
 * author's back. One action removes them: the quick fix (every diagnostic of the rule carries the same one, removing
 * every console call that stands as a statement) or `tracer flatten --remove-console`. What cannot be removed safely
 * gets no fix and is refused until removed by hand: a call whose arguments change state (`=`, `++`, `--`, `delete`),
 * and any other use of `console` (`var c = console`, `(0, console.log)(x)`, `x = console.log(y)`, `console[k](…)`),
 * or of a property named `console` (`this.console`, `globalThis['console']`).
 */
export const consoleCall = defineRule(
  'console',
  'error',
  'a console call or use: geth has none, so flatten, send, payload and curl refuse it (the quick fix or flatten --remove-console removes the calls); it prints only on the embedded node (replay --console)',
);

const lead = 'geth has no console: ';
const where =
  'works only on the embedded node (tracer replay --console); a tracer holding it is never sent to a node';

/** The messages, by form (exported for the rule's table test). */
export const consoleMessages = {
  removable: (method: string) =>
    `${lead}console.${method}(…) ${where}. The quick fix removes every console call`,
  writes: (method: string) =>
    `${lead}console.${method}(…) ${where}. Remove it by hand: its arguments change state (=, ++, --, delete), which removing the call would drop`,
  other: `${lead}this use of console ${where}. Remove it by hand: the quick fix removes only console calls that stand as statements`,
  property:
    'a property named console may be the global console (this in a plain function call is the global object); geth has none, and a tracer holding it is never sent to a node. Rename or remove it',
};

/** What the rule keeps for one check: the shared fix, and the `console` names of the calls it removes. */
interface ConsoleState {
  fix: Fix;
  count: number;
  /** The `console` identifier of each statement call: its method, and whether the fix removes it. */
  calls: Map<estree.Node, { method: string; removable: boolean }>;
  /** The end of the last removed statement (a call nested in its arguments goes with it). */
  lastEnd: number;
}
const states = new WeakMap<LintContext, ConsoleState>();

function stateOf(cx: LintContext): ConsoleState {
  let st = states.get(cx);
  if (!st) {
    st = { fix: { title: 'Remove the console call', edits: [] }, count: 0, calls: new Map(), lastEnd: -1 };
    states.set(cx, st);
  }
  return st;
}

const check: LintRule = (visit, cx) => {
  const node = visit.node;
  if (node.type === 'ExpressionStatement') return noteStatementCall(node, visit.parent, cx, visit.fn);
  if (node.type === 'MemberExpression') {
    if (memberName(node) !== 'console' || !visit.parent || !isRead(node, visit.parent)) return;
    const p = node.property as AnyNode;
    cx.report(consoleCall.make(cx.r, consoleMessages.property, p.start, p.end));
    return;
  }
  if (node.type !== 'Identifier' || node.name !== 'console' || !visit.parent) return;
  if (!isRead(node, visit.parent) || !cx.types.isGlobal('console', visit.fn)) return;
  const st = stateOf(cx);
  const call = st.calls.get(node);
  const n = node as AnyNode;
  const message = !call
    ? consoleMessages.other
    : call.removable
      ? consoleMessages.removable(call.method)
      : consoleMessages.writes(call.method);
  const fix = call?.removable ? st.fix : undefined;
  cx.report(consoleCall.make(cx.r, message, n.start, n.end, fix));
};

/** `console.m(…);` standing as a statement: removable unless its arguments change state. */
function noteStatementCall(
  stmt: estree.ExpressionStatement,
  parent: AnyNode | null,
  cx: LintContext,
  fn: Parameters<LintRule>[0]['fn'],
): void {
  const call = stmt.expression;
  if (call.type !== 'CallExpression' || call.optional) return;
  const callee = call.callee;
  if (callee.type !== 'MemberExpression' || callee.optional) return;
  const object = callee.object;
  const method = memberName(callee);
  if (object.type !== 'Identifier' || object.name !== 'console' || method === undefined) return;
  if (!cx.types.isGlobal('console', fn)) return;
  const st = stateOf(cx);
  const s = stmt as AnyNode;
  // Inside the arguments of a call already removed (a function passed to it): removed with it.
  if (s.start < st.lastEnd) return void st.calls.set(object, { method, removable: true });
  const removable = !call.arguments.some(writesState);
  st.calls.set(object, { method, removable });
  if (!removable) return;
  st.fix.edits.push(removal(cx.source, s, parent));
  st.lastEnd = s.end;
  st.count++;
  st.fix.title = st.count === 1 ? 'Remove the console call' : `Remove every console call (${st.count})`;
}

/** Whether evaluating `node` writes: an assignment, `++`/`--` or `delete` outside a function it only creates. */
function writesState(node: estree.Node): boolean {
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const n = stack.pop() as estree.Node | null;
    if (!n || typeof n !== 'object' || typeof n.type !== 'string') continue;
    if (n.type === 'AssignmentExpression' || n.type === 'UpdateExpression') return true;
    if (n.type === 'UnaryExpression' && n.operator === 'delete') return true;
    if (n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression') continue;
    for (const [k, v] of Object.entries(n)) {
      if (k === 'loc' || k === 'range') continue;
      if (Array.isArray(v)) for (const item of v) stack.push(item);
      else if (v && typeof v === 'object') stack.push(v);
    }
  }
  return false;
}

const statementLists = new Set(['BlockStatement', 'Program', 'SwitchCase', 'StaticBlock']);

/**
 * The edit removing a statement: its whole line when nothing else is on it; `{}` where a statement is required (the
 * body of an `if` or a loop); `;` where removing it would join the statements around it (no `;` before, and the next
 * starts with a character that continues an expression).
 */
function removal(
  source: string,
  s: AnyNode,
  parent: AnyNode | null,
): { start: number; end: number; text: string } {
  if (!parent || !statementLists.has(parent.type)) return { start: s.start, end: s.end, text: '{}' };
  let start = s.start;
  let end = s.end;
  let before = start;
  while (before > 0 && (source[before - 1] === ' ' || source[before - 1] === '\t')) before--;
  let after = end;
  while (after < source.length && (source[after] === ' ' || source[after] === '\t')) after++;
  const lineStart = before === 0 || source[before - 1] === '\n' || source[before - 1] === '\r';
  const lineEnd = after === source.length || source[after] === '\n' || source[after] === '\r';
  if (lineStart && lineEnd) {
    start = before;
    end = after;
    if (source[end] === '\r') end++;
    if (source[end] === '\n') end++;
  }
  const prev = /\S(?=\s*$)/.exec(source.slice(Math.max(0, start - 200), start))?.[0];
  const next = /^\s*(\S)/.exec(source.slice(end, end + 200))?.[1];
  const joins = prev !== undefined && !';{}:'.includes(prev) && next !== undefined && '([+-/`'.includes(next);
  return { start, end, text: joins ? ';' : '' };
}

/** The lint module of the console rule. */
export const lintConsole: LintPass = { rules: [consoleCall], check };
