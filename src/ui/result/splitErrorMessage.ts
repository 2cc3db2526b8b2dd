/**
 * Splits a decoded error message into a short headline and what it quoted: the classifier's messages embed the
 * node's own words (`(-32000 "tracer accessed out of bound stack …")`) and the error's `; data: …`. The headline
 * drops them; `quoted` keeps them for the folded details. (A tracer error's position is data on the reply,
 * `tracerError.sentAt` and `.place`, never read back from these words.)
 */
export function splitErrorMessage(
  message: string,
  nodeText?: string,
): { headline: string; quoted: string[] } {
  const quoted: string[] = [];
  let headline = message;
  const dropGroup = (start: number) => {
    // The group that opens at `start`, with nested parentheses and quoted text inside it.
    let depth = 0;
    let inQuote = false;
    for (let i = start; i < headline.length; i++) {
      const c = headline[i];
      if (c === '"' && headline[i - 1] !== '\\') inQuote = !inQuote;
      if (inQuote) continue;
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) {
        quoted.push(headline.slice(start + 1, i));
        headline = (headline.slice(0, start).trimEnd() + headline.slice(i + 1)).replace(/\s+([:;,.])/g, '$1');
        return true;
      }
    }
    return false;
  };
  // The classifier writes: words (node text) [; data: …] [ in function 'f'].
  // Quoted in the message's order: the node's text, the data.
  const tail: string[] = [];
  const fn = / in function '[\w$]+'$/.exec(headline);
  const fnSuffix = fn ? fn[0] : '';
  if (fn) headline = headline.slice(0, fn.index);
  // The error's `data` (hardhat's holds the whole request, tracer included) goes with the details.
  const data = headline.indexOf('; data: ');
  if (data >= 0) {
    tail.unshift(headline.slice(data + 2));
    headline = headline.slice(0, data);
  }
  headline += fnSuffix;
  const probe = nodeText?.trim().slice(0, 24);
  if (probe) {
    const at = headline.indexOf(probe);
    const open = at < 0 ? -1 : headline.lastIndexOf('(', at);
    if (open >= 0) dropGroup(open);
  }
  return { headline: headline.trim(), quoted: [...quoted, ...tail] };
}
