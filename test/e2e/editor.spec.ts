import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  editorText,
  errorSeverity,
  markers,
  openPlayground,
  setSource,
  waitChecked,
} from './helpers/playground.ts';

const templateFiles = readdirSync('tracer-templates').filter((f) => f.endsWith('.js'));

test('picks each template and sees no error marker', async ({ page }) => {
  await openPlayground(page);
  expect(templateFiles.length).toBeGreaterThan(0);
  for (const file of templateFiles) {
    const id = file.replace(/\.js$/, '');
    await page.getByTestId('new-tracer').click();
    await page.locator(`[data-template="${id}"]`).click();
    await waitChecked(page);
    const errors = (await markers(page)).filter((m) => m.severity === errorSeverity);
    expect(errors, `${file}: ${JSON.stringify(errors)}`).toEqual([]);
    await expect(page.getByRole('tab', { selected: true }).first()).toBeVisible();
  }
  const tabs = await page.getByTestId('tracer-tab').count();
  expect(tabs).toBe(templateFiles.length + 1);
});

test('types ES2015 code, sees the marker, applies the quick fix', async ({ page }) => {
  await openPlayground(page);
  await setSource(
    page,
    '{\n  result: function (ctx, db) {\n    let x = 1;\n    return x;\n  },\n  fault: function (log, db) {}\n}\n',
  );
  const found = (await markers(page)).filter((m) => m.severity === errorSeverity);
  expect(found.length).toBeGreaterThan(0);
  const marker = found[0];
  expect(marker.startLineNumber).toBe(3);
  expect(marker.code).toMatch(/^es5\//);
  await page.evaluate(
    ({ line, column }) => {
      const e = (window as any).__playground.editor;
      e.setPosition({ lineNumber: line, column });
      e.focus();
    },
    { line: marker.startLineNumber, column: marker.startColumn },
  );
  await page.keyboard.press('Control+.');
  const fix = page.locator('.action-widget .monaco-list-row, .context-view .action-label').first();
  await expect(fix).toBeVisible();
  await page.keyboard.press('Enter');
  await expect.poll(() => editorText(page)).toContain('var x = 1;');
  await waitChecked(page);
  expect((await markers(page)).filter((m) => m.severity === errorSeverity)).toEqual([]);
});

test('offers the tracer API in step(log, db)', async ({ page }) => {
  await openPlayground(page);
  await setSource(
    page,
    '{\n  step: function (log, db) {\n    log.stack.\n  },\n  result: function (ctx, db) { return 1; },\n  fault: function (log, db) {}\n}\n',
  );
  await page.evaluate(() => {
    const e = (window as any).__playground.editor;
    e.setPosition({ lineNumber: 3, column: 15 });
    e.focus();
    e.trigger('test', 'editor.action.triggerSuggest', {});
  });
  const rows = page.locator('.suggest-widget .monaco-list-row');
  await expect(rows.first()).toBeVisible();
  const labels = await rows.allTextContents();
  expect(labels.some((l) => l.startsWith('peek'))).toBe(true);
  expect(labels.some((l) => l.startsWith('length'))).toBe(true);
  expect(labels.some((l) => /^(ctx|db|fault|Map|Promise)/.test(l))).toBe(false);

  await page.keyboard.press('Escape');
  await setSource(
    page,
    '{\n  result: function (ctx, db) {\n    return \n  },\n  fault: function (log, db) {}\n}\n',
  );
  await page.evaluate(() => {
    const e = (window as any).__playground.editor;
    e.setPosition({ lineNumber: 3, column: 12 });
    e.focus();
    e.trigger('test', 'editor.action.triggerSuggest', {});
  });
  await expect(rows.first()).toBeVisible();
  const globals = await page.locator('.suggest-widget .monaco-list-row').allTextContents();
  expect(globals.some((l) => l.startsWith('ctx'))).toBe(true);
  await page.keyboard.type('toH');
  await expect(rows.first()).toContainText('toHex');
  await page.keyboard.type('M');
  await expect(page.locator('.suggest-widget .monaco-list-row', { hasText: /^Map/ })).toHaveCount(0);
});

test('shows hovers and signature help for the tracer API', async ({ page }) => {
  await openPlayground(page);
  await setSource(
    page,
    '{\n  step: function (log, db) {\n    var v = log.stack.peek(0);\n    db.getState(\n  },\n  result: function (ctx, db) { return 1; },\n  fault: function (log, db) {}\n}\n',
  );
  await page.evaluate(() => {
    const e = (window as any).__playground.editor;
    e.setPosition({ lineNumber: 3, column: 24 });
    e.focus();
    e.trigger('test', 'editor.action.showHover', {});
  });
  await expect(page.locator('.monaco-hover')).toContainText('peek(i: number): BigInteger');
  await page.keyboard.press('Escape');
  await page.evaluate(() => {
    const e = (window as any).__playground.editor;
    e.setPosition({ lineNumber: 4, column: 17 });
    e.trigger('test', 'editor.action.triggerParameterHints', {});
  });
  await expect(page.locator('.parameter-hints-widget')).toContainText(
    'getState(address: Uint8Array | number[], slot: Uint8Array | number[]): Uint8Array',
  );
});

test('copies the flattened string', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPlayground(page);
  const file = templateFiles.includes('call.js') ? 'call.js' : templateFiles[0];
  await page.getByTestId('new-tracer').click();
  await page.locator(`[data-template="${file.replace(/\.js$/, '')}"]`).click();
  await waitChecked(page);
  await page.getByRole('tab', { name: 'Ready to send' }).click();
  await page.getByTestId('copy-flat').click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const cli = execFileSync('node', ['bin/tracer.mjs', 'flatten', `tracer-templates/${file}`], {
    encoding: 'utf8',
  });
  expect(copied).toBe(cli.replace(/\n$/, ''));
  // Choosing the template set the form to its demo request (its @demo line: the demo transaction).
  await expect(page.getByTestId('body')).toContainText('"method":"debug_traceTransaction"');
  await expect(page.getByTestId('curl')).toContainText('curl -sS -X POST');
});

test('survives a reload with typed text', async ({ page }) => {
  await openPlayground(page);
  await setSource(
    page,
    '{\n  result: function (ctx, db) {\n    return 1;\n  },\n  fault: function (log, db) {}\n}\n',
  );
  await page.evaluate(() => {
    const e = (window as any).__playground.editor;
    e.setPosition({ lineNumber: 3, column: 13 });
    e.focus();
  });
  await page.keyboard.type(' + 41');
  await expect.poll(() => editorText(page)).toContain('return 1 + 41;');
  // No wait for the debounced save: leaving the page saves at once.
  await page.reload();
  await waitChecked(page);
  expect(await editorText(page)).toContain('return 1 + 41;');

  await page.evaluate(() => (window as any).__playground.editor.focus());
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('notice')).toContainText('Saved in this browser');
});
