import { expect, test } from '@playwright/test';
import { type RunningNode, startAnvil } from '../helpers/nodes.ts';
import { addEndpoint, openPlayground } from './helpers/playground.ts';

/*
 * The probe card shows the dialect (issue #12 item 5): the embedded node (QuickJS in the page's worker) behaves like
 * geth; anvil 1.7.1 (Boa), probed from the page directly (anvil allows CORS), differs, each difference worded.
 */

let anvil: RunningNode;
test.beforeAll(async () => {
  anvil = await startAnvil();
});
test.afterAll(async () => {
  await anvil?.stop();
});

test('the embedded node: JavaScript tracers run — behaves like geth', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page.locator('[data-endpoint]', { hasText: 'Embedded' }).getByTestId('probe').click();
  await expect(page.getByTestId('probe-verdict')).toContainText(
    'JavaScript tracers run on this node — behaves like geth.',
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('probe-evidence')).toContainText('dialect: what setup(cfg) receives');
});

test('anvil: JavaScript tracers run — differs from geth, each difference on the card', async ({ page }) => {
  await openPlayground(page);
  await addEndpoint(page, 'Anvil', anvil.url);
  await page.locator('[data-endpoint]', { hasText: 'Anvil' }).getByTestId('probe').click();
  const verdict = page.getByTestId('probe-verdict');
  await expect(verdict).toContainText('JavaScript tracers run on this node — differs from geth: ', {
    timeout: 30_000,
  });
  for (const words of [
    'setup(cfg) got an object',
    'there is no bigInt global',
    'an error thrown in step was swallowed',
    'timeout was ignored',
    'log.getCost() lags one step',
    'frame.getValue() of a STATICCALL was 0',
    'SELFDESTRUCT reached enter as a copy of the frame that ran it',
    'db in result() read the slot as it was before the transaction',
    'It looks like reth/anvil (Boa engine).',
  ])
    await expect(verdict).toContainText(words);
  await expect(page.getByTestId('probe-card')).toContainText('anvil/v1.7.1');
});
