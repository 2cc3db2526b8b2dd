import type * as estree from 'estree';
import type { Diagnostic } from '../diagnostics.ts';
import type { Reporter } from './createReporter.ts';
import type { Located } from './extractTracerObject.ts';
import { isFunctionNode, propertyKeyName, type AnyNode } from './walkNodes.ts';
import { defineRule } from './defineRule.ts';
import { skipTrivia } from './skipTrivia.ts';

export const duplicateMember = defineRule('duplicate-member', 'warning', 'a member is defined twice');
export const accessorHook = defineRule('accessor-hook', 'warning', 'a hook is written as a getter or setter');
export const hookNotFunction = defineRule(
  'hook-not-function',
  'error',
  'step, setup, enter or exit is not a function',
);
export const hookArity = defineRule(
  'hook-arity',
  'warning',
  'a hook declares more parameters than geth passes',
);
export const enterExitPair = defineRule(
  'enter-exit-pair',
  'error',
  'only one of enter and exit is a function',
);
export const missingResult = defineRule('missing-result', 'error', 'no result function');
export const missingFault = defineRule('missing-fault', 'error', 'no fault function');

/** One member of the tracer object. */
export interface TracerMember {
  name: string;
  kind: 'function' | 'data';
  /** Number of declared parameters (0 for data). */
  params: number;
  /** Offsets of the whole member (`key: value`). */
  start: number;
  end: number;
}

interface HookSpec {
  params: string[];
  required: boolean;
}

const hooks: Record<string, HookSpec> = {
  result: { params: ['ctx', 'db'], required: true },
  fault: { params: ['log', 'db'], required: true },
  step: { params: ['log', 'db'], required: false },
  enter: { params: ['callFrame'], required: false },
  exit: { params: ['frameResult'], required: false },
  setup: { params: ['config'], required: false },
};

const isHook = (name: string) => Object.prototype.hasOwnProperty.call(hooks, name);
const paramList = (name: string) => hooks[name].params.join(', ');

/** Lists the tracer's members and checks the shape geth requires (reference §1.1 step 6). */
export function checkShape(
  object: Located<estree.ObjectExpression>,
  r: Reporter,
  source: string,
): { members: TracerMember[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const members: TracerMember[] = [];
  const lastByName: MembersByName = new Map();
  for (const raw of object.properties) {
    if (raw.type !== 'Property') continue;
    const prop = raw as estree.Property & AnyNode;
    const name = propertyKeyName(prop.key, prop.computed);
    if (name === undefined) continue;
    const fn = isFunctionNode(prop.value) && prop.kind === 'init';
    const member: TracerMember = {
      name,
      kind: fn ? 'function' : 'data',
      params: fn ? (prop.value as estree.Function).params.length : 0,
      start: prop.start,
      end: prop.end,
    };
    members.push(member);
    const key = prop.key as AnyNode;
    if (lastByName.has(name)) {
      const message = `'${name}' is defined more than once; only the last definition is used`;
      diagnostics.push(duplicateMember.make(r, message, key.start, key.end));
    }
    lastByName.set(name, { member, prop });
    if (isHook(name)) diagnostics.push(...checkHookMember(name, prop, r));
  }
  diagnostics.push(...checkRequired(object, lastByName, r, source));
  return { members, diagnostics };
}

function checkHookMember(name: string, prop: estree.Property & AnyNode, r: Reporter): Diagnostic[] {
  const key = prop.key as AnyNode;
  if (prop.kind !== 'init') {
    const message = `'${name}' is a ${prop.kind}ter: geth reads it once and calls what it returns; write ${name}: function(${paramList(name)}) {...}`;
    return [accessorHook.make(r, message, key.start, key.end)];
  }
  if (!isFunctionNode(prop.value)) {
    if (name === 'result' || name === 'fault') return []; // reported by checkRequired with geth's message
    const value = prop.value as AnyNode;
    const pair = name === 'enter' || name === 'exit' ? ' (and enter and exit must both be functions)' : '';
    const message = `'${name}' must be a function: geth ignores it otherwise${pair}`;
    return [hookNotFunction.make(r, message, value.start, value.end)];
  }
  const params = (prop.value as estree.Function).params as AnyNode[];
  const expected = hooks[name].params;
  if (params.length <= expected.length) return [];
  const extra = params.slice(expected.length);
  const message = `${name}() gets ${expected.length} argument${expected.length > 1 ? 's' : ''} (${expected.join(', ')}); the extra parameter${extra.length > 1 ? 's are' : ' is'} always undefined`;
  return [hookArity.make(r, message, extra[0].start, extra[extra.length - 1].end)];
}

type MembersByName = Map<string, { member: TracerMember; prop: estree.Property & AnyNode }>;

// A getter counts: geth reads the property and gets the function it returns.
const isFunctionMember = (byName: MembersByName, name: string) =>
  byName.get(name)?.member.kind === 'function' || byName.get(name)?.prop.kind === 'get';

function checkRequired(
  object: Located<estree.ObjectExpression>,
  byName: MembersByName,
  r: Reporter,
  source: string,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const name of ['result', 'fault']) {
    if (isFunctionMember(byName, name)) continue;
    const present = byName.get(name);
    const what = present
      ? `'${name}' is not a function here`
      : `add ${name}: function(${paramList(name)}) {...}`;
    const message = `trace object must expose a function ${name}(): ${what}`;
    const range = present ? (present.prop.value as AnyNode) : { start: object.start, end: object.start + 1 };
    const fix =
      name === 'fault' && !present
        ? {
            title: 'Add an empty fault function',
            edits: [insertFault(object, byName.get('result')?.prop, source)],
          }
        : undefined;
    out.push(
      (name === 'result' ? missingResult : missingFault).make(r, message, range.start, range.end, fix),
    );
  }
  const pair = checkEnterExit(byName, r);
  return pair ? [...out, pair] : out;
}

/**
 * Where and how "Add an empty fault function" writes `fault: function (log, db) {}`: as a member of its own, before
 * result (after the member before it, so a comment above result stays with result), else after the last member; on
 * a line of its own with the members' indentation when they have lines of their own, else inline; `function (` or
 * `function(` as the tracer writes its functions.
 */
export function insertFault(
  object: Located<estree.ObjectExpression>,
  result: (estree.Property & AnyNode) | undefined,
  source: string,
): { start: number; end: number; text: string } {
  const props = object.properties as AnyNode[];
  const at = result ? props.indexOf(result) : -1;
  // The member the new one follows (result itself when it comes first), and the one whose line and style it copies.
  const before = props[at > 0 ? at - 1 : at === 0 ? 0 : props.length - 1];
  const model = result ?? before;
  const modelText = model ? source.slice(model.start, model.end) : '';
  const style = /\bfunction\s*\(/.test(modelText) ? modelText : source;
  const member = `fault: function${/\bfunction\(/.test(style) ? '' : ' '}(log, db) {}`;
  if (!before) return { start: object.start + 1, end: object.start + 1, text: member };
  const lineStart = source.lastIndexOf('\n', model.start - 1) + 1;
  const indent = source.slice(lineStart, model.start);
  const lead = /^[ \t]*$/.test(indent) ? `\n${indent}` : ' ';
  const comma = skipTrivia(source, before.end);
  if (source[comma] === ',') return { start: comma + 1, end: comma + 1, text: `${lead}${member},` };
  return { start: before.end, end: before.end, text: `,${lead}${member}` };
}

function checkEnterExit(byName: MembersByName, r: Reporter): Diagnostic | undefined {
  const hasEnter = isFunctionMember(byName, 'enter');
  if (hasEnter === isFunctionMember(byName, 'exit')) return undefined;
  const [present, missing] = hasEnter ? ['enter', 'exit'] : ['exit', 'enter'];
  const prop = (byName.get(present) as { prop: estree.Property & AnyNode }).prop;
  const signature = `${missing}: function(${paramList(missing)}) {}`;
  const message = `trace object must expose either both or none of enter() and exit(): add ${signature}`;
  const insert = { start: prop.end, end: prop.end, text: `, ${signature}` };
  const fix = byName.has(missing)
    ? undefined
    : { title: `Add an empty ${missing} function`, edits: [insert] };
  const key = prop.key as AnyNode;
  return enterExitPair.make(r, message, key.start, key.end, fix);
}
