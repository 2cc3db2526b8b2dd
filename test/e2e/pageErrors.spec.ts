import { expect, test } from '@playwright/test';
import { sendTestTransaction, startHardhat, type RunningNode } from '../helpers/nodes.ts';
import { addEndpoint, openPlayground, setSource } from './helpers/playground.ts';

// Issue 25 item 5: error cards with a headline and the node's own words, never the echoed tracer, and the line
// and column of a tracer error named in words.
const longTracer =
  '{\n  counts: {},\n  step: function (log, db) {\n' +
  Array.from(
    { length: 40 },
    (_, i) => `    this.counts['op${i}'] = (this.counts['op${i}'] || 0) + 1;\n`,
  ).join('') +
  '  },\n  fault: function (log, db) {},\n  result: function (ctx, db) {\n    return this.counts;\n  }\n}\n';

test.describe('hardhat', () => {
  let node: RunningNode;
  test.beforeAll(async () => {
    node = await startHardhat();
  });
  test.afterAll(async () => {
    await node?.stop();
  });

  test('a node that echoes the request: a short card with its words, the tracer not repeated', async ({
    page,
  }) => {
    const txHash = await sendTestTransaction(node.url);
    await openPlayground(page);
    await setSource(page, longTracer);
    await addEndpoint(page, 'Hardhat', node.url);
    await page.getByRole('tab', { name: 'Request' }).click();
    await page.getByTestId('method-select').selectOption('debug_traceTransaction');
    await page.locator('[data-field=txHash]').fill(txHash);
    await page.getByTestId('run').click();
    await expect(page.getByTestId('error-headline')).toHaveText(
      'This node does not run custom JavaScript tracers',
      {
        timeout: 30_000,
      },
    );
    await expect(page.getByTestId('error-node-text')).toContainText(
      'Hardhat currently only supports the default tracer, so no tracer parameter should be passed.',
    );
    // The tracer hardhat sent back is not shown again, not even folded.
    const card = page.getByTestId('result-error');
    await expect(card).not.toContainText("this.counts['op39']");
    await expect(card).not.toContainText('this.counts[');
    await expect(card.getByTestId('error-details')).toContainText('‹the tracer as sent,');
    // It fits: the card is shorter than the panel, its headline one or two lines.
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.height).toBeLessThan(260);
    expect((await page.getByTestId('error-headline').boundingBox())!.height).toBeLessThan(45);
    await page.screenshot({ path: test.info().outputPath('hardhat-error.png') });
    // Copy details still has everything the node said.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await card.getByTestId('error-copy').click();
    await expect(card).toContainText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("this.counts['op39']");
  });
});

test('a tracer error names its line and column, and shows it', async ({ page }) => {
  await openPlayground(page);
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash ?? ''))
    .toMatch(/^0x(?!(ab)+$)[0-9a-f]{64}$/);
  await setSource(
    page,
    '{\n  step: function (log, db) {\n    var v = log.stack.peek(0); var x = null; this.n = x.length;\n  },\n  fault: function (log, db) {},\n  result: function (ctx, db) {\n    return this.n;\n  }\n}\n',
  );
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  await page.getByTestId('run').click();
  const place = page.getByTestId('error-place');
  await expect(place).toHaveText(/^Line 3, column \d+ of your tracer \(marked in the editor\)Show line 3$/, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('result-error')).not.toContainText(
    'marked in the editor where it could be mapped',
  );
  await page.screenshot({ path: test.info().outputPath('tracer-error.png') });
  await page.evaluate(() => (window as any).__playground.editor.setPosition({ lineNumber: 1, column: 1 }));
  await page.getByTestId('error-show-line').click();
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.editor.getPosition().lineNumber))
    .toBe(3);
});
