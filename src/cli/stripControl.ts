// Whole escape sequences first (so `ESC[31m` goes away, not just the ESC), then every remaining control character:
// - CSI: ESC [ or U+009B, parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, a final byte 0x40–0x7E;
// - strings (OSC, DCS, SOS, PM, APC): ESC ] P X ^ _ or U+009D U+0090 U+0098 U+009E U+009F, up to BEL or ST
//   (ESC \ or U+009C), or to the end of the text when unterminated;
// - any other escape: ESC, intermediate bytes, one final byte 0x30–0x7E.
const sequences =
  // eslint-disable-next-line no-control-regex
  /(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?|(?:\x1b[\]PX^_]|[\x90\x98\x9d-\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[\x20-\x2f]*[\x30-\x7e]?/g;
// C0 except \t (0x09) and \n (0x0A), DEL, C1.
// eslint-disable-next-line no-control-regex
const controls = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/**
 * Removes terminal control characters from text that came from a node or a tracer before the CLI prints it: ANSI/VT
 * escape sequences as a whole (colours, cursor moves, window titles, hyperlinks, 8-bit CSI), then every C0 control
 * except newline and tab, DEL and every C1 control. Printable text, including all other Unicode, is kept as is.
 */
export function stripControl(text: string): string {
  return text.replace(sequences, '').replace(controls, '');
}
