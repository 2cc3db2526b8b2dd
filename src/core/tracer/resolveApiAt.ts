import { hookParamTypes, tracerApiTypes, tracerGlobals, type ApiMember } from './apiModel.ts';

/** One step of a member chain such as `log.stack.peek(0)`. */
export interface ChainSegment {
  name: string;
  /** True when the segment is called: `peek(0)`. */
  call: boolean;
}

const identChar = /[\w$]/;

/** Finds the parameter names of the tracer hooks and the API type of each (`log` → `Log`). */
export function findHookParams(source: string): Map<string, string> {
  const params = new Map<string, string>();
  const hooks = Object.keys(hookParamTypes).join('|');
  const re = new RegExp(`\\b(${hooks})\\s*(?::\\s*function\\b[^(]*)?\\(([^()]*)\\)\\s*\\{`, 'g');
  for (const match of source.matchAll(re)) {
    const types = hookParamTypes[match[1]];
    match[2]
      .split(',')
      .map((s) => s.trim())
      .forEach((name, i) => {
        if (name && types[i] && types[i] !== 'any' && !params.has(name)) params.set(name, types[i]);
      });
  }
  return params;
}

function skipSpaceBack(text: string, i: number): number {
  // charAt is '' before the start of the text, which ends the loop.
  while (/\s/.test(text.charAt(i))) i--;
  return i;
}

/** Parses the member chain that ends at the end of `text` (e.g. `x = log.stack.peek(0)` → log, stack, peek()). */
export function parseChainBefore(text: string): ChainSegment[] | null {
  const segments: ChainSegment[] = [];
  let i = text.length - 1;
  for (;;) {
    i = skipSpaceBack(text, i);
    let call = false;
    if (text[i] === ')') {
      let depth = 0;
      // Stryker disable next-line EqualityOperator: with i > 0 a '(' at index 0 is not matched, but a '(' there has no name before it, so the chain is null either way
      for (; i >= 0; i--) {
        if (text[i] === ')') depth++;
        else if (text[i] === '(' && --depth === 0) break;
      }
      // Stryker disable next-line ConditionalExpression,EqualityOperator: without this early exit (or exiting at i = 0 too) the name read below is empty and the chain null anyway; it only says so plainly
      if (i < 0) return null;
      call = true;
      i = skipSpaceBack(text, i - 1);
    }
    const end = i + 1;
    while (i >= 0 && identChar.test(text[i])) i--;
    const name = text.slice(i + 1, end);
    if (!name || /^\d/.test(name)) return null;
    segments.unshift({ name, call });
    i = skipSpaceBack(text, i);
    if (text[i] !== '.') return segments;
    i--;
  }
}

// How apiModel's toApiMember marks a value that may be undefined.
const orUndefined = ' | undefined';

function baseType(type: string): string {
  return type.endsWith(orUndefined) ? type.slice(0, -orUndefined.length) : type;
}

/** The API type a chain evaluates to, or null when unknown. */
export function resolveChainType(chain: ChainSegment[], params: Map<string, string>): string | null {
  const [first, ...rest] = chain;
  let type: string | null;
  if (first.call) type = tracerGlobals.find((g) => g.name === first.name)?.type ?? null;
  else type = params.get(first.name) ?? null;
  for (const seg of rest) {
    if (!type) return null;
    const member = tracerApiTypes[baseType(type)]?.members.find((mm) => mm.name === seg.name);
    if (!member || (member.kind === 'method') !== seg.call) return null;
    type = member.type;
  }
  return type ? baseType(type) : null;
}

/** The members offered after `chain.` (empty when the chain has no known type). */
export function membersAfter(chain: ChainSegment[], params: Map<string, string>): ApiMember[] {
  const type = resolveChainType(chain, params);
  return type ? (tracerApiTypes[type]?.members ?? []) : [];
}

/** What a completion request at the end of `textBefore` is about. */
export type CompletionContext =
  { kind: 'member'; chain: ChainSegment[]; partial: string } | { kind: 'global'; partial: string };

/** Classifies the completion position at the end of `textBefore`. */
export function completionContext(textBefore: string): CompletionContext | null {
  const partial = /[\w$]*$/.exec(textBefore)![0];
  const rest = textBefore.slice(0, textBefore.length - partial.length);
  const i = skipSpaceBack(rest, rest.length - 1);
  if (rest[i] === '.') {
    const chain = parseChainBefore(rest.slice(0, i));
    return chain ? { kind: 'member', chain, partial } : null;
  }
  return { kind: 'global', partial };
}

/** Describes the identifier `word` that ends `textBefore`'s chain position: a member, a global or a hook param. */
export function describeWordAt(
  textBefore: string,
  word: string,
  params: Map<string, string>,
): { member?: ApiMember; paramType?: string } | null {
  const i = skipSpaceBack(textBefore, textBefore.length - 1);
  if (textBefore[i] === '.') {
    const chain = parseChainBefore(textBefore.slice(0, i));
    const member = chain ? membersAfter(chain, params).find((mm) => mm.name === word) : undefined;
    return member ? { member } : null;
  }
  const global = tracerGlobals.find((g) => g.name === word);
  if (global) return { member: global };
  const paramType = params.get(word);
  return paramType ? { paramType } : null;
}

/** The method being called at the end of `textBefore` and the index of the argument being typed. */
export function signatureAt(
  textBefore: string,
  params: Map<string, string>,
): { member: ApiMember; activeParameter: number } | null {
  let depth = 0;
  let commas = 0;
  // Stryker disable next-line ArithmeticOperator,EqualityOperator: starting past the end or stopping before index 0 only skips characters that change nothing (undefined matches no branch; a '(' at index 0 has no name before it, so null either way)
  for (let i = textBefore.length - 1; i >= 0; i--) {
    const c = textBefore[i];
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '[' || c === '{') {
      if (depth === 0) return null;
      depth--;
    } else if (c === '(') {
      if (depth > 0) {
        depth--;
        continue;
      }
      const chain = parseChainBefore(textBefore.slice(0, i));
      if (!chain) return null;
      const last = chain[chain.length - 1];
      const member =
        chain.length === 1
          ? tracerGlobals.find((g) => g.name === last.name)
          : membersAfter(chain.slice(0, -1), params).find((mm) => mm.name === last.name);
      return member && member.kind === 'method' ? { member, activeParameter: commas } : null;
    } else if (c === ',' && depth === 0) commas++;
  }
  return null;
}

/** A one-line signature such as `peek(i: number): BigInteger`. */
export function formatSignature(member: ApiMember): string {
  if (member.kind === 'property') return `${member.name}: ${member.type}`;
  const ps = (member.params ?? []).map((pp) => `${pp.name}${pp.optional ? '?' : ''}: ${pp.type}`);
  return `${member.name}(${ps.join(', ')}): ${member.type}`;
}
