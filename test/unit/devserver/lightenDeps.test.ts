import { describe, expect, it } from 'vitest';
import {
  droppedMapNote,
  hideModuleUrls,
  isPrebundledDep,
  lightenDeps,
} from '../../../src/devserver/lightenDeps.ts';

// The dev server's lighter first load (issue 25): what the pre-bundled dependencies are sent as (their stylesheets:
// inlineDepCss.test.ts). The dev server itself is driven in test/e2e-dev/dev-first-load.spec.ts.
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
