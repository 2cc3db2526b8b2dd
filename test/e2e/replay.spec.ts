import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createEmbeddedNode } from '../../src/evm/node/createEmbeddedNode.ts';
import { startRpcServer } from '../../src/cli/serve/startRpcServer.ts';
import { sendTestTransaction, startGanache } from '../helpers/nodes.ts';
import { addEndpoint, openPlayground, setSource, waitChecked } from './helpers/playground.ts';

// CI keeps shared/ next to the clone.
const simplePath = join(
  import.meta.dirname,
  '../../../shared/conformance/geth-tracetest/call_tracer/simple.json',
);

type Frame = { type: string; from: string; to?: string; gasUsed: string; error?: string; calls?: Frame[] };

const state = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any).__playground.store.get();
    return { endpoint: s.activeEndpointId, request: s.request, result: s.result };
  });

async function useCallTree(page: Page): Promise<void> {
  await page.getByTestId('new-tracer').click();
  await page.locator('[data-template=call-tree]').click();
  await waitChecked(page);
  await expect.poll(async () => (await state(page)).request.tracerConfig).toContain('withLog');
}

/** History's length and whether a request is running (state() answers copies: compare counts, not objects). */
const progress = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any).__playground.store.get();
    return { entries: s.history.length as number, running: s.inFlight !== null };
  });

async function traceResult(page: Page, testId: string): Promise<Frame> {
  const before = (await progress(page)).entries;
  await page.getByTestId(testId).click();
  // Done when the request made its History entry and nothing runs: the result is then this request's, and the
  // page has already shown the Result panel for it.
  await expect
    .poll(async () => progress(page), { timeout: 30_000 })
    .toEqual({ entries: before + 1, running: false });
  const { result } = await state(page);
  expect(result.kind, result.message).toBe('ok');
  return result.value as Frame;
}

async function demoTxHash(page: Page): Promise<string> {
  await expect
    .poll(() => page.evaluate(() => (window as any).__playground.store.get().request.fields.txHash ?? ''))
    .toMatch(/^0x(?!(ab)+$)[0-9a-f]{64}$/);
  return (await state(page)).request.fields.txHash as string;
}

test('captures a demo transaction from the embedded node, replays it and goes back to the demo chain', async ({
  page,
}, testInfo) => {
  await openPlayground(page);
  const txHash = await demoTxHash(page);
  await useCallTree(page);

  // The reference: the transaction traced on the demo chain itself.
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('debug_traceTransaction');
  await page.getByTestId('send').click();
  await expect.poll(async () => (await state(page)).result?.kind, { timeout: 30_000 }).toBe('ok');
  const onDemo = (await state(page)).result.value as Frame;
  expect(onDemo.type).toBe('CALL');
  expect(onDemo.calls?.length).toBeGreaterThan(0);

  await page.getByRole('tab', { name: 'Replay' }).click();
  await expect(page.getByTestId('replay-empty')).toBeVisible();
  await expect(page.getByTestId('replay-intro')).toContainText('without spending the node’s debug quota');
  await expect(page.getByTestId('replay-endpoint')).toContainText('Embedded node');
  await page.getByTestId('panel-replay').screenshot({ path: testInfo.outputPath('replay-empty.png') });

  await page.getByTestId('replay-tx-hash').fill('0x12');
  await expect(page.getByTestId('replay-tx-error')).toContainText('transaction hash must be 32 bytes');
  await expect(page.getByTestId('replay-capture')).toBeDisabled();
  await page.getByTestId('replay-tx-hash').fill(`0x${'12'.repeat(32)}`);
  await page.getByTestId('replay-capture').click();
  await expect(page.getByTestId('replay-error')).toContainText(
    /Capture from Embedded node.* failed: .*not found/,
  );

  await page.getByTestId('replay-use-form-hash').click();
  await expect(page.getByTestId('replay-tx-hash')).toHaveValue(txHash);
  await page.getByTestId('replay-capture').click();
  await expect(page.getByTestId('replay-captured-summary')).toContainText(`Captured ${txHash}`);
  await expect(page.getByTestId('replay-error')).toBeHidden();
  await page.getByTestId('panel-replay').screenshot({ path: testInfo.outputPath('replay-captured.png') });

  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('replay-download').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`fixture-${txHash.slice(0, 10)}.json`);
  const saved = testInfo.outputPath('captured.json');
  await download.saveAs(saved);
  const fixture = JSON.parse(readFileSync(saved, 'utf8'));
  expect(Object.keys(fixture).sort()).toEqual(['context', 'genesis', 'input']);
  expect(fixture.genesis.config.chainId).toBe(1337);

  await page.getByTestId('replay-load-captured').click();
  await expect(page.getByTestId('replay-summary')).toContainText('1337');
  await expect(page.locator('[data-summary=Transaction]')).toHaveText(txHash);
  const s = await state(page);
  expect(s.endpoint).toBe('embedded');
  expect(s.request.method).toBe('debug_traceTransaction');
  expect(s.request.fields.txHash).toBe(txHash);

  // The replayed transaction gives the same call tree as on the demo chain.
  expect(await traceResult(page, 'replay-trace-tx')).toEqual(onDemo);
  await page.getByRole('tab', { name: 'Replay' }).click();
  const asCall = await traceResult(page, 'replay-trace-call');
  expect((await state(page)).request.method).toBe('debug_traceCall');
  expect([asCall.type, asCall.from, asCall.to, asCall.error]).toEqual([
    onDemo.type,
    onDemo.from,
    onDemo.to,
    undefined,
  ]);

  await page.getByRole('tab', { name: 'Replay' }).click();
  await page.getByTestId('replay-reset').click();
  await expect(page.getByTestId('replay-empty')).toBeVisible();
  // The form holds the demo chain's values again (block 2, the demo transaction).
  await expect.poll(async () => (await state(page)).request.fields.block).toBe('0x2');
  expect((await state(page)).request.fields.txHash).toBe(txHash);
});

test('imports a geth tracetest fixture and reproduces its callTracer result', async ({ page }, testInfo) => {
  const expected = JSON.parse(readFileSync(simplePath, 'utf8')).result as Frame;
  await openPlayground(page);
  await useCallTree(page);
  await page.getByRole('tab', { name: 'Replay' }).click();

  await page.getByTestId('replay-file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"genesis": {'),
  });
  await expect(page.getByTestId('replay-error')).toContainText('The file is not valid JSON');
  await page.getByTestId('replay-file').setInputFiles({
    name: 'list.json',
    mimeType: 'application/json',
    buffer: Buffer.from('[1, 2]'),
  });
  await expect(page.getByTestId('replay-error')).toContainText('but this file holds an array');

  await page.getByTestId('replay-file').setInputFiles(simplePath);
  await expect(page.getByTestId('replay-loaded')).toContainText('simple.json');
  await expect(page.locator('[data-summary="Chain id"]')).toHaveText('3');
  await expect(page.locator('[data-summary=Block]')).toHaveText('2289806 (0x22f08e)');
  await expect(page.locator('[data-summary=From]')).toHaveText(expected.from);
  await expect(page.locator('[data-summary=To]')).toHaveText(expected.to!);
  await expect(page.getByTestId('replay-error')).toBeHidden();
  await page.getByTestId('panel-replay').screenshot({ path: testInfo.outputPath('replay-panel.png') });
  await page.locator('[data-testid=replay-loaded] summary').click();
  await expect(page.getByTestId('replay-expected')).toContainText(expected.gasUsed);
  await page.getByTestId('replay-loaded').screenshot({ path: testInfo.outputPath('replay-loaded.png') });

  const result = await traceResult(page, 'replay-trace-tx');
  expect([result.gasUsed, result.to]).toEqual([expected.gasUsed, expected.to]);
  await expect(page.getByTestId('result-json')).toContainText(expected.gasUsed);
});

test('captures over HTTP from a served node; a node without the needed methods gets a plain error', async ({
  page,
}, testInfo) => {
  const node = await createEmbeddedNode();
  const served = await startRpcServer(node, '127.0.0.1', 0);
  const ganache = await startGanache();
  try {
    // The demo chain's reverting transaction (reason `Reverter: value must be below 10`).
    const revertTxHash = (node.demoDefaults as { revertTxHash: string }).revertTxHash;
    await openPlayground(page);
    await useCallTree(page);
    await addEndpoint(page, 'Served', served.url);
    await page.getByRole('tab', { name: 'Replay' }).click();
    await expect(page.getByTestId('replay-endpoint')).toContainText('Served');
    await page.getByTestId('replay-tx-hash').fill(revertTxHash);
    await page.getByTestId('replay-capture').click();
    await expect(page.getByTestId('replay-captured-summary')).toContainText(
      `Captured ${revertTxHash} from Served`,
    );
    await page.getByTestId('replay-load-captured').click();
    await expect(page.locator('[data-summary=Transaction]')).toHaveText(revertTxHash);
    expect((await state(page)).endpoint).toBe('embedded');
    const result = await traceResult(page, 'replay-trace-tx');
    expect(result.error).toBe('execution reverted');
    expect((result as Frame & { revertReason?: string }).revertReason).toBe(
      'Reverter: value must be below 10',
    );

    const txHash = await sendTestTransaction(ganache.url);
    await addEndpoint(page, 'Ganache', ganache.url);
    await page.getByRole('tab', { name: 'Replay' }).click();
    await page.getByTestId('replay-tx-hash').fill(txHash);
    await page.getByTestId('replay-capture').click();
    await expect(page.getByTestId('replay-error')).toContainText(
      'Capture from Ganache failed: eth_getRawTransactionByHash failed:',
    );
    await expect(page.getByTestId('replay-error')).toContainText(
      'Capturing needs eth_getRawTransactionByHash (the signed transaction bytes)',
    );
    await page.getByTestId('panel-replay').screenshot({ path: testInfo.outputPath('replay-error.png') });
    // The fixture loaded before is still served.
    await expect(page.getByTestId('replay-loaded')).toBeVisible();
  } finally {
    await served.close();
    await ganache.stop();
  }
});

test('a cancelled trace restarts the node, which serves the loaded fixture again', async ({ page }) => {
  const expected = JSON.parse(readFileSync(simplePath, 'utf8')).result as Frame;
  await openPlayground(page);
  await setSource(
    page,
    '{\n  step: function () {\n    while (true) {}\n  },\n  result: function () {\n    return 1;\n  },\n  fault: function () {}\n}\n',
  );
  await page.getByRole('tab', { name: 'Replay' }).click();
  await page.getByTestId('replay-file').setInputFiles(simplePath);
  await expect(page.getByTestId('replay-loaded')).toBeVisible();
  await page.getByTestId('replay-trace-tx').click();
  await expect(page.getByTestId('replay-status')).toContainText('Sending the request…');
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('cancel').click();
  await expect(page.getByTestId('result-error')).toContainText('Cancelled (the embedded node was restarted)');
  // Nothing is lost: the new node serves the fixture, and the panel still offers it.
  await useCallTree(page);
  await page.getByRole('tab', { name: 'Replay' }).click();
  await expect(page.getByTestId('replay-loaded')).toContainText('simple.json');
  await page.getByTestId('replay-trace-tx').click();
  await expect.poll(async () => (await state(page)).result?.kind, { timeout: 30_000 }).toBe('ok');
  const result = (await state(page)).result.value as Frame;
  expect([result.gasUsed, result.to]).toEqual([expected.gasUsed, expected.to]);
  await expect(page.getByTestId('replay-error')).toBeHidden();
});
