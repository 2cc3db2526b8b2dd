/**
 * Literal printers for the one-line tracer string.
 *
 * Every printed literal is free of `"` (written `\u0022`, which is valid in strings, regular expressions in all
 * modes and templates; and when the flattened text is pasted by hand into a JSON string, JSON decodes `\u0022` to
 * `"` inside a single-quoted JS literal, which still means the same thing, whereas `\x22` would be invalid JSON),
 * free of line terminators (`\n`, `\r`, U+2028, U+2029 are escaped), and free of the HTML sequences `</` and `<!--`
 * (written `<\/` and `\x3C!--`) so the string can sit inside a `<script>` element. Non-ASCII characters are kept
 * as they are, except lone surrogates, U+FEFF and C1 controls, which are escaped as `\uXXXX`/`\xHH`.
 */

const dq = '\\u0022';

function hex2(c: number): string {
  return '\\x' + c.toString(16).toUpperCase().padStart(2, '0');
}

function hex4(c: number): string {
  // Stryker disable next-line StringLiteral: only called for U+2028, U+2029, U+FEFF and surrogates (U+D800…U+DFFF), which have four hex digits: the padding never applies
  return '\\u' + c.toString(16).toUpperCase().padStart(4, '0');
}

const simpleEscapes: Record<number, string> = {
  0x08: '\\b',
  0x09: '\\t',
  0x0a: '\\n',
  0x0c: '\\f',
  0x0d: '\\r',
  0x22: dq,
  0x27: "\\'",
  0x5c: '\\\\',
};

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** `</` → `<\/` and `<!--` → `\x3C!--` need a look-ahead; returns the replacement for a `<` at `i`, or null. */
function htmlEscapeAt(s: string, i: number): string | null {
  if (s.charCodeAt(i + 1) === 0x2f) return '<\\';
  if (s.startsWith('!--', i + 1)) return '\\x3C';
  return null;
}

/** Escape for one code unit of a string value (surrogate pairs handled by the caller), or null to keep it. */
function escapeUnit(c: number): string | null {
  const simple = simpleEscapes[c];
  if (simple !== undefined) return simple;
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return hex2(c);
  if (c === 0x2028 || c === 0x2029 || c === 0xfeff) return hex4(c);
  return null;
}

/** Prints a string value as a single-quoted JS string literal (see the module comment for the escapes). */
export function printStringLiteral(value: string): string {
  let out = "'";
  let from = 0;
  // Stryker disable next-line EqualityOperator: `i <= value.length` reads charCodeAt(length), NaN, which escapes to nothing
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    let rep: string | null;
    if (c === 0x3c) rep = htmlEscapeAt(value, i);
    else if (isHigh(c)) {
      if (isLow(value.charCodeAt(i + 1))) {
        i++;
        continue;
      }
      rep = hex4(c);
    } else if (isLow(c)) rep = hex4(c);
    else rep = escapeUnit(c);
    if (rep === null) continue;
    out += value.slice(from, i) + rep;
    from = i + 1;
  }
  return out + value.slice(from) + "'";
}

function isLineTerminator(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}

/**
 * Prints a regular expression literal. The pattern keeps its meaning: `"` and `\"` become `\u0022`, and `</`,
 * `<!--` are broken up with escapes that are valid with and without the `u`/`v` flags.
 */
export function printRegExpLiteral(pattern: string, flags: string): string {
  let out = '/';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charCodeAt(i);
    if (c === 0x5c) {
      const next = pattern.charCodeAt(i + 1);
      if (next === 0x22) out += dq;
      else if (next === 0x3c && htmlEscapeAt(pattern, i + 1) !== null) out += '\\x3C';
      else out += pattern.slice(i, i + 2);
      i++;
    } else if (c === 0x22) out += dq;
    else if (c === 0x3c) out += htmlEscapeAt(pattern, i) === null ? '<' : '\\x3C';
    else out += pattern[i];
  }
  return out + '/' + flags;
}

/**
 * Rewrites the raw text of a template element so it fits on one line without `"`: raw line breaks become `\n`,
 * line continuations are dropped, U+2028/U+2029 become escapes. The cooked value stays the same; the raw value
 * changes whenever the result differs from the input (which matters only to tagged templates).
 */
export function printTemplateRaw(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x5c) {
      const next = raw.charCodeAt(i + 1);
      if (isLineTerminator(next)) {
        // A line continuation adds nothing to the cooked value.
        i += next === 0x0d && raw.charCodeAt(i + 2) === 0x0a ? 2 : 1;
      } else if (next === 0x22) {
        // `\"`: the backslash is dropped, and the next turn prints the quote as \u0022.
      } else if (next === 0x3c && htmlEscapeAt(raw, i + 1) !== null) {
        out += '\\x3C';
        i++;
      } else {
        out += raw.slice(i, i + 2);
        i++;
      }
    } else if (c === 0x0d) {
      out += '\\n';
      if (raw.charCodeAt(i + 1) === 0x0a) i++;
    } else if (c === 0x0a) out += '\\n';
    else if (c === 0x2028 || c === 0x2029) out += hex4(c);
    else if (c === 0x22) out += dq;
    else if (c === 0x3c) out += htmlEscapeAt(raw, i) ?? '<';
    else out += raw[i];
  }
  return out;
}
