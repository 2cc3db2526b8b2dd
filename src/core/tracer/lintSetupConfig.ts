import type { LintRule } from './lintContext.ts';
import { memberName, type AnyNode } from './walkNodes.ts';
import { defineRule, type LintPass } from './defineRule.ts';

export const setupConfigNotParsed = defineRule(
  'setup-config-not-parsed',
  'warning',
  'setup reads a field of its config string without JSON.parse',
);

// Members of a JS string that make sense on the raw config text.
const stringMembers = new Set(Object.getOwnPropertyNames(String.prototype).concat(['length']));

/** `config.foo` in setup: geth passes the tracer config as a JSON string, so it must be parsed first. */
const checkSetupConfig: LintRule = (visit, cx) => {
  const node = visit.node;
  // `super` is never typed as the config, so the type test below covers it.
  if (node.type !== 'MemberExpression') return;
  if (cx.types.typeOf(node.object, visit.fn) !== 'config') return;
  const name = memberName(node);
  if (name === undefined || stringMembers.has(name)) return;
  const param = node.object.type === 'Identifier' ? node.object.name : 'config';
  const message = `setup() receives the tracer config as a JSON string, so ${param}.${name} is undefined: parse it first (var cfg = JSON.parse(${param});) and read cfg.${name}`;
  const n = node as AnyNode;
  cx.report(setupConfigNotParsed.make(cx.r, message, n.start, n.end));
};

/** A lint pass: its rules (setupConfigNotParsed) and the check that reports them. */
export const lintSetupConfig: LintPass = { rules: [setupConfigNotParsed], check: checkSetupConfig };
