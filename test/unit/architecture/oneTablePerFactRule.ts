// "One place for each fact" (docs/architecture.md): detectors for a table of node-error location forms, a Go-duration
// parser, a `user:pass@` splitter and a reader of geth's `in server-side tracer function` suffix, and a scan of src/ that lists every one found outside its one module.
// oneTablePerFact.test.ts applies the scan to src/ and shows each detector on synthetic text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { listSourceFiles } from './layerRule.ts';

/** A fact that must be held in one module of src/. */
export type Fact =
  'node-error location form' | 'Go-duration parser' | 'user:pass@ splitter' | 'tracer-function suffix reader';

/** Where each fact lives: the only files allowed to hold it. */
export const homeOf: Readonly<Record<Fact, readonly string[]>> = {
  'node-error location form': ['src/core/nodeErrors/nodeErrorLocations.ts'],
  'Go-duration parser': ['src/core/rpc/protocol/parseGoDuration.ts'],
  'user:pass@ splitter': ['src/core/rpc/endpoint/splitUserInfo.ts'],
  'tracer-function suffix reader': ['src/core/nodeErrors/findNodeErrorLocation.ts'],
};

/**
 * Places that match a detector for another reason: file → the fact it seems to hold and why it does not. Keep this
 * short: a new entry needs a reason a reviewer agrees with.
 */
export const notASecondTable: Readonly<Record<string, { fact: Fact; reason: string }>> = {
  'src/evm/host/realm/firstEvalFrame.ts': {
    fact: 'node-error location form',
    reason:
      "reads the embedded realm's own QuickJS stack (the host names the file `<eval>`) to write goja's form; it writes a node error, it reads none",
  },
};

/** A digit run as a pattern writes it: `\d+`, `(\d+)`, `(?<line>\d+)`, `([0-9]{1,9})`. */
const digitRun = String.raw`\(?(?:\?<\w+>)?(?:\\d|\[0-9\])(?:[+*]|\{\d*,?\d*\})\)?`;
const digitStart = String.raw`\(?(?:\?<\w+>)?(?:\\d|\[0-9\])`;
/**
 * A file's `:line:column` (goja's and V8's frames, `:(\d+):(\d+)`, `:\d+:\d+\(\d+\)`), `line (\d+)` (goja's
 * `Line L:C`, Boa's `line L, col C`), or the engines' file names. acorn's own ` (1:5)` names no file: not a node's.
 */
const locationShapes = [
  new RegExp(`:${digitRun}:${digitStart}`),
  new RegExp(`line\\s*${digitStart}`, 'i'),
  /<eval>|<anonymous>|\\\(anonymous\\\)/,
];

const durationUnits = new Set(['ns', 'us', 'µs', 'μs', 'ms']);
const clockUnits = new Set(['h', 'm', 's']);
/** Go's duration units listed together: at least two sub-second units and one of h, m, s. */
function listsDurationUnits(names: Iterable<string>): boolean {
  const set = new Set(names);
  return [...durationUnits].filter((u) => set.has(u)).length >= 2 && [...clockUnits].some((u) => set.has(u));
}

/** Whether a regular expression's source reads a position such as `<eval>:1:5`, `Line 1:5` or `line 1, col 5`. */
export function isLocationPattern(source: string): boolean {
  return locationShapes.some((shape) => shape.test(source));
}

/** Whether a regular expression's source lists Go's duration units as alternatives (`ns|us|µs|ms|s|m|h`). */
export function isDurationUnitPattern(source: string): boolean {
  return listsDurationUnits(source.replace(/\?:/g, '').split(/[|()[\]]/));
}

/**
 * Whether a regular expression's source reads a URL's userinfo: an `@` after `://` or after a class that stops at
 * `/` (`[^/?#]*@`). An e-mail pattern (`[^@\s]+@`) is not one.
 */
export function isUserInfoPattern(source: string): boolean {
  const at = source.lastIndexOf('@');
  if (at === -1) return false;
  return /:\\?\/\\?\/|\[\^[^\]]*\//.test(source.slice(0, at));
}

/** One place where a fact is held: `file:line`, the fact, and the text that showed it. */
export interface Finding {
  where: string;
  fact: Fact;
  text: string;
}

/** geth's suffix naming the tracer function an error came from, as a pattern or a searched text reads it. */
const tracerFunctionWords = /server-side(?:\s+|\\s[+*]?)tracer(?:\s+|\\s[+*]?)function/;

const decoders = new Set(['decodeURIComponent', 'decodeURI', 'unescape']);
const searches = new Set(['indexOf', 'lastIndexOf', 'split', 'includes', 'startsWith', 'endsWith', 'search']);

/** Every place in one file's text that holds one of the facts (wherever the file is). */
export function findFacts(fileName: string, text: string): Finding[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: Finding[] = [];
  const add = (node: ts.Node, fact: Fact): void => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    out.push({ where: `${fileName}:${line}`, fact, text: node.getText(source).slice(0, 120) });
  };
  const pattern = (node: ts.Node, body: string): void => {
    if (tracerFunctionWords.test(body)) add(node, 'tracer-function suffix reader');
    if (isLocationPattern(body)) add(node, 'node-error location form');
    if (isDurationUnitPattern(body)) add(node, 'Go-duration parser');
    if (isUserInfoPattern(body)) add(node, 'user:pass@ splitter');
  };
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) pattern(node, node.text.slice(1, node.text.lastIndexOf('/')));
    else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp' &&
      node.arguments?.[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      pattern(node, node.arguments[0].text);
    else if (ts.isObjectLiteralExpression(node)) {
      const names = node.properties.flatMap((p) =>
        p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? [p.name.text] : [],
      );
      if (listsDurationUnits(names)) add(node, 'Go-duration parser');
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
      // Go's own error texts: whoever writes them parses durations.
      if (/\b(?:invalid|in) duration\b/.test(node.getText(source))) add(node, 'Go-duration parser');
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      const first = node.arguments[0];
      if (decoders.has(name) && first && /user|pass|info|cred/i.test(first.getText(source)))
        add(node, 'user:pass@ splitter');
      if (searches.has(name) && first && ts.isStringLiteralLike(first)) {
        if (first.text === '@') add(node, 'user:pass@ splitter');
        if (tracerFunctionWords.test(first.text)) add(node, 'tracer-function suffix reader');
        // A location read by searching text instead of a pattern (`text.lastIndexOf('<eval>:')`).
        if (/<eval>|<anonymous>|\(anonymous\)|\bLine \d*$|\bline\s*$/i.test(first.text))
          add(node, 'node-error location form');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** `file:line fact: text` for every fact held under src/ outside its home (and not excused by `notASecondTable`). */
export function findSecondTables(root: string): string[] {
  const out: string[] = [];
  for (const file of listSourceFiles(root, 'src')) {
    for (const f of findFacts(file, readFileSync(join(root, file), 'utf8'))) {
      if (homeOf[f.fact].includes(file) || notASecondTable[file]?.fact === f.fact) continue;
      out.push(`${f.where} ${f.fact}: ${f.text}`);
    }
  }
  return out;
}
