// The sandbox runs the node worker's code as one classic script from a blob: URL, so it can load nothing else.

/**
 * Returns null when `code` (a built worker chunk) looks like one self-contained script, or an error message naming
 * `url` when it starts with an `import` of another chunk or ends with an `export` (Rolldown puts them there).
 */
export function checkSelfContainedScript(code: string, url: string): string | null {
  if (code.trim() === '') return `the embedded node's code (${url}) is empty`;
  if (/^import[\s{*"'`]/m.test(code.slice(0, 4000)))
    return `the embedded node's code (${url}) imports other files, so it cannot run in the sandbox`;
  const tail = code.slice(-4000);
  // On a line of its own, or (minified) right after the last statement: `…(self));export{bx as a};`.
  if (
    /^export\s*[{*]|^export\s+(default|const|let|var|function|class)\b/m.test(tail) ||
    /[;})]\s*export\s*\{[^{}]*\}\s*;?\s*$/.test(tail)
  )
    return `the embedded node's code (${url}) is a module with exports, not one self-contained script`;
  return null;
}
