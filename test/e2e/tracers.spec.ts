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

test('target geth takes the let it runs; the target is remembered per tracer and shown in the status bar', async ({
  page,
}) => {
  await openPlayground(page);
  await setSource(
    page,
    '{\n  result: function () {\n    let x = 1;\n    return x;\n  },\n  fault: function () {}\n}\n',
  );
  expect((await markers(page)).some((m) => m.severity === errorSeverity)).toBe(true);
  await expect(page.getByTestId('status-text')).toContainText('target ES5.1 (any node)');
  await page.getByTestId('target').selectOption('geth');
  await expect.poll(async () => (await markers(page)).some((m) => m.severity === errorSeverity)).toBe(false);
  expect((await markers(page)).some((m) => m.startLineNumber === 3)).toBe(true);
  await expect(page.getByTestId('status-text')).toContainText('target geth (goja)');
  await expect(page.getByTestId('status-text')).toContainText('ready to send');
  // Another tracer starts at es5; coming back finds geth again.
  await page.getByTestId('import-file').setInputFiles({
    name: 'other.js',
    mimeType: 'text/javascript',
    buffer: Buffer.from('{\n  result: function () { return 1; },\n  fault: function () {}\n}\n'),
  });
  await expect(page.getByTestId('target')).toHaveValue('es5');
  await page.getByTestId('tracer-tab').first().click();
  await expect(page.getByTestId('target')).toHaveValue('geth');
  await expect(page.getByTestId('status-text')).toContainText('target geth (goja)');
});

test('Convert to ES5 rewrites a let-wrapped, arrow-heavy tracer in one undoable edit', async ({ page }) => {
  await openPlayground(page);
  await setSource(
    page,
    "let tracer = {\n  n: 0,\n  step(log) { const op = log.op.toString(); [1].forEach(() => { if (op === 'SLOAD') this.n++; }); },\n  fault() {},\n  result() { return `n=${this.n}`; },\n};\n",
  );
  await expect
    .poll(async () => (await markers(page)).filter((m) => m.severity === errorSeverity).length)
    .toBeGreaterThan(0);
  await page.getByTestId('convert-es5').click();
  await expect(page.getByTestId('notice')).toContainText('Convert to ES5: converted');
  await waitChecked(page);
  expect((await markers(page)).filter((m) => m.severity === errorSeverity)).toEqual([]);
  const text = await editorText(page);
  expect(text.startsWith('{')).toBe(true);
  expect(text).toContain("'n='.concat(this.n)");
  await expect(page.getByTestId('status-text')).toContainText('ready to send');
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
