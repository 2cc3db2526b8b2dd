import type { LintRule } from './lintContext.ts';
import { memberName, type AnyNode } from './walkNodes.ts';

// Members of a JS string that make sense on the raw config text.
const stringMembers = new Set(Object.getOwnPropertyNames(String.prototype).concat(['length']));

/** `config.foo` in setup: geth passes the tracer config as a JSON string, so it must be parsed first. */
export const lintSetupConfig: LintRule = (visit, cx) => {
  const node = visit.node;
  if (node.type !== 'MemberExpression' || node.object.type === 'Super') return;
  if (cx.types.typeOf(node.object, visit.fn) !== 'config') return;
  const name = memberName(node);
  if (name === undefined || stringMembers.has(name)) return;
  const param = node.object.type === 'Identifier' ? node.object.name : 'config';
  const message = `setup() receives the tracer config as a JSON string, so ${param}.${name} is undefined: parse it first (var cfg = JSON.parse(${param});) and read cfg.${name}`;
  const n = node as AnyNode;
  cx.report(cx.r.make('warning', 'tracer/setup-config-not-parsed', message, n.start, n.end));
};
