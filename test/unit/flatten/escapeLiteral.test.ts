import { describe, expect, test } from 'vitest';
import {
  printRegExpLiteral,
  printStringLiteral,
  printTemplateRaw,
} from '../../../src/core/flatten/escapeLiteral.ts';

// Expected texts are written by hand with String.raw, so every backslash below is a literal backslash.
describe('printStringLiteral', () => {
  test.each([
    ['plain', 'CALL', String.raw`'CALL'`],
    ['apostrophe', "it's", String.raw`'it\'s'`],
    ['double quotes', 'say "hi"', String.raw`'say \u0022hi\u0022'`],
    ['backslash', 'a\\b', String.raw`'a\\b'`],
    ['newline, CR, tab', 'a\nb\rc\td', String.raw`'a\nb\rc\td'`],
    ['backspace, form feed, vertical tab', '\b\f\v', String.raw`'\b\f\x0B'`],
    ['NUL before a digit', '\u00001', String.raw`'\x001'`],
    ['DEL and C1 control', '\u007f\u0085', String.raw`'\x7F\x85'`],
    ['U+2028 and U+2029', 'a\u2028b\u2029c', String.raw`'a\u2028b\u2029c'`],
    ['BOM', '\ufeff', String.raw`'\uFEFF'`],
    ['</script>', '</script>', String.raw`'<\/script>'`],
    ['<!--', '<!-- x', String.raw`'\x3C!-- x'`],
    ['lone < stays', 'a<b', String.raw`'a<b'`],
    ['non-ASCII kept', 'é中', "'é中'"],
    ['surrogate pair kept', '😀', "'😀'"],
    ['lone high surrogate', 'a\ud800b', String.raw`'a\uD800b'`],
    ['lone low surrogate', '\udc00', String.raw`'\uDC00'`],
    ['reversed pair', '\ude00\ud83d', String.raw`'\uDE00\uD83D'`],
    ['high at end', 'x\ud83d', String.raw`'x\uD83D'`],
  ])('%s', (_name, value, expected) => {
    expect(printStringLiteral(value)).toBe(expected);
    expect(new Function(`return ${expected};`)()).toBe(value);
  });
});

describe('printRegExpLiteral', () => {
  test.each([
    ['double quote', '"', 'g', String.raw`/\u0022/g`],
    ['escaped double quote', String.raw`a\"b`, '', String.raw`/a\u0022b/`],
    ['quote in a class', String.raw`["']`, '', String.raw`/[\u0022']/`],
    ['escaped backslash then quote', String.raw`\\"`, '', String.raw`/\\\u0022/`],
    ['</ in a class', '[</]', '', String.raw`/[\x3C/]/`],
    ['already escaped <\\/', String.raw`<\/script>`, 'i', String.raw`/<\/script>/i`],
    ['<!--', '<!--', '', String.raw`/\x3C!--/`],
    ['unicode flag', '"\\u{1F600}', 'u', String.raw`/\u0022\u{1F600}/u`],
    ['untouched', String.raw`^0x[0-9a-f]+$`, 'i', String.raw`/^0x[0-9a-f]+$/i`],
  ])('%s', (_name, pattern, flags, expected) => {
    expect(printRegExpLiteral(pattern, flags)).toBe(expected);
    const re = new Function(`return ${expected};`)() as RegExp;
    const original = new RegExp(pattern, flags);
    for (const probe of ['"', 'a"b', "'", '\\"', '</', '</script>', '<!--', '"😀', '0xff'])
      expect(re.test(probe)).toBe(original.test(probe));
  });
});

describe('printTemplateRaw', () => {
  test.each([
    ['newline', 'a\nb', String.raw`a\nb`],
    ['CRLF', 'a\r\nb', String.raw`a\nb`],
    ['line continuation', 'a\\\nb', 'ab'],
    ['double quote', 'say "hi"', String.raw`say \u0022hi\u0022`],
    ['escaped double quote', String.raw`\"`, String.raw`\u0022`],
    ['U+2028', 'a\u2028b', String.raw`a\u2028b`],
    ['</script>', '</script>', String.raw`<\/script>`],
    ['substitution-free escapes kept', String.raw`\${x}\``, String.raw`\${x}\``],
  ])('%s', (_name, raw, expected) => {
    expect(printTemplateRaw(raw)).toBe(expected);
    expect(new Function('return `' + expected + '`;')()).toBe(new Function('return `' + raw + '`;')());
  });
});
