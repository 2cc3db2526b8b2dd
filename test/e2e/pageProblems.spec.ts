import { expect, test } from '@playwright/test';
import { editorText, openPlayground, setSource } from './helpers/playground.ts';

// Issue 25 item 4: certain failures are errors (the status bar does not say "ready to send"), and quick fixes are
// applied from the Problems panel, formatted and in the right place.
const tracer = (step: string, fault = '  fault: function (log, db) {},\n') =>
  `{\n  counts: {},\n  step: function (log, db) {\n    ${step}\n  },\n${fault}  result: function (ctx, db) {\n    return this.counts;\n  }\n}\n`;

for (const [step, rule, fixTitle, fixed] of [
  ['var op = log.op().toString();', 'tracer/not-a-function', 'Remove the ()', 'var op = log.op.toString();'],
  [
    'var top = log.stack.peak(0);',
    'tracer/unknown-member-call',
    "Replace with 'peek'",
    'var top = log.stack.peek(0);',
  ],
] as const) {
  test(`${step}: an error, not ready to send; "${fixTitle}" from the Problems panel`, async ({ page }) => {
    await openPlayground(page);
    await setSource(page, tracer(step));
    await page.getByRole('tab', { name: 'Problems' }).click();
    const row = page.getByTestId('problems').locator('li', { hasText: rule });
    await expect(row).toContainText(/^error 4:/);
    await expect(page.getByTestId('status-text')).toContainText('1 error, 0 warnings');
    await expect(page.getByTestId('status-text')).toContainText('not ready to send');
    await expect(page.getByTestId('run-why')).toHaveText('Not ready: the tracer has errors');
    await row.getByTestId('problem-fix').click();
    await expect.poll(() => editorText(page)).toBe(tracer(fixed));
    await expect(page.getByTestId('problems')).toContainText('No problems');
    await expect(page.getByTestId('status-text')).toContainText('ready to send');
    await expect(page.getByTestId('status-text')).not.toContainText('not ready');
    await expect(page.getByTestId('run-why')).toHaveText('');
  });
}

test('"Add an empty fault function" from the Problems panel: its own line before result, undoable', async ({
  page,
}) => {
  await openPlayground(page);
  const before = tracer('this.n = 1;', '');
  await setSource(page, before);
  await page.getByRole('tab', { name: 'Problems' }).click();
  const row = page.getByTestId('problems').locator('li', { hasText: 'tracer/missing-fault' });
  await expect(row.getByTestId('problem-fix')).toHaveText('Add an empty fault function');
  await page.screenshot({ path: test.info().outputPath('problems-fix.png') });
  await row.getByTestId('problem-fix').click();
  await expect.poll(() => editorText(page)).toBe(tracer('this.n = 1;'));
  await expect(page.getByTestId('problems')).toContainText('No problems');
  // One edit: undo gives the text back.
  await page.keyboard.press('Control+z');
  await expect.poll(() => editorText(page)).toBe(before);
});
