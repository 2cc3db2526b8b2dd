const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;

/**
 * The source text of each element of a JSON array text that `JSON.parse` has already accepted, in order and trimmed of
 * JSON whitespace (`[1, {"a":[2]} ,"x,y"]` → `1`, `{"a":[2]}`, `"x,y"`). One pass over the characters with a depth
 * count, no recursion, so that any nesting the parser took is split. Undefined for text that is not an array.
 */
export function splitJsonArray(text: string): string[] | undefined {
  const items: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === backslash) i++;
      else if (c === quote) inString = false;
    } else if (c === quote) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (depth === 0 && c !== 0x5b) return undefined;
      if (++depth === 1) start = i + 1;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      if (--depth === 0) {
        const last = text.slice(start, i).trim();
        // `[]` has no element; otherwise the last one ends here (JSON allows no trailing comma).
        if (last !== '' || items.length > 0) items.push(last);
        return items;
      }
    } else if (c === comma && depth === 1) {
      items.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return undefined;
}
