// The layer rule of docs/architecture.md ("arrows only go down") and a scanner that lists every import of a source
// file. layers.test.ts applies the one to the other over all of src/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** A folder of src/ (or src/main.ts) with the layers it may import from besides its own. */
export type Layer = 'core' | 'evm' | 'worker' | 'io' | 'state' | 'ui' | 'cli' | 'devserver' | 'main';

/**
 * Lowest first. Each layer lists the lower layers it may use; importing from its own layer is always allowed.
 * io and state sit side by side (neither imports the other); cli sits beside ui and devserver beside both.
 */
export const layerUses: Readonly<Record<Layer, readonly Layer[]>> = {
  core: [],
  evm: ['core'],
  worker: ['core', 'evm'],
  io: ['core', 'evm', 'worker'],
  state: ['core', 'evm', 'worker'],
  ui: ['core', 'evm', 'worker', 'io', 'state'],
  cli: ['core', 'evm', 'io'],
  devserver: ['core', 'worker', 'io'],
  main: ['core', 'evm', 'worker', 'io', 'state', 'ui'],
};

const folders = new Set<string>(['core', 'evm', 'worker', 'io', 'state', 'ui', 'cli', 'devserver']);

/** The layer of a path relative to the project root (`src/…`, forward slashes), or undefined outside any layer. */
export function layerOf(path: string): Layer | undefined {
  const parts = path.split('/');
  if (parts[0] !== 'src') return undefined;
  if (parts.length === 2 && parts[1] === 'main.ts') return 'main';
  if (parts.length > 2 && folders.has(parts[1])) return parts[1] as Layer;
  return undefined;
}

/** Why `from` may not import `to` (both relative to the project root), or undefined when it may. */
export function checkImport(from: string, to: string): string | undefined {
  const a = layerOf(from);
  if (a === undefined) return `${from} is in no layer`;
  if (!to.startsWith('src/')) return undefined;
  const b = layerOf(to);
  if (b === undefined) return `${to} is in no layer`;
  if (a === b || layerUses[a].includes(b)) return undefined;
  return `layer ${a} may not import layer ${b}`;
}

/** One module specifier of a source file: the text as written and the line it is on. */
export interface ImportSite {
  specifier: string;
  line: number;
}

/**
 * Every module a file names: static `import … from` / `import '…'`, `export … from`, `import x = require('…')`,
 * dynamic `import('…')` with a literal, `new URL('…', import.meta.url)` (how workers are started) and
 * `import.meta.glob('…')` (the part before the first wildcard).
 */
export function listImports(fileName: string, text: string): ImportSite[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const sites: ImportSite[] = [];
  const add = (node: ts.Node | undefined, cut = false): void => {
    if (node === undefined || !ts.isStringLiteralLike(node)) return;
    const specifier = cut ? node.text.replace(/[*?{[].*$/, '') : node.text;
    sites.push({ specifier, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  };
  const isImportMeta = (node: ts.Node): boolean =>
    ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node.arguments[0]);
    else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'glob' &&
      isImportMeta(node.expression.expression)
    )
      add(node.arguments[0], true);
    else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'URL' &&
      node.arguments?.length === 2 &&
      ts.isPropertyAccessExpression(node.arguments[1]) &&
      node.arguments[1].name.text === 'url' &&
      isImportMeta(node.arguments[1].expression)
    )
      add(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

/**
 * The file a relative (`./`, `../`) or root-relative (`/src/…`) specifier names, relative to `root` with forward
 * slashes, after dropping a `?worker`/`?url`/`?raw`… suffix; null when it names no file; undefined for a package.
 */
export function resolveImport(root: string, fromFile: string, specifier: string): string | null | undefined {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return undefined;
  const bare = specifier.replace(/[?#].*$/, '');
  const base = bare.startsWith('/') ? join(root, bare) : resolve(dirname(join(root, fromFile)), bare);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate)) return relative(root, candidate).split(sep).join(posix.sep);
  }
  return null;
}

/** Every .ts file under `dir` (relative to `root`, forward slashes), sorted. */
export function listSourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(root, rel))) {
      const child = `${rel}/${name}`;
      if (statSync(join(root, child)).isDirectory()) walk(child);
      else if (name.endsWith('.ts')) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/** `file:line → imported file (reason)` for every import under src/ that breaks the rule or names no file. */
export function findViolations(root: string): string[] {
  const out: string[] = [];
  for (const file of listSourceFiles(root, 'src')) {
    for (const site of listImports(file, readFileSync(join(root, file), 'utf8'))) {
      const target = resolveImport(root, file, site.specifier);
      if (target === undefined) continue;
      const where = `${file}:${site.line}`;
      if (target === null) out.push(`${where} → ${site.specifier} (names no file)`);
      else {
        const why = checkImport(file, target);
        if (why) out.push(`${where} → ${target} (${why})`);
      }
    }
  }
  return out;
}
