import { expect, test } from '@playwright/test';
import { openPlayground } from './helpers/playground.ts';

// Issue #13 item 10: the 6.9 MB TypeScript worker is not part of the first load; it comes when a feature that needs
// it (references, go to definition, rename) is asked for.
test('the TypeScript worker loads only when a feature asks for it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    const name = new URL(r.url()).pathname.replace(/^.*\//, '');
    if (name.endsWith('.js')) scripts.push(name);
  });
  await openPlayground(page);
  await page.waitForTimeout(3000);
  expect(scripts.some((s) => s.startsWith('index-'))).toBe(true);
  expect(scripts.filter((s) => s.startsWith('ts.worker'))).toEqual([]);
  await page.evaluate(() => {
    const e = (window as any).__playground.editor;
    e.setValue(
      '{\n  n: 0,\n  step: function (log) {\n    var x = 1;\n    this.n = x;\n  },\n  result: function () {\n    return this.n;\n  },\n  fault: function () {}\n}\n',
    );
    e.setPosition({ lineNumber: 5, column: 14 });
    e.focus();
    e.trigger('test', 'editor.action.referenceSearch.trigger', {});
  });
  await expect
    .poll(() => scripts.filter((s) => s.startsWith('ts.worker')).length, { timeout: 15_000 })
    .toBe(1);
});
