// What a first `npm run dev` load costs the dev server and the page (issue 25's first-load wait): the dependencies'
// stylesheets come inside their pre-bundled code (src/devserver/inlineDepCss.ts), the pre-bundled dependencies go out
// without inlined source maps and without the `new URL(…, import.meta.url)` Vite would tokenize them for
// (src/devserver/lightenDeps.ts), and the tracer worker starts from index.html's first script. Each must hold, and
// Monaco must still look and work as before.
import { expect, test } from '@playwright/test';
import { openPlayground } from '../e2e/helpers/playground.ts';

const isDepStylesheet = (url: string) => /\/node_modules\/.*\.css(\?|$)/.test(new URL(url).pathname + '?');
const isPrebundledDep = (url: string) => new URL(url).pathname.includes('/.vite/deps/');

test('a dev load fetches no stylesheet of a dependency, and Monaco is styled, with its icon font', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await openPlayground(page);
  expect(requests.filter(isDepStylesheet)).toEqual([]);
  // Monaco's stylesheets are in the page, from its bundles.
  expect(await page.locator('style[data-dep-css*="monaco-editor"]').count()).toBeGreaterThan(50);
  const editor = page.locator('.monaco-editor').first();
  await expect(editor).toHaveCSS('position', 'relative');
  // The suggest widget's icons come from the codicon font, which the inlined stylesheet must still find.
  await page.locator('.view-line').nth(5).click();
  await page.keyboard.press('End');
  await page.keyboard.type('\n    log.');
  const suggest = page.locator('.suggest-widget');
  await expect(suggest).toBeVisible();
  await expect(suggest.getByText('getPC', { exact: true })).toBeVisible();
  expect(
    await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.family.includes('codicon')).map((f) => f.status);
    }),
  ).toEqual(['loaded']);
});

test('pre-bundled dependencies go out without source maps or module URLs to resolve; the page’s modules keep theirs', async ({
  page,
}) => {
  const deps = new Set<string>();
  page.on('request', (r) => {
    if (isPrebundledDep(r.url())) deps.add(r.url());
  });
  await openPlayground(page);
  expect(deps.size).toBeGreaterThan(5);
  for (const url of deps) {
    const text = await (await page.request.get(url)).text();
    expect(text, url).not.toContain('sourceMappingURL=data:');
    expect(text, url).toContain('// No source map: the dev server leaves those of dependencies out');
    expect(text, url).not.toMatch(/\bnew\s+URL\s*\(\s*("[^"]*"|'[^']*'|`[^`]*`)\s*,\s*import\.meta\.url\b/);
  }
  // Monaco's largest bundle names its worker fallbacks in the form left alone.
  const sizes = await Promise.all(
    [...deps].map(async (url) => ({ url, text: await (await page.request.get(url)).text() })),
  );
  expect(sizes.some(({ text }) => text.includes('import.meta["url"]'))).toBe(true);
  const own = await (await page.request.get('/src/main.ts')).text();
  expect(own).toContain('sourceMappingURL=data:application/json');
});

test('the tracer worker is started once, by index.html’s first script, before the page’s own script runs', async ({
  page,
}) => {
  const workers: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('tracer.worker.ts')) workers.push(r.url());
  });
  const html = await (await page.request.get('/')).text();
  const scripts = [...html.matchAll(/<script type="module"( async)? src="([^"]+)"/g)].map((m) => [
    m[2],
    Boolean(m[1]),
  ]);
  expect(scripts.filter(([src]) => !String(src).startsWith('/@vite'))).toEqual([
    ['/src/worker/startTracerWorkerEarly.ts', true],
    ['/src/main.ts', false],
  ]);
  await openPlayground(page);
  expect(workers).toHaveLength(1);
  // The check runs in it: the editor's tracer is checked, with no problems.
  await expect(page.locator('footer.statusbar')).toContainText('0 errors');
});
