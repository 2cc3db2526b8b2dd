import type * as Monaco from 'monaco-editor/editor/editor.api';
import {
  completionContext,
  describeWordAt,
  findHookParams,
  formatSignature,
  membersAfter,
  signatureAt,
} from '../../core/tracer/resolveApiAt.ts';
import { tracerApiTypes, tracerGlobals, type ApiMember } from '../../core/tracer/apiModel.ts';
import { es5Globals, es5Keywords } from '../../core/tracer/es5Names.ts';

function textBefore(model: Monaco.editor.ITextModel, position: Monaco.Position): string {
  // A window is enough for a member chain and keeps this cheap on large tracers.
  const offset = model.getOffsetAt(position);
  const start = Math.max(0, offset - 2000);
  return model.getValue().slice(start, offset);
}

function memberDoc(member: ApiMember): Monaco.IMarkdownString {
  const params = (member.params ?? [])
    .filter((p) => p.doc)
    .map((p) => `\n\n*@param* \`${p.name}\` — ${p.doc}`)
    .join('');
  const example = member.example ? '\n\n*Example*\n```javascript\n' + member.example + '\n```' : '';
  return { value: `${member.doc}${params}${example}` };
}

/** Completion after `log.` and the like (the members of the chain's type), and of the globals. */
function completionProvider(monaco: typeof Monaco): Monaco.languages.CompletionItemProvider {
  const kinds = monaco.languages.CompletionItemKind;
  return {
    triggerCharacters: ['.'],
    provideCompletionItems(model, position) {
      const ctx = completionContext(textBefore(model, position));
      if (!ctx) return { suggestions: [] };
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(
        position.lineNumber,
        word.startColumn,
        position.lineNumber,
        position.column,
      );
      const params = findHookParams(model.getValue());
      if (ctx.kind === 'global') return { suggestions: globalSuggestions(monaco, params, range) };
      const members = membersAfter(ctx.chain, params);
      return {
        suggestions: members.map((member) => ({
          label: member.name,
          kind: member.kind === 'method' ? kinds.Method : kinds.Property,
          detail: formatSignature(member),
          documentation: memberDoc(member),
          insertText: member.name,
          sortText: `0${member.name}`,
          range,
        })),
      };
    },
  };
}

/** Hover on a member of the tracer API (its signature and doc) or on a hook parameter (its type). */
function hoverProvider(monaco: typeof Monaco): Monaco.languages.HoverProvider {
  return {
    provideHover(model, position) {
      const word = model.getWordAtPosition(position);
      if (!word) return null;
      const before = model.getValueInRange(
        new monaco.Range(Math.max(1, position.lineNumber - 20), 1, position.lineNumber, word.startColumn),
      );
      const found = describeWordAt(before, word.word, findHookParams(model.getValue()));
      if (!found) return null;
      const range = new monaco.Range(
        position.lineNumber,
        word.startColumn,
        position.lineNumber,
        word.endColumn,
      );
      if (found.member)
        return {
          range,
          contents: [
            { value: '```typescript\n' + formatSignature(found.member) + '\n```' },
            memberDoc(found.member),
          ],
        };
      const t = tracerApiTypes[found.paramType!];
      return {
        range,
        contents: [
          { value: '```typescript\n(parameter) ' + word.word + ': ' + found.paramType + '\n```' },
          { value: t?.doc ?? '' },
        ],
      };
    },
  };
}

/** Signature help inside the parentheses of a tracer API method's call. */
const signatureHelpProvider: Monaco.languages.SignatureHelpProvider = {
  signatureHelpTriggerCharacters: ['(', ','],
  provideSignatureHelp(model, position) {
    const sig = signatureAt(textBefore(model, position), findHookParams(model.getValue()));
    if (!sig) return null;
    const { member } = sig;
    return {
      value: {
        signatures: [
          {
            label: formatSignature(member),
            documentation: memberDoc(member),
            parameters: (member.params ?? []).map((p) => ({
              label: `${p.name}${p.optional ? '?' : ''}: ${p.type}`,
              documentation: p.doc,
            })),
          },
        ],
        activeSignature: 0,
        activeParameter: sig.activeParameter,
      },
      dispose() {},
    };
  },
};

/** Registers completion, hover and signature help for the tracer API on the JavaScript language. */
export function registerTracerApiProviders(monaco: typeof Monaco): void {
  monaco.languages.registerCompletionItemProvider('javascript', completionProvider(monaco));
  monaco.languages.registerHoverProvider('javascript', hoverProvider(monaco));
  monaco.languages.registerSignatureHelpProvider('javascript', signatureHelpProvider);
}

function globalSuggestions(
  monaco: typeof Monaco,
  params: Map<string, string>,
  range: Monaco.IRange,
): Monaco.languages.CompletionItem[] {
  const kinds = monaco.languages.CompletionItemKind;
  const items: Monaco.languages.CompletionItem[] = tracerGlobals.map((g) => ({
    label: g.name,
    kind: kinds.Function,
    detail: formatSignature(g),
    documentation: memberDoc(g),
    insertText: g.name,
    sortText: `1${g.name}`,
    range,
  }));
  for (const [name, type] of params)
    items.push({
      label: name,
      kind: kinds.Variable,
      detail: `(parameter) ${name}: ${type}`,
      insertText: name,
      sortText: `0${name}`,
      range,
    });
  for (const name of es5Globals)
    items.push({
      label: name,
      kind: kinds.Class,
      detail: 'ES5 global',
      insertText: name,
      sortText: `2${name}`,
      range,
    });
  for (const name of es5Keywords)
    items.push({ label: name, kind: kinds.Keyword, insertText: name, sortText: `3${name}`, range });
  return items;
}
