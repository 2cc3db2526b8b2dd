import { tokenizer } from '../es5/loopParser.ts';

/**
 * The last gate before a tracer string goes to a node (geth has no console; see the console rule, lintConsole.ts): the offset
 * of the first place in `code` that names `console`: a name (escapes decoded: `\u0063onsole` too), a string or a
 * template chunk (`this['console']`, `var k = 'console'`), or a comment (text sent as it is, with --no-flatten, holds
 * its comments: none may hold console either); undefined when there is none. Text that does not tokenize as
 * JavaScript is searched as plain text. A name built at run time (`'con' + 'sole'`) is out of its reach: on a node it
 * finds no console, as geth's runtime has none.
 */
export function findConsoleName(code: string): number | undefined {
  let comment: number | undefined;
  const onComment = (_block: boolean, text: string, start: number) => {
    if (comment === undefined && text.includes('console')) comment = start;
  };
  try {
    for (const t of tokenizer(code, { ecmaVersion: 'latest', allowHashBang: true, onComment })) {
      if (comment !== undefined) return comment;
      const label = t.type.label;
      if (
        (label === 'name' || label === 'string' || label === 'template') &&
        (t as { value?: unknown }).value === 'console'
      )
        return t.start;
    }
    return comment;
  } catch {
    const at = code.indexOf('console');
    return at < 0 ? undefined : at;
  }
}
