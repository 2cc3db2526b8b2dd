import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  editorText,
  errorSeverity,
  markers,
  openPlayground,
  setSource,
  waitChecked,
} from './helpers/playground.ts';

test('renames, exports, imports and deletes tracers', async ({ page }, testInfo) => {
  await openPlayground(page);
  await setSource(page, '{\n  result: function () { return 42; },\n  fault: function () {}\n}\n');

  // In-page dialogs, not the browser's prompt/confirm.
  page.once('dialog', () => {
    throw new Error('a native dialog opened');
  });
  await page.getByTestId('rename-tracer').click();
  await expect(page.getByTestId('dialog-input')).toBeFocused();
  await page.getByTestId('dialog-input').fill('  ');
  await page.getByTestId('dialog-ok').click();
  await expect(page.getByTestId('tracer-tab')).toHaveText([/.+/]);
  const before = await page.getByTestId('tracer-tab').innerText();
  expect(before.trim()).not.toBe('');
  await page.getByTestId('rename-tracer').click();
  await page.getByTestId('dialog-input').fill('Answer');
  await page.screenshot({ path: testInfo.outputPath('rename-dialog.png') });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tracer-tab')).toHaveText(['Answer']);

  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('export-tracer').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Answer.js');
  const exported = testInfo.outputPath('Answer.js');
  await download.saveAs(exported);
  expect(readFileSync(exported, 'utf8')).toContain('return 42;');

  await page.getByTestId('import-file').setInputFiles({
    name: 'imported.js',
    mimeType: 'text/javascript',
    buffer: Buffer.from('{\n  result: function () { return "imported"; },\n  fault: function () {}\n}\n'),
  });
  await expect(page.getByTestId('tracer-tab')).toHaveText(['Answer', 'imported']);
  await waitChecked(page);
  expect(await editorText(page)).toContain('"imported"');

  await page.getByTestId('delete-tracer').click();
  await expect(page.getByTestId('dialog')).toContainText('Delete "imported"?');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tracer-tab')).toHaveText(['Answer', 'imported']);
  await page.getByTestId('delete-tracer').click();
  await page.getByTestId('dialog-ok').click();
  await expect(page.getByTestId('tracer-tab')).toHaveText(['Answer']);
  expect(await editorText(page)).toContain('return 42;');
});

test('switches to the goja profile and sees a warning instead of an error', async ({ page }) => {
  await openPlayground(page);
  await setSource(
    page,
    '{\n  result: function () {\n    let x = 1;\n    return x;\n  },\n  fault: function () {}\n}\n',
  );
  expect((await markers(page)).some((m) => m.severity === errorSeverity)).toBe(true);
  await page.getByTestId('profile').selectOption('goja');
  await expect.poll(async () => (await markers(page)).some((m) => m.severity === errorSeverity)).toBe(false);
  expect((await markers(page)).some((m) => m.startLineNumber === 3)).toBe(true);
});

test('resizes the panes and switches panels from the keyboard', async ({ page }) => {
  await openPlayground(page);
  const side = page.locator('.side-pane');
  const before = (await side.boundingBox())!.width;
  const bar = (await page.locator('.splitter').boundingBox())!;
  await page.mouse.move(bar.x + bar.width / 2, bar.y + 200);
  await page.mouse.down();
  await page.mouse.move(bar.x - 150, bar.y + 200, { steps: 5 });
  await page.mouse.up();
  const after = (await side.boundingBox())!.width;
  expect(after).toBeGreaterThan(before + 100);
  await page.keyboard.press('Alt+2');
  await expect(page.getByTestId('panel-send')).toBeVisible();
  await page.keyboard.press('Alt+5');
  await expect(page.getByTestId('panel-history')).toBeVisible();
  await expect(page.getByTestId('panel-send')).toBeHidden();
});
