// Two costs of serving the pre-bundled dependencies to a first `npm run dev` load, both paid on the dev server's one
// thread while the page's own modules wait behind them:
// - each bundle goes out with its source map inlined: Monaco's largest (4.5 MB) went out as 16.5 MB, its 9 MB map
//   parsed, filled in, serialized and base64-encoded on the way. The playground's users debug their tracers, not
//   Monaco, TypeScript or viem: the maps are dropped (the bundles still name their source files in comments);
//   PLAYGROUND_DEP_SOURCEMAPS=1 keeps them.
// - Vite tokenizes every module holding `new URL('…', import.meta.url)` to resolve those URLs: about a second for that
//   4.5 MB bundle, for Monaco's fallback worker URLs, which the playground never uses (setupMonaco gives Monaco its
//   workers). In the bundles the expression is written `import.meta["url"]`, the same value, which Vite leaves alone.
// The page's own modules are not concerned, nor is the built app.
import type { Plugin } from 'vite';

/** Whether `id` is a file of the dependency pre-bundler's output, `cacheDir`/deps (Vite's cache: `.vite/deps`). */
export function isPrebundledDep(id: string, cacheDir: string): boolean {
  const file = id.split('?')[0];
  return file.startsWith(`${cacheDir.replace(/\/$/, '')}/deps/`) && file.endsWith('.js');
}

const urlOfModule = /(\bnew\s+URL\s*\(\s*(?:'[^']*'|"[^"]*"|`[^`]*`)\s*,\s*)import\.meta\.url\b/g;

/** `code` with the `import.meta.url` of each `new URL('…', import.meta.url)` written `import.meta["url"]`. */
export function hideModuleUrls(code: string): string {
  return code.includes('import.meta.url') ? code.replace(urlOfModule, '$1import.meta["url"]') : code;
}

/** The line a pre-bundled dependency ends with instead of its source map. */
export const droppedMapNote =
  '// No source map: the dev server leaves those of dependencies out (src/devserver/lightenDeps.ts; PLAYGROUND_DEP_SOURCEMAPS=1 keeps them).';

/** The plugin (dev only): a pre-bundled dependency without its source map and with {@link hideModuleUrls}. */
export function lightenDeps(keepMaps = process.env.PLAYGROUND_DEP_SOURCEMAPS === '1'): Plugin {
  let cacheDir = '';
  return {
    name: 'tracer-lighten-deps',
    apply: 'serve',
    enforce: 'pre',
    configResolved(config) {
      cacheDir = config.cacheDir;
    },
    transform(code, id) {
      if (!isPrebundledDep(id, cacheDir)) return undefined;
      const lighter = hideModuleUrls(code);
      if (keepMaps) return { code: lighter, map: null };
      // `mappings: ''` is how a transform says the result has no map: Vite then neither combines nor inlines one. It
      // keeps the loaded map of a module whose code no transform changed, hence the line that says why there is none.
      return { code: `${lighter}\n${droppedMapNote}\n`, map: { mappings: '' } };
    },
  };
}
