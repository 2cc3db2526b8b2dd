import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { declaredType, tracerApiTypes, tracerGlobals } from '../../../src/core/tracer/apiModel.ts';
import { buildTracerApiDts } from '../../../src/core/tracer/buildTracerApiDts.ts';

// What the editor's hover shows for a declaration: TypeScript's reading of its JSDoc in the generated file.
function docsByName(): Map<string, string> {
  const file = ts.createSourceFile('tracer-api.d.ts', buildTracerApiDts(), ts.ScriptTarget.ES5, true);
  const out = new Map<string, string>();
  const docOf = (node: ts.Node) =>
    ts
      .getJSDocCommentsAndTags(node)
      .map((d) => (ts.isJSDoc(d) ? ts.getTextOfJSDocComment(d.comment) : ''))
      .join('\n');
  for (const st of file.statements) {
    if (ts.isInterfaceDeclaration(st)) {
      out.set(st.name.text, docOf(st));
      for (const m of st.members)
        if (m.name && ts.isIdentifier(m.name)) out.set(`${st.name.text}.${m.name.text}`, docOf(m));
    } else if (ts.isFunctionDeclaration(st) && st.name) out.set(st.name.text, docOf(st));
  }
  return out;
}

describe("tracer API declarations carry the model's docs (what hover and peek show)", () => {
  // The declarations are built inside each test: Stryker's per-test coverage counts only code a test itself runs.
  const expected: Array<[string, string]> = [
    ...Object.values(tracerApiTypes).flatMap((t): Array<[string, string]> => [
      [t.name, t.doc],
      ...t.members.map((m): [string, string] => [`${t.name}.${m.name}`, m.doc]),
    ]),
    ...tracerGlobals.map((g): [string, string] => [g.name, g.doc]),
  ];
  it('every type, member and global is declared', () => {
    expect(expected.length).toBeGreaterThan(100);
    const docs = docsByName();
    expect(expected.filter(([name]) => !docs.has(name))).toEqual([]);
  });
  it.each(expected)('%s', (name, doc) => {
    expect(doc).not.toBe('');
    expect(docsByName().get(name)).toBe(doc);
  });
});

describe("tracer API declarations, as read in the editor's peek view", () => {
  const lines = () => buildTracerApiDts().split('\n');
  it('start with a line naming the file', () => {
    expect(lines()[0]).toBe('// geth JavaScript tracer API (ambient declarations for editor help)');
  });
  it('indent the members of each generated interface by two spaces', () => {
    const inside: string[] = [];
    let open = false;
    for (const line of lines()) {
      if (/^interface (?!Tracer\b)\w+ \{$/.test(line)) open = true;
      else if (line === '}') open = false;
      else if (open) inside.push(line);
    }
    expect(inside.length).toBeGreaterThan(100);
    expect(inside.filter((l) => !/^ {2}\S/.test(l))).toEqual([]);
  });
});

describe('declaredType', () => {
  it.each([
    ['bigIntStatic', 'unknown'], // an object type the .d.ts does not declare
    ['log', 'Log'],
    ['bytes', 'Uint8Array'],
    ['config', 'any'],
    ['number', 'number'],
    ['boolean', 'boolean'],
    ['unknown', 'unknown'],
    ['opName', 'string'],
  ] as const)('%s → %s', (t, name) => expect(declaredType(t)).toBe(name));
});
