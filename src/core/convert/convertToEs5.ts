import type * as estree from 'estree';
import ts from 'typescript';
import {
  applyEdits,
  createLineIndex,
  type Diagnostic,
  type SourceRange,
  type TextEdit,
} from '../diagnostics.ts';
import { es5Rules } from '../es5/es5Rules.ts';
import { parse, tokenizer } from '../es5/loopParser.ts';
import { checkTracer } from '../tracer/checkTracer.ts';
import { findPrefixWrapper } from '../tracer/findWrapper.ts';
import { toSingleQuoted } from '../tracer/lintDoubleQuoted.ts';

/** A construct or member the conversion left as it was, and why. */
export interface NotConverted {
  /** Which text `line` and `column` refer to: the source (a member left as it was) or the converted code. */
  in: 'source' | 'converted';
  /** 1-based. */
  line: number;
  column: number;
  message: string;
}

/** What {@link convertToEs5} made of a tracer source. */
export interface ConvertResult {
  /** True when the converted tracer passes the ES5.1 check and keeps the one-object form. */
  ok: boolean;
  /** The converted tracer: the object alone (no wrapper), ES2015+ members rewritten, the rest as written. */
  code: string;
  /** What was rewritten, one line per kind ("arrow functions (3)", "the 'let tracer = …;' wrapper"). */
  converted: string[];
  /** What could not be converted (the ES5 check's errors on the result, and members left alone). */
  notConverted: NotConverted[];
  /** Assumptions the rewrite makes (e.g. for-of loops iterate arrays). */
  notes: string[];
}

type Located<T> = T & { start: number; end: number };

const compilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES5,
  module: ts.ModuleKind.None,
  removeComments: false,
  newLine: ts.NewLineKind.LineFeed,
};

/** One member of the tracer object rewritten by TypeScript, or why it could not be. */
type MemberResult = { ok: true; text: string } | { ok: false; message: string };

const helperHead = /^var (__\w+) = \(this && this\.\1\) \|\| /;

/**
 * Lowers one member (`key: value`, a shorthand method, a shorthand property) to ES5 with TypeScript's
 * `transpileModule`, keeping it one member: the helpers TypeScript needs (`__spreadArray`, `__assign`, …) go inside
 * the member's function, and a value that needs statements before it (temporaries, `var _this = this`) becomes
 * `(function () { …; return value; }).call(this)`, so nothing lands outside the object.
 */
function lowerMember(memberText: string, indent: string): MemberResult {
  const input = `var __tracerMember = {\n${memberText}\n};\n`;
  const out = ts.transpileModule(input, { compilerOptions, reportDiagnostics: true });
  // transpileModule always sets isolatedModules, which an ES5 script without modules complains about (TS5047).
  const problems = (out.diagnostics ?? []).filter(
    (d) => d.code !== 5047 && d.category === ts.DiagnosticCategory.Error,
  );
  if (problems.length > 0)
    return { ok: false, message: ts.flattenDiagnosticMessageText(problems[0].messageText, ' ') };
  const text = out.outputText;
  let program: estree.Program;
  try {
    program = parse(text, { ecmaVersion: 'latest' }) as unknown as estree.Program;
  } catch (e) {
    return { ok: false, message: `TypeScript's output did not parse: ${(e as Error).message}` };
  }
  const body = program.body as Located<estree.Statement>[];
  const at = body.findIndex(
    (st) =>
      st.type === 'VariableDeclaration' &&
      st.declarations[0].id.type === 'Identifier' &&
      st.declarations[0].id.name === '__tracerMember',
  );
  const decl = body[at] as Located<estree.VariableDeclaration> | undefined;
  const init = decl?.declarations[0].init;
  if (
    !decl ||
    at !== body.length - 1 ||
    !init ||
    init.type !== 'ObjectExpression' ||
    init.properties.length !== 1
  )
    return { ok: false, message: 'the member cannot stay one member of the object in ES5' };
  const prop = init.properties[0] as Located<estree.Property>;
  if (prop.type !== 'Property')
    return { ok: false, message: 'the member cannot stay one member of the object' };
  // Statements TypeScript puts before the member: helper definitions and captures of the outer `this`.
  const statements = body.slice(0, at).map((st) => text.slice(st.start, st.end));
  const prelude = statements.map((st) =>
    st
      .replace(helperHead, 'var $1 = ')
      // An arrow member's `this` is the one of the code around the object (the global object, as nodes evaluate
      // the tracer in sloppy mode): the same value, read inside the function.
      .replace(/^var (_this(?:_\d+)?) = this;$/, 'var $1 = (function () { return this; })();'),
  );
  const movable = statements.every((st) => helperHead.test(st) || /^var _this(?:_\d+)? = this;$/.test(st));
  const value = prop.value as Located<estree.Expression>;
  const keyNode = prop.key as Located<estree.Node>;
  const key = text.slice(keyNode.start, keyNode.end);
  const keyText = prop.computed ? `[${key}]` : key;
  let valueText = text.slice(value.start, value.end);
  if (prelude.length > 0 && value.type === 'FunctionExpression' && movable) {
    const fnBody = value.body as Located<estree.BlockStatement>;
    const inside = fnBody.start + 1 - value.start;
    const helpers = prelude.join('\n').replace(/^/gm, '        ');
    valueText = `${valueText.slice(0, inside)}\n${helpers}${valueText.slice(inside)}`;
  } else if (prelude.length > 0) {
    valueText = `(function () {\n${prelude.join('\n')}\nreturn ${valueText};\n}).call(this)`;
  }
  const member = `${keyText}: ${valueText}`;
  // TypeScript indents the member by 4 inside `var __tracerMember = {`: put it where the member was.
  const lines = member.split('\n');
  return {
    ok: true,
    text: [lines[0], ...lines.slice(1).map((l) => indent + l.replace(/^ {4}/, ''))].join('\n'),
  };
}

/** A computed key that is a constant (`['step']`, `` [`re` + 'sult'] ``) as a plain key; null otherwise. */
function constantKey(key: estree.Node): string | null {
  const value = (n: estree.Node): string | null => {
    if (n.type === 'Literal' && (typeof n.value === 'string' || typeof n.value === 'number'))
      return String(n.value);
    if (n.type === 'TemplateLiteral' && n.expressions.length === 0) return n.quasis[0].value.cooked ?? null;
    if (n.type === 'BinaryExpression' && n.operator === '+' && n.left.type !== 'PrivateIdentifier') {
      const l = value(n.left);
      const r = value(n.right);
      return l !== null && r !== null ? l + r : null;
    }
    return null;
  };
  const v = value(key);
  return v === null ? null : toSingleQuoted(JSON.stringify(v).slice(1, -1));
}

/** Every range an ES5 diagnostic stands for (a grouped one stands for several). */
function rangesOf(d: Diagnostic): SourceRange[] {
  return [d.range, ...(d.related ?? [])];
}

/** Re-quotes the double-quoted string literals of ES5 code with single quotes (TypeScript writes "…"). */
function singleQuoteStrings(code: string): string {
  const edits: TextEdit[] = [];
  try {
    for (const t of tokenizer(code, { ecmaVersion: 'latest' })) {
      const raw = code.slice(t.start, t.end);
      if (t.type.label === 'string' && raw.startsWith('"'))
        edits.push({ start: t.start, end: t.end, text: toSingleQuoted(raw.slice(1, -1)) });
    }
  } catch {
    return code;
  }
  return applyEdits(code, edits);
}

/**
 * Converts a tracer to ES5.1 in one go: the wrapper around the object (`let tracer = …;`, `module.exports = …`,
 * `export default …`, `function f() { return …; }`) is dropped, and every member that uses ES2015+ syntax is lowered
 * by TypeScript (let/const, shorthand methods, arrows with and without `this`, template literals, computed keys,
 * for-of over arrays, spread, default parameters, destructuring, …), keeping the one-object shape. Members without
 * ES2015+ syntax stay exactly as written. Never throws.
 */
export function convertToEs5(source: string): ConvertResult {
  try {
    return convert(source);
  } catch (e) {
    const message = `the conversion failed unexpectedly: ${(e as Error)?.message ?? String(e)}`;
    const notConverted: NotConverted[] = [{ in: 'source', line: 1, column: 1, message }];
    return { ok: false, code: source, converted: [], notConverted, notes: [] };
  }
}

type CheckedTracer = NonNullable<ReturnType<typeof checkTracer>['tracer']>;
type Member = Located<estree.Property | estree.SpreadElement>;
/** An ES2015+ construct the ES5 check found, with its offsets. */
type Construct = { d: Diagnostic; start: number; end: number };

function convert(source: string): ConvertResult {
  const checked = checkTracer(source, { target: 'es5' });
  const tracer = checked.tracer;
  const converted: string[] = [];
  const notes: string[] = [];
  if (!tracer) {
    const errors = checked.diagnostics.filter((d) => d.severity === 'error');
    const notConverted = errors.map((d): NotConverted => ({
      in: 'source',
      line: d.range.start.line,
      column: d.range.start.column,
      message: d.message,
    }));
    return { ok: false, code: source, converted, notConverted, notes };
  }
  const edits: TextEdit[] = wrapperEdits(source, tracer, converted);
  const lines = createLineIndex(source);
  const constructs = checked.diagnostics.filter((d) => d.ruleId.startsWith('es5/') && d.severity === 'error');
  const offsets = constructs.flatMap((d) =>
    rangesOf(d).map((r) => ({ d, start: r.start.offset, end: r.end.offset })),
  );
  for (const member of tracer.object.properties as Member[]) {
    const inside = offsets.filter((o) => o.start >= member.start && o.end <= member.end);
    if (inside.length === 0) continue;
    const edit = lowerTracerMember(source, member, inside, lines.positionAt(member.start).line, notes);
    if (edit) edits.push(edit);
  }
  const code = applyLeftoverFixes(singleQuoteStrings(applyEdits(source, edits)));
  const after = checkTracer(code, { target: 'es5' });
  const notConverted = after.diagnostics.filter(blocksConversion).map((d): NotConverted => ({
    in: 'converted',
    line: d.range.start.line,
    column: d.range.start.column,
    message: d.message,
  }));
  converted.push(...tallyConverted(constructs, after.diagnostics));
  return { ok: notConverted.length === 0, code, converted, notConverted, notes: [...new Set(notes)] };
}

/** The edits that drop the wrapper around the object, keeping the text before and after it (comments). */
function wrapperEdits(source: string, tracer: CheckedTracer, converted: string[]): TextEdit[] {
  const edits: TextEdit[] = [];
  if (tracer.form === 'bare' || tracer.form === 'parenthesized') return edits;
  const object = tracer.object;
  const formFix = tracer.diagnostics.find((d) => d.fix)?.fix;
  const prefix = findPrefixWrapper(source);
  if (tracer.form === 'variable' && prefix) {
    // `let NAME = (` … `);`: the head up to the object, and the parentheses and `;` after it.
    const tail = /^[\s)]*;?/.exec(source.slice(object.end))![0].replace(/\s+$/, '');
    edits.push({ start: prefix.start, end: object.start, text: '' });
    edits.push({ start: object.end, end: object.end + tail.length, text: '' });
  } else if (formFix) edits.push(...formFix.edits);
  converted.push(`the ${tracer.form === 'variable' ? "'var|let|const NAME = …'" : tracer.form} wrapper`);
  return edits;
}

/**
 * The edit that lowers one member of the tracer object holding ES2015+ constructs (`inside`), or undefined when it
 * stays as written; `notes` receives what the reader should know either way.
 */
function lowerTracerMember(
  source: string,
  member: Member,
  inside: Construct[],
  line: number,
  notes: string[],
): TextEdit | undefined {
  // A member left as written: its constructs stay, and the ES5 check of the result lists them.
  const fail = (message: string) => notes.push(`line ${line}: left as written: ${message}`);
  if (member.type !== 'Property') {
    fail('a spread of properties into the tracer object cannot stay one object literal in ES5');
    return undefined;
  }
  if (inside.some((o) => o.d.ruleId === 'es5/async-await')) {
    fail('async functions and await: tracer hooks run synchronously; remove async/await');
    return undefined;
  }
  const memberText = memberTextWithConstantKey(source, member);
  if (memberText === null) {
    fail('a computed key of the tracer object that is not a constant cannot stay one object literal in ES5');
    return undefined;
  }
  const indent = /^[ \t]*/.exec(source.slice(source.lastIndexOf('\n', member.start - 1) + 1))![0];
  const lowered = lowerMember(memberText, indent);
  if (!lowered.ok) {
    fail(lowered.message);
    return undefined;
  }
  if (inside.some((o) => o.d.ruleId === 'es5/for-of'))
    notes.push(
      `for-of loops in '${memberText.slice(0, 20).split(/[:(\s]/)[0]}' became index loops: they assume an array (or a string)`,
    );
  if (inside.some((o) => o.d.ruleId === 'es5/spread'))
    notes.push(
      'spread elements became __spreadArray/apply: they assume arrays (not Sets, Maps or iterators)',
    );
  return { start: member.start, end: member.end, text: lowered.text };
}

/** The member's text with a computed constant key written plainly; null when the computed key is not a constant. */
function memberTextWithConstantKey(source: string, member: Located<estree.Property>): string | null {
  const whole = source.slice(member.start, member.end);
  if (!member.computed) return whole;
  const key = constantKey(member.key);
  if (key === null) return null;
  const keyNode = member.key as Located<estree.Node>;
  const open = source.lastIndexOf('[', keyNode.start);
  const close = source.indexOf(']', keyNode.end);
  if (open < member.start) return whole;
  return key + source.slice(close + 1, member.end);
}

/** Leftovers the ES5 check has its own fixes for (e.g. escapes TypeScript keeps), applied until none is left. */
function applyLeftoverFixes(code: string): string {
  for (let round = 0; round < 3; round++) {
    const fixes = checkTracer(code, { target: 'es5' }).diagnostics.filter(
      (d) => d.ruleId.startsWith('es5/') && d.severity === 'error' && d.fix,
    );
    if (fixes.length === 0) break;
    code = applyEdits(code, fixes[0].fix!.edits);
  }
  return code;
}

/** Whether a diagnostic on the converted code means the conversion did not succeed. */
function blocksConversion(d: Diagnostic): boolean {
  return (
    d.severity === 'error' &&
    (d.ruleId.startsWith('es5/') ||
      d.ruleId === 'tracer/not-an-object' ||
      d.ruleId === 'tracer/function-wrapper')
  );
}

/** What was converted: each kind of construct, as many as the result no longer has ("arrow functions (3)"). */
function tallyConverted(before: readonly Diagnostic[], after: readonly Diagnostic[]): string[] {
  const counts = new Map<string, number>();
  const tally = (list: readonly Diagnostic[], sign: number) => {
    for (const d of list)
      if (d.severity === 'error' && d.ruleId in es5Rules)
        counts.set(d.ruleId, (counts.get(d.ruleId) ?? 0) + sign * rangesOf(d).length);
  };
  tally(before, 1);
  tally(after, -1);
  return [...counts].filter(([, n]) => n > 0).map(([rule, n]) => `${es5Rules[rule].name} (${n})`);
}
