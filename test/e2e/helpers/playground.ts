import { expect, type Page } from '@playwright/test';

/** Opens the playground and waits until the editor and the first check are ready. */
export async function openPlayground(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
}

/**
 * Opens a side panel by its tab title, as a user does: its tab in the strip, or through the More menu when the strip
 * has no room for it.
 */
export async function openPanel(page: Page, title: string): Promise<void> {
  const inStrip = page.locator('.panel-tabs [role=tab]').filter({ hasText: title });
  if ((await inStrip.count()) > 0 && (await inStrip.first().isVisible())) {
    await inStrip.first().click();
    return;
  }
  await page.getByTestId('panel-more').click();
  await page.getByTestId('panel-more-popup').getByRole('tab', { name: title, exact: true }).click();
}

/**
 * Clicks a send button (Run or Send) and waits for this request's own answer: a new entry on top of History (every
 * answer, error or not, gets one). A result already on screen cannot tell, its meta already says "ms".
 */
export async function sendAndWait(page: Page, testId = 'run'): Promise<void> {
  const answered = await newHistoryEntry(page);
  await page.getByTestId(testId).click();
  await answered(30_000);
}

/** The id of the entry on top of History ('' when it is empty). */
function topHistoryId(page: Page): Promise<string> {
  return page.evaluate(
    () => ((window as any).__playground.store.get().history[0]?.id as string | undefined) ?? '',
  );
}

/**
 * Notes the entry on top of History now, before sending; the function returned waits until another one is on top:
 * the answer to a request sent since, error or not (for when the test must act between sending and the answer).
 */
export async function newHistoryEntry(page: Page): Promise<(timeout?: number) => Promise<void>> {
  const before = await topHistoryId(page);
  return async (timeout = 30_000) => {
    await expect.poll(() => topHistoryId(page), { timeout }).not.toBe(before);
  };
}

/** Replaces the tracer text through the editor API (typing would trigger Monaco's auto-closing). */
export async function setSource(page: Page, source: string): Promise<void> {
  await page.evaluate((s) => (window as any).__playground.editor.setValue(s), source);
  await waitChecked(page);
}

/** Waits until the diagnostics shown belong to the current text. */
export async function waitChecked(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as any).__playground.isChecked());
}

/** The editor's markers as plain data. */
export function markers(
  page: Page,
): Promise<
  { severity: number; code: string; message: string; startLineNumber: number; startColumn: number }[]
> {
  return page.evaluate(() =>
    (window as any).__playground.markers().map((m: any) => ({
      severity: m.severity,
      code: typeof m.code === 'string' ? m.code : m.code?.value,
      message: m.message,
      startLineNumber: m.startLineNumber,
      startColumn: m.startColumn,
    })),
  );
}

/** Monaco's MarkerSeverity.Error. */
export const errorSeverity = 8;

/** The editor's current text. */
export function editorText(page: Page): Promise<string> {
  return page.evaluate(() => (window as any).__playground.editor.getValue());
}

/** Adds an HTTP endpoint through the Endpoints panel and makes it active. */
export async function addEndpoint(
  page: Page,
  name: string,
  url: string,
  family: 'evm' | 'bitcoin' = 'evm',
): Promise<void> {
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page.getByTestId('add-endpoint').click();
  await page.locator('[data-endpoint-field=name]').fill(name);
  await page.locator('[data-endpoint-field=url]').fill(url);
  if (family === 'bitcoin') await page.getByTestId('endpoint-family').selectOption('bitcoin');
  await page.getByTestId('save-endpoint').click();
  await page.locator(`[data-endpoint]`, { hasText: name }).getByRole('button', { name: 'Use' }).click();
  await expect(page.locator('[data-endpoint]', { hasText: `● ${name}` })).toBeVisible();
}
