import type * as estree from 'estree';
import type { Fix } from '../diagnostics.ts';
import type { LintContext, LintRule } from './lintContext.ts';
import { textOf } from './lintContext.ts';
import type { AnyNode } from './walkNodes.ts';
import { defineRule, type LintPass } from './defineRule.ts';

export const create2SaltNotHex = defineRule(
  'create2-salt-not-hex',
  'warning',
  'toContract2() gets a bigInt salt (read as decimal text)',
);
export const precompiledInSetup = defineRule(
  'precompiled-in-setup',
  'warning',
  'isPrecompiled() in setup (always false there)',
);
export const bigintHexPrefix = defineRule('bigint-hex-prefix', 'warning', "bigInt() given a '0x' string");

/** The name of a call to one of geth's global helpers (not shadowed by a local), else undefined. */
function helperName(
  node: estree.Node,
  fn: Parameters<LintRule>[0]['fn'],
  cx: LintContext,
): string | undefined {
  // Stryker disable next-line ConditionalExpression: any other callee has no name, and an undefined name is no helper
  if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier') return undefined;
  return cx.types.isGlobal(node.callee.name, fn) ? node.callee.name : undefined;
}

/** `toContract2(from, salt, code)` with a bigInt salt: geth reads the salt as hex text, a bigInt gives decimal. */
const checkCreate2Salt: LintRule = (visit, cx) => {
  if (helperName(visit.node, visit.fn, cx) !== 'toContract2') return;
  const salt = (visit.node as estree.CallExpression).arguments[1] as AnyNode | undefined;
  if (!salt || cx.types.typeOf(salt, visit.fn) !== 'bigInt') return;
  const message =
    'toContract2() reads the salt as a hex string, and a bigInt turns into decimal text here: pass salt.toString(16)';
  const text = textOf(cx, salt);
  const simple = ['Identifier', 'MemberExpression', 'CallExpression'].includes(salt.type);
  const fix: Fix = {
    title: 'Use .toString(16)',
    edits: [{ start: salt.start, end: salt.end, text: `${simple ? text : `(${text})`}.toString(16)` }],
  };
  cx.report(create2SaltNotHex.make(cx.r, message, salt.start, salt.end, fix));
};

/** `isPrecompiled()` in setup: geth fills the precompile list only when the transaction starts. */
const checkPrecompiledInSetup: LintRule = (visit, cx) => {
  if (helperName(visit.node, visit.fn, cx) !== 'isPrecompiled') return;
  let f = visit.fn;
  while (f && f.memberName === null) f = f.parent;
  if (f?.memberName !== 'setup') return;
  const message =
    'isPrecompiled() is always false in setup(): geth fills the precompile list only when the transaction starts';
  const callee = (visit.node as estree.SimpleCallExpression).callee as AnyNode;
  cx.report(precompiledInSetup.make(cx.r, message, callee.start, callee.end));
};

/** `bigInt('0x…')`, `bigInt('0x…', 16)` or `bigInt(toHex(x), 16)`: BigInteger.js rejects the 0x prefix. */
const checkBigIntHexPrefix: LintRule = (visit, cx) => {
  if (helperName(visit.node, visit.fn, cx) !== 'bigInt') return;
  const call = visit.node as estree.SimpleCallExpression & AnyNode;
  const [value, radix] = call.arguments as AnyNode[];
  // Only a Literal argument has a value, so no type test is needed.
  if (!value || (radix && (radix as estree.Literal).value !== 16)) return;
  let fix: Fix | undefined;
  // Only a string literal reads as '0x…': other literals do not, and other arguments have no value ('undefined').
  const text = String((value as estree.Literal).value);
  if (/^0x/i.test(text)) {
    const digits = text.slice(2);
    const quote = cx.source[value.start];
    fix = {
      title: "Drop '0x' and use radix 16",
      edits: [{ start: call.start, end: call.end, text: `bigInt(${quote}${digits || '0'}${quote}, 16)` }],
    };
  } else if (radix && helperName(value, visit.fn, cx) === 'toHex') {
    fix = {
      title: "Drop '0x' with .slice(2)",
      edits: [{ start: value.end, end: value.end, text: '.slice(2)' }],
    };
  } else return;
  const message =
    "bigInt() does not take a '0x' prefix: with radix 16 it throws 'x is not a valid digit in base 16', without a radix values of 2^53 and more throw 'Invalid integer'; pass the hex digits with radix 16";
  cx.report(bigintHexPrefix.make(cx.r, message, value.start, value.end, fix));
};

/** A lint pass: its rules (create2SaltNotHex) and the check that reports them. */
export const lintCreate2Salt: LintPass = { rules: [create2SaltNotHex], check: checkCreate2Salt };

/** A lint pass: its rules (precompiledInSetup) and the check that reports them. */
export const lintPrecompiledInSetup: LintPass = {
  rules: [precompiledInSetup],
  check: checkPrecompiledInSetup,
};

/** A lint pass: its rules (bigintHexPrefix) and the check that reports them. */
export const lintBigIntHexPrefix: LintPass = { rules: [bigintHexPrefix], check: checkBigIntHexPrefix };
