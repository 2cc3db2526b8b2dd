// The dev server's pre-bundling of dependencies normally leaves each stylesheet a dependency imports (Monaco imports
// about 110, one per widget) as an import of its own, which the page then fetches one by one as a JavaScript module
// once the bundle that imports it has arrived: a first `npm run dev` load spent about a second of its requests on
// them. This plugin, given to the pre-bundler (vite.config.ts, `optimizeDeps`), puts each such stylesheet into the
// bundle as code that adds it to the page when the bundle runs, in the same order. The built app is not concerned:
// its bundler extracts the stylesheets into one file.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** The stylesheet extension the pre-bundler must bundle instead of leaving as imports (`optimizeDeps.extensions`). */
export const inlinedDepStyleExtensions = ['.css'];

/**
 * `css` with its relative `url(…)` references (Monaco's icon font) made absolute dev-server paths (`/@fs/…`, which
 * serves files by absolute path), since the stylesheet no longer sits at its own URL; other URLs (`data:`, absolute)
 * stay as written.
 */
export function absoluteCssUrls(css: string, file: string): string {
  return css.replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (whole, quote: string, ref: string) => {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(ref)) return whole;
    const absolute = resolve(dirname(file), ref.split(/[?#]/)[0]);
    const rest = ref.slice(ref.split(/[?#]/)[0].length);
    return `url(${quote}/@fs${absolute}${rest}${quote})`;
  });
}

/** The module a stylesheet becomes: adds a `<style>` with its text to the page's head when it runs. */
export function styleModule(css: string, file: string): string {
  return [
    'const style = document.createElement("style");',
    `style.setAttribute("data-dep-css", ${JSON.stringify(file)});`,
    `style.textContent = ${JSON.stringify(css)};`,
    'document.head.appendChild(style);',
  ].join('\n');
}

/** The pre-bundler (Rolldown) plugin: loads a dependency's `.css` file as a {@link styleModule}. */
export function inlineDepCss() {
  return {
    name: 'tracer-inline-dep-css',
    load: {
      filter: { id: /\.css$/ },
      async handler(id: string) {
        const css = await readFile(id, 'utf8');
        return { code: styleModule(absoluteCssUrls(css, id), id), moduleType: 'js' as const };
      },
    },
  };
}
