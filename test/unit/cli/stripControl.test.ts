import { describe, expect, it } from 'vitest';
import { stripControl } from '../../../src/cli/stripControl.ts';

describe('stripControl', () => {
  it.each([
    ['plain text', 'gasUsed: 21000', 'gasUsed: 21000'],
    ['newline and tab kept', 'a\tb\nc\n', 'a\tb\nc\n'],
    ['other Unicode kept', 'é ✓ 日本 \u00a0 \u{1f600}', 'é ✓ 日本 \u00a0 \u{1f600}'],
    ['colour (CSI SGR)', '\x1b[31mred\x1b[0m', 'red'],
    ['cursor moves and screen clear', 'a\x1b[2J\x1b[1;1Hb\x1b[?25l', 'ab'],
    ['window title (OSC … BEL)', '\x1b]0;pwned\x07ok', 'ok'],
    ['hyperlink (OSC 8 … ST)', '\x1b]8;;http://evil.test\x1b\\link\x1b]8;;\x1b\\', 'link'],
    ['unterminated OSC runs to the end', 'ok\x1b]2;title', 'ok'],
    ['device control string', 'a\x1bPq#0;2;0;0;0\x1b\\b', 'ab'],
    ['two-byte escapes (RIS, charset)', 'a\x1bcb\x1b(Bc', 'abc'],
    ['a lone ESC at the end', 'abc\x1b', 'abc'],
    ['8-bit CSI', 'a\x9b31mb', 'ab'],
    ['8-bit OSC … ST', 'a\x9d0;t\x9cb', 'ab'],
    ['carriage return (overwrites the line)', 'fake\rreal', 'fakereal'],
    ['backspace, bell, NUL, vertical tab, form feed', 'a\b\x07\x00\x0b\x0cb', 'ab'],
    ['DEL', 'a\x7fb', 'ab'],
    ['other C1 controls', 'a\x80\x85\x8db', 'ab'],
    ['every C0 but \\t and \\n', String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i)), '\t\n'],
  ])('%s', (_name, input, expected) => {
    expect(stripControl(input)).toBe(expected);
  });
});
