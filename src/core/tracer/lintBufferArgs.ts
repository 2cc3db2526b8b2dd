import type * as estree from 'estree';
import type { Fix } from '../diagnostics.ts';
import type { ValueType } from './apiModel.ts';
import type { LintContext, LintRule } from './lintContext.ts';
import { textOf } from './lintContext.ts';
import { stringTypes } from './typeRules.ts';
import { memberName, type AnyNode } from './walkNodes.ts';
import { defineRule, type LintPass } from './defineRule.ts';

export const invalidBufferArgument = defineRule(
  'invalid-buffer-argument',
  'warning',
  "a string, bigInt or number where geth needs a byte array ('invalid buffer type')",
);

/** What a buffer argument position accepts. */
interface BufferSlot {
  label: string;
  /** Hex strings accepted (toWord/toAddress/…) or not (db.*, toHex, slice). */
  allowsString: boolean;
  /** Wrapper that turns a hex string into the right buffer. */
  wrapper: 'toAddress' | 'toWord' | null;
}

const dbSlots: Record<string, BufferSlot[]> = {
  getBalance: [{ label: 'db.getBalance()', allowsString: false, wrapper: 'toAddress' }],
  getNonce: [{ label: 'db.getNonce()', allowsString: false, wrapper: 'toAddress' }],
  getCode: [{ label: 'db.getCode()', allowsString: false, wrapper: 'toAddress' }],
  exists: [{ label: 'db.exists()', allowsString: false, wrapper: 'toAddress' }],
  getState: [
    { label: 'db.getState()', allowsString: false, wrapper: 'toAddress' },
    { label: 'db.getState()', allowsString: false, wrapper: 'toWord' },
  ],
};

const globalSlots: Record<string, BufferSlot[]> = {
  toHex: [{ label: 'toHex()', allowsString: false, wrapper: null }],
  slice: [{ label: 'slice()', allowsString: false, wrapper: null }],
  toAddress: [{ label: 'toAddress()', allowsString: true, wrapper: null }],
  toWord: [{ label: 'toWord()', allowsString: true, wrapper: null }],
  toContract: [{ label: 'toContract()', allowsString: true, wrapper: null }],
  isPrecompiled: [{ label: 'isPrecompiled()', allowsString: true, wrapper: null }],
};

/** Arguments geth rejects with the uncatchable `invalid buffer type` (reference §6.2): strings, bigInts, numbers. */
const checkBufferArgs: LintRule = (visit, cx) => {
  const node = visit.node;
  if (node.type !== 'CallExpression') return;
  const slots = slotsFor(node, visit.fn, cx);
  if (!slots) return;
  slots.forEach((slot, i) => {
    const arg = node.arguments[i];
    // A spread's type is unknown: it is never reported.
    if (arg) checkArgument(arg as AnyNode, cx.types.typeOf(arg, visit.fn), slot, cx);
  });
};

function slotsFor(
  node: estree.CallExpression,
  fn: Parameters<LintRule>[0]['fn'],
  cx: LintContext,
): BufferSlot[] | undefined {
  const callee = node.callee;
  if (callee.type === 'Identifier') {
    const own = Object.prototype.hasOwnProperty.call(globalSlots, callee.name);
    return own && cx.types.isGlobal(callee.name, fn) ? globalSlots[callee.name] : undefined;
  }
  // `super.x(…)` needs no test: the type of `super` is unknown, so it is never 'db'.
  if (callee.type !== 'MemberExpression') return undefined;
  // undefined (a computed name) is no key of dbSlots.
  const name = memberName(callee) as string;
  if (!Object.prototype.hasOwnProperty.call(dbSlots, name)) return undefined;
  return cx.types.typeOf(callee.object, fn) === 'db' ? dbSlots[name] : undefined;
}

function checkArgument(arg: AnyNode, t: ValueType, slot: BufferSlot, cx: LintContext): void {
  const text = textOf(cx, arg);
  let message: string;
  let replacement: string | undefined;
  if (stringTypes.has(t) && !slot.allowsString) {
    message = `${slot.label} needs a byte array, not a string: geth stops the trace with the uncatchable error 'invalid buffer type'`;
    if (slot.wrapper) {
      replacement = `${slot.wrapper}(${text})`;
      message += `; wrap it: ${slot.wrapper}(…)`;
    }
  } else if (t === 'bigInt' || t === 'number') {
    const what = t === 'bigInt' ? 'a bigInt' : 'a number';
    message = `${slot.label} needs a byte array${slot.allowsString ? ' or a hex string' : ''}, not ${what}: geth stops the trace with the uncatchable error 'invalid buffer type'`;
    const wrapper = slot.allowsString ? null : (slot.wrapper ?? null);
    if (t === 'bigInt' && (slot.allowsString || wrapper)) {
      const hex = `${needsParens(arg) ? `(${text})` : text}.toString(16)`;
      replacement = wrapper ? `${wrapper}(${hex})` : hex;
      message += `; convert it: ${wrapper ? `${wrapper}(x.toString(16))` : 'x.toString(16)'}`;
    }
  } else return;
  const fix: Fix | undefined = replacement
    ? { title: `Replace with ${replacement}`, edits: [{ start: arg.start, end: arg.end, text: replacement }] }
    : undefined;
  cx.report(invalidBufferArgument.make(cx.r, message, arg.start, arg.end, fix));
}

function needsParens(n: estree.Node): boolean {
  // `this` is never a bigInt (its type is unknown).
  return !['Identifier', 'MemberExpression', 'CallExpression'].includes(n.type);
}

/** A lint pass: its rules (invalidBufferArgument) and the check that reports them. */
export const lintBufferArgs: LintPass = { rules: [invalidBufferArgument], check: checkBufferArgs };
