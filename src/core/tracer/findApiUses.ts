import type { ApiType, ApiMember } from './apiModel.ts';

/** A source to look in (a template): its display name and text. */
export interface NamedSource {
  name: string;
  source: string;
}

// How a member of each type is usually reached in tracer code (the hooks' parameter names people use).
const receivers: Readonly<Record<string, string>> = {
  Log: 'log',
  Op: 'log\\.op',
  Stack: 'log\\.stack',
  Memory: 'log\\.memory',
  Contract: 'log\\.contract',
  DB: 'db',
  Context: 'ctx',
  CallFrame: '(?:frame|call|f)',
  FrameResult: '(?:frameResult|result|res|r)',
};

const generic = new Set(['toString', 'valueOf', 'toJSON']);

/**
 * Which sources use each member of the tracer API: `Type.member` (or a global's name) → the names of the sources,
 * in their order. Matching is by the usual receiver (`log.stack.peek(`, `ctx.from`, `frame.getType(`); BigInteger
 * members by `.name(` after any value. A guide for readers, not an analysis: code that renames `log` is missed.
 */
export function findApiUses(
  types: readonly ApiType[],
  globals: readonly ApiMember[],
  sources: readonly NamedSource[],
): Map<string, string[]> {
  const patterns: [string, RegExp][] = [];
  for (const t of types)
    for (const m of t.members) {
      // Every JS value has these: a use cannot be told from the text alone.
      if (!receivers[t.name] && generic.has(m.name)) continue;
      const call = m.kind === 'method' ? '\\s*\\(' : '\\b';
      const receiver = receivers[t.name];
      const re = receiver
        ? new RegExp(`\\b${receiver}\\.${m.name}${call}`)
        : new RegExp(`[\\w)\\]]\\.${m.name}\\s*\\(`);
      patterns.push([`${t.name}.${m.name}`, re]);
    }
  for (const g of globals) patterns.push([g.name, new RegExp(`(?<![\\w.$])${g.name}\\s*\\(`)]);
  const uses = new Map<string, string[]>();
  for (const [key, re] of patterns) {
    const names = sources.filter((s) => re.test(s.source)).map((s) => s.name);
    if (names.length) uses.set(key, names);
  }
  return uses;
}
