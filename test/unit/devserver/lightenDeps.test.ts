import { describe, expect, it } from 'vitest';
import {
  droppedMapNote,
  hideModuleUrls,
  isPrebundledDep,
  lightenDeps,
} from '../../../src/devserver/lightenDeps.ts';
import { absoluteCssUrls, styleModule } from '../../../src/devserver/inlineDepCss.ts';

// The dev server's lighter first load (issue 25): what the pre-bundled dependencies are sent as. The dev server itself
// is driven in test/e2e-dev/dev-first-load.spec.ts.
describe('hideModuleUrls: the `new URL(…, import.meta.url)` Vite would tokenize a bundle for', () => {
  it.each([
    [
      'Monaco’s fallback worker',
      'new URL("../a/ts.worker.js", import.meta.url)',
      'new URL("../a/ts.worker.js", import.meta["url"])',
    ],
    [
      'single quotes, spaces',
      "new  URL( './x.js' ,import.meta.url )",
      'new  URL( \'./x.js\' ,import.meta["url"] )',
    ],
    ['a template literal', 'new URL(`./x.js`, import.meta.url)', 'new URL(`./x.js`, import.meta["url"])'],
    [
      'two on a line',
      'f(new URL("a", import.meta.url), new URL("b", import.meta.url))',
      'f(new URL("a", import.meta["url"]), new URL("b", import.meta["url"]))',
    ],
    ['a bare import.meta.url', 'const here = import.meta.url;', 'const here = import.meta.url;'],
    ['a URL of something else', 'new URL(path, import.meta.url)', 'new URL(path, import.meta.url)'],
    ['a longer name', 'new URL("a", import.meta.urlish)', 'new URL("a", import.meta.urlish)'],
    ['no URL at all', 'export const x = 1;', 'export const x = 1;'],
  ])('%s', (_what, code, expected) => {
    expect(hideModuleUrls(code)).toBe(expected);
  });
});

describe('isPrebundledDep', () => {
  it.each([
    ['/p/node_modules/.vite/deps/comlink.js', '/p/node_modules/.vite', true],
    ['/p/node_modules/.vite/deps/comlink.js?v=1a2b', '/p/node_modules/.vite', true],
    ['/p/node_modules/.vite/deps/chunk-X.js', '/p/node_modules/.vite/', true],
    ['/p/node_modules/.vite/deps/_metadata.json', '/p/node_modules/.vite', false],
    ['/p/node_modules/.vite/deps_temp/x.js', '/p/node_modules/.vite', false],
    ['/p/src/main.ts', '/p/node_modules/.vite', false],
    ['/p/node_modules/comlink/dist/esm/comlink.mjs', '/p/node_modules/.vite', false],
    ['/tmp/clone/.vite-cache/deps/viem.js', '/tmp/clone/.vite-cache', true],
  ])('%s in %s: %s', (id, cacheDir, expected) => {
    expect(isPrebundledDep(id, cacheDir)).toBe(expected);
  });
});

describe('the plugin’s transform', () => {
  function transformWith(keepMaps: boolean, id: string, code: string) {
    const plugin = lightenDeps(keepMaps);
    (plugin.configResolved as (c: { cacheDir: string }) => void)({ cacheDir: '/p/node_modules/.vite' });
    return (plugin.transform as (code: string, id: string) => unknown)(code, id);
  }
  const dep = '/p/node_modules/.vite/deps/format-1.js?v=9';
  const code = 'export const w = () => new URL("./w.js", import.meta.url);';

  it('drops a dependency’s map, says so in its last line, and hides its module URLs', () => {
    expect(transformWith(false, dep, code)).toEqual({
      code: `export const w = () => new URL("./w.js", import.meta["url"]);\n${droppedMapNote}\n`,
      map: { mappings: '' },
    });
  });
  it('keeps the map when asked (PLAYGROUND_DEP_SOURCEMAPS=1)', () => {
    expect(transformWith(true, dep, code)).toEqual({
      code: 'export const w = () => new URL("./w.js", import.meta["url"]);',
      map: null,
    });
  });
  it('leaves the page’s own modules alone', () => {
    expect(transformWith(false, '/p/src/main.ts', code)).toBeUndefined();
  });
});

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
