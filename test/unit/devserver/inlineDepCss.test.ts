import { describe, expect, it } from 'vitest';
import { absoluteCssUrls, styleModule } from '../../../src/devserver/inlineDepCss.ts';

// A dependency's stylesheet put into its pre-bundled code (issue 25's first dev load); the dev server itself is driven
// in test/e2e-dev/dev-first-load.spec.ts.
describe('absoluteCssUrls: a dependency’s stylesheet put into its bundle still finds its files', () => {
  const file = '/p/node_modules/monaco-editor/esm/vs/base/codicon/codicon.css';
  it.each([
    [
      'a relative font',
      'src: url(./codicon.ttf) format("truetype");',
      'src: url(/@fs/p/node_modules/monaco-editor/esm/vs/base/codicon/codicon.ttf) format("truetype");',
    ],
    [
      'quoted, up a folder, with a query',
      'url("../x/y.woff?v=2")',
      'url("/@fs/p/node_modules/monaco-editor/esm/vs/base/x/y.woff?v=2")',
    ],
    [
      'a bare name',
      "url('z.svg#icon')",
      "url('/@fs/p/node_modules/monaco-editor/esm/vs/base/codicon/z.svg#icon')",
    ],
    ['a data URL', 'url("data:image/png;base64,iVBO")', 'url("data:image/png;base64,iVBO")'],
    ['an absolute path', 'url(/fonts/a.ttf)', 'url(/fonts/a.ttf)'],
    ['another site', 'url(https://example.org/a.ttf)', 'url(https://example.org/a.ttf)'],
    ['an SVG fragment', 'url(#clip)', 'url(#clip)'],
  ])('%s', (_what, css, expected) => {
    expect(absoluteCssUrls(css, file)).toBe(expected);
  });
});

describe('styleModule', () => {
  it('adds the stylesheet to the page’s head when it runs, naming its file', () => {
    const added: Array<{ attributes: Record<string, string>; textContent: string }> = [];
    const document = {
      createElement: (tag: string) => {
        expect(tag).toBe('style');
        const el = {
          attributes: {} as Record<string, string>,
          textContent: '',
          setAttribute(k: string, v: string) {
            el.attributes[k] = v;
          },
        };
        return el;
      },
      head: { appendChild: (el: (typeof added)[number]) => added.push(el) },
    };
    new Function('document', styleModule('.a { content: "\\"</style>" }', '/p/x.css'))(document);
    expect(added.map((e) => [e.attributes, e.textContent])).toEqual([
      [{ 'data-dep-css': '/p/x.css' }, '.a { content: "\\"</style>" }'],
    ]);
  });
});
