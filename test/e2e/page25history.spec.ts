import { expect, test, type Page } from '@playwright/test';
import { openPlayground, sendAndWait, waitChecked } from './helpers/playground.ts';

/*
 * Issue 25 item 9: each History entry names its tracer (the tab's or template's name) and reopens its result in the
 * Result panel from what History kept; a result too large to keep says so and offers to re-send.
 */

async function demoTxReady(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash ?? ''))
    .toMatch(/^0x(?!(ab)+$)[0-9a-f]{64}$/);
}

async function run(page: Page) {
  await page.getByRole('tab', { name: 'Request', exact: true }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  await sendAndWait(page);
  await expect(page.getByTestId('result-meta')).toContainText('ms', { timeout: 30_000 });
  await expect(page.getByTestId('result-error')).toBeEmpty();
}

test('History names each tracer and reopens an old result; a result too large to keep offers Re-send', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPlayground(page);
  await demoTxReady(page);
  await run(page);
  await expect(page.getByTestId('result-json')).toContainText('PUSH1');
  // A second tracer from a template: its steps make a result larger than History keeps.
  await page.getByTestId('new-tracer').click();
  await page.locator('[data-template="gas-per-step"]').click();
  await waitChecked(page);
  await run(page);
  await expect(page.getByTestId('result-json')).not.toContainText('"PUSH1":');

  await page.getByRole('tab', { name: 'History' }).click();
  const rows = page.getByTestId('history').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId('history-tracer')).toHaveText('Gas per step');
  await expect(rows.nth(1).getByTestId('history-tracer')).toHaveText('Opcode counter');
  await page.screenshot({ path: test.info().outputPath('history.png') });

  // Clicking the older entry (the row itself) shows its result again, headed by its request; nothing is sent.
  await rows.nth(1).locator('td').nth(1).click();
  await expect(page.locator('[role=tab][aria-selected=true][data-panel]')).toHaveText('Result');
  await expect(page.getByTestId('result-json')).toContainText('PUSH1');
  await expect(page.getByTestId('result-heading').getByTestId('heading-method')).toHaveText(
    'debug_traceTransaction',
  );
  // Headed by the tracer that made it, not by the one sent last.
  await expect(page.getByTestId('result-heading').getByTestId('heading-tracer')).toHaveText(
    'tracer Opcode counter',
  );
  await page.screenshot({ path: test.info().outputPath('reopened.png') });
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(rows).toHaveCount(2);

  // The newer result was too large to keep: said so, with Re-send.
  await rows.nth(0).getByTestId('history-open').click();
  const note = page.getByTestId('history-note');
  await expect(note).toContainText('was too large for History to keep');
  await expect(page.locator('[role=tab][aria-selected=true][data-panel]')).toHaveText('History');
  await page.screenshot({ path: test.info().outputPath('trimmed.png') });
  await note.getByTestId('history-note-resend').click();
  await expect(page.getByTestId('result-meta')).toContainText('ms', { timeout: 30_000 });
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).getByTestId('history-tracer')).toHaveText('Gas per step');
  await expect(note).toBeHidden();
});
