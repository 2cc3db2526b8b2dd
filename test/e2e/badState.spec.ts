import { expect, test, type Browser, type Page } from '@playwright/test';
import { editorText, errorSeverity, markers, setSource } from './helpers/playground.ts';

const key = 'tracer-playground';
const goodTracer = {
  id: 't9',
  name: 'Kept tracer',
  source: '{\n  result: function () { return 9; },\n  fault: function () {}\n}\n',
};

// Seeds localStorage before the page's own script runs (once per context), then opens the playground.
async function openWithSaved(browser: Browser, raw: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(
    ([k, v]) => {
      // Init scripts also run in the embedded node's sandbox iframe, which has no storage at all.
      if (window !== window.top) return;
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(k, v);
    },
    [key, raw],
  );
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (e) => failures.push(e.message));
  await page.goto('/');
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
  expect(failures).toEqual([]);
  return page;
}

// The editor works: it checks what is typed.
async function expectWorkingEditor(page: Page) {
  await setSource(page, '{\n  result: function () { return 1 },\n  fault: function () {}\n');
  expect((await markers(page)).some((m) => m.severity === errorSeverity)).toBe(true);
  await setSource(page, '{\n  result: function () { return 1; },\n  fault: function () {}\n}\n');
  expect((await markers(page)).filter((m) => m.severity === errorSeverity)).toEqual([]);
}

const setAside: [string, string, RegExp][] = [
  ['not JSON', '{"version": 2, "tracers": [', /could not be read \(.*JSON.*\)/],
  ['binary garbage', '\u0000\u00ff\ud800garbage', /could not be read/],
  ['JSON null', 'null', /could not be read \(not an object\)/],
  ['no version', '{"tracers": []}', /could not be read \(no version number\)/],
  ['a future version', '{"version": 99, "tracers": []}', /saved by a newer version \(99\)/],
  ['an unknown old version', '{"version": 0}', /unknown version 0/],
  ['tracers of the wrong type', '{"version": 2, "tracers": {"a": 1}}', /"tracers" is not a list/],
  ['no tracers at all', '{"version": 2, "tracers": []}', /no tracers/],
];

for (const [what, raw, message] of setAside)
  test(`saved work that is ${what} is set aside with a message; the editor works`, async ({ browser }) => {
    const page = await openWithSaved(browser, raw);
    await expect(page.getByTestId('notice')).toContainText(message);
    await expect(page.getByTestId('notice')).toContainText('set aside as "tracer-playground.set-aside-');
    const kept = await page.evaluate(() =>
      Object.entries(localStorage).filter(([k]) => k.startsWith('tracer-playground.set-aside-')),
    );
    expect(kept.map(([, v]) => v)).toEqual([raw]);
    await expect(page.getByTestId('tracer-tab')).toHaveCount(1);
    await expectWorkingEditor(page);
    if (what === 'not JSON') await page.screenshot({ path: test.info().outputPath('bad-state-notice.png') });
    await page.context().close();
  });

test('version 1 saved work is migrated without a message', async ({ browser }) => {
  const page = await openWithSaved(browser, JSON.stringify({ version: 1, source: goodTracer.source }));
  expect(await editorText(page)).toBe(goodTracer.source);
  await expect(page.getByTestId('notice')).toBeHidden();
  await expectWorkingEditor(page);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('tracer-playground')!).version);
  expect(saved).toBe(2);
  await page.context().close();
});

test('bad endpoints and history entries are left out; the tracers are kept', async ({ browser }) => {
  const raw = JSON.stringify({
    version: 2,
    tracers: [goodTracer],
    activeTracerId: 't9',
    request: { method: 'no_such_method' },
    endpoints: [{ id: 1 }, null],
    history: ['junk'],
  });
  const page = await openWithSaved(browser, raw);
  expect(await editorText(page)).toBe(goodTracer.source);
  await expect(page.getByTestId('tracer-tab')).toContainText('Kept tracer');
  await expect(page.getByTestId('notice')).toContainText(
    'Some saved entries could not be read and were left out (2 endpoint(s), 1 history entry)',
  );
  await page.getByRole('tab', { name: 'Request' }).click();
  await expect(page.getByTestId('method-select')).toHaveValue('debug_traceCall');
  await expectWorkingEditor(page);
  await page.context().close();
});
