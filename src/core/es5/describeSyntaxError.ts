import type { Diagnostic, LineIndex } from '../diagnostics.ts';
import { tokenEndAt, type ParseFailure } from './parseGoal.ts';
import { closingBracket, scanBrackets } from './scanBrackets.ts';

const keywords = new Set(
  (
    'break case catch class const continue debugger default delete do else export extends finally for function if ' +
    'import in instanceof new return super switch this throw try typeof var void while with null true false'
  ).split(' '),
);
const valueEnd = /^(?:[\w$\\\u0080-\uffff]+|["'`].*|\d.*|[)\]}])$/s;
const identifierStart = /^[A-Za-z_$\\\u0080-\uffff]/;

/** Escapes control characters and lone surrogates so a message prints safely. */
export function printable(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0'),
  );
}

function quote(text: string): string {
  const short = text.length > 40 ? text.slice(0, 40) + '…' : text;
  return `'${printable(short)}'`;
}

function nameToken(text: string): string {
  if (identifierStart.test(text)) {
    return keywords.has(text) ? `Unexpected keyword ${quote(text)}` : `Unexpected identifier ${quote(text)}`;
  }
  if (text[0] === '"' || text[0] === "'") return `Unexpected string ${quote(text)}`;
  if (/^\.?\d/.test(text)) return `Unexpected number ${quote(text)}`;
  if (text[0] === '`') return 'Unexpected template string';
  return `Unexpected token ${quote(text)}`;
}

function where(index: LineIndex, offset: number): string {
  const p = index.positionAt(offset);
  return `${p.line}:${p.column}`;
}

function missingSeparatorHint(source: string, failure: ParseFailure, text: string): string {
  const prev = failure.tokens[failure.tokens.length - 1];
  if (!prev || !valueEnd.test(source.slice(prev.start, prev.end))) return '';
  if (!/^(?:[\w$\\\u0080-\uffff"'`]|\.\d)/.test(text) || keywords.has(text)) return '';
  const open = scanBrackets(source, failure.pos).open;
  const inner = open[open.length - 1]?.text;
  if (inner === '[' || inner === '(') return ": is a ',' missing before it?";
  if (inner === '{') return ": is a ',' or ';' missing before it?";
  return ": is a ';' missing before it?";
}

const closers = new Set([')', ']', '}']);

/** For a closing bracket of the wrong kind, or a `;` / `{` where a `)` or `]` is due: which bracket is still open. */
function mismatchHint(source: string, failure: ParseFailure, text: string, index: LineIndex): string {
  const open = scanBrackets(source, failure.pos).open;
  const inner = open[open.length - 1];
  if (!inner) return '';
  const closer = closingBracket(inner.text);
  const unclosedParen = inner.text === '(' || inner.text === '[';
  const prev = failure.tokens[failure.tokens.length - 1];
  const afterValue = !!prev && valueEnd.test(source.slice(prev.start, prev.end));
  const due =
    (closers.has(text) && closer !== text) ||
    (unclosedParen && text === ';') ||
    (unclosedParen && text === '{' && afterValue);
  return due ? `: expected '${closer}' to close the '${inner.text}' at ${where(index, inner.start)}` : '';
}

function endOfInput(source: string, index: LineIndex): string {
  const open = scanBrackets(source).open;
  const inner = open[open.length - 1];
  if (!inner) return 'Unexpected end of input: the code stops in the middle of an expression or statement';
  const at = where(index, inner.start);
  return `Unexpected end of input: a '${closingBracket(inner.text)}' is missing for the '${inner.text}' at ${at}`;
}

/** Turns acorn's error into an `es5/syntax-error` diagnostic that names the offending token. */
export function describeSyntaxError(source: string, failure: ParseFailure, index: LineIndex): Diagnostic {
  let { pos } = failure;
  let end = Math.min(Math.max(failure.raisedAt, pos), source.length);
  let message = printable(failure.message);
  if (failure.message === 'Unexpected token') {
    // acorn may raise after reading further; name only the token at the error position (at the end of the source
    // tokenEndAt is past it, so end stays there and the text is empty).
    end = Math.min(end, tokenEndAt(source, pos));
    const text = source.slice(pos, end);
    if (text === '') message = endOfInput(source, index);
    else if (failure.afterExpression !== undefined) {
      message = `${nameToken(text)}: the expression already ended at ${where(index, failure.afterExpression)}`;
    } else {
      const hint = mismatchHint(source, failure, text, index) || missingSeparatorHint(source, failure, text);
      message = nameToken(text) + hint;
    }
  } else if (failure.message.startsWith("'import' and 'export' may appear only")) {
    const word = source.startsWith('import', pos) ? 'import' : 'export';
    message = `'${word}' can only appear in an ES module; a tracer is one object literal, not a module`;
    end = pos + word.length;
  } else if (failure.message.startsWith('Unexpected character') && source[pos - 1] === '#') {
    // acorn reads '#' as the start of a private name and complains about the character after it.
    message = "Unexpected character '#'";
    pos -= 1;
    end = pos + 1;
  } else if (failure.message.startsWith('Unexpected character') && pos === source.length - 1) {
    // acorn combines a lone high surrogate at the very end with a missing low half and names U+10000. The last code
    // unit is one character of its own (a low surrogate there would have its high half before it, where acorn
    // stops), so naming it is right for any character.
    message = printable(`Unexpected character '${source[pos]}'`);
    end = pos + 1;
  } else if (end === pos) {
    // One character (two code units outside the BMP); at the end of the source the range stops there (rangeOf clamps).
    end = pos + ((source.codePointAt(pos) ?? 0) > 0xffff ? 2 : 1);
  }
  return { severity: 'error', ruleId: 'es5/syntax-error', message, range: index.rangeOf(pos, end) };
}
