import { expect, test, type Page } from '@playwright/test';
import { openPlayground } from './helpers/playground.ts';

// Issue 25 item 3: tabs that fit. A header of one row, panel tabs on one row with the rest in a More menu, every
// tab reachable, and Alt+N never opening a tab nobody sees.
const panelTabs = [
  'Problems',
  'Ready to send',
  'Request',
  'Result',
  'History',
  'Endpoints',
  'Replay',
  'Tracer API',
  'Debug',
];
const sizes = [
  [1280, 800],
  [1024, 700],
  [800, 700],
] as const;

/** The element's box lies inside its scroll parents' boxes and the viewport, and it is what shows at its centre. */
function fullyShown(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.left < 0 || r.right > innerWidth + 0.5 || r.top < 0 || r.bottom > innerHeight)
      return false;
    for (let p = el.parentElement; p; p = p.parentElement) {
      const c = p.getBoundingClientRect();
      if (getComputedStyle(p).overflowX !== 'visible' && (r.left < c.left - 0.5 || r.right > c.right + 0.5))
        return false;
    }
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });
}

const selectedTab = '.panel-tabs [role=tab][aria-selected=true]';

for (const [width, height] of sizes) {
  test(`${width}×${height}: a one-row header, one row of panel tabs, Alt+1…8 each show their tab`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await openPlayground(page);
    const topbar = (await page.locator('.topbar').boundingBox())!;
    expect(topbar.height).toBeLessThan(50);
    const status = (await page.locator('.statusbar').boundingBox())!;
    expect(status.height).toBeLessThan(30);
    for (const [i, name] of panelTabs.entries()) {
      await page.keyboard.press(`Alt+Digit${i + 1}`);
      await expect(page.locator(selectedTab)).toHaveText(name);
      expect(await fullyShown(page, selectedTab), name).toBe(true);
      await expect(
        page.getByTestId(
          `panel-${['problems', 'send', 'request', 'result', 'history', 'endpoints', 'replay', 'api', 'debug'][i]}`,
        ),
      ).toBeVisible();
      const tops = await page
        .locator('.panel-tabs [role=tab]')
        .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(new Set(tops).size, name).toBe(1);
      // Every tab in the strip is whole (none cut at the edge).
      for (const n of await page.locator('.panel-tabs [role=tab]').allTextContents())
        expect(await fullyShown(page, `.panel-tabs [role=tab]:text-is("${n}")`), `${name}: ${n}`).toBe(true);
    }
    await page.keyboard.press('Alt+Digit1');
    await page.screenshot({ path: test.info().outputPath(`tabs-${width}.png`) });
  });
}

test('1280×800: the selected panel tab is always in the strip, at most two in More', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPlayground(page);
  for (const [i, name] of panelTabs.entries()) {
    await page.keyboard.press(`Alt+Digit${i + 1}`);
    // Nine tabs since the Debug panel: seven fit beside More at this width.
    const strip = page.locator('.panel-tabs [role=tab]');
    await expect(strip.filter({ hasText: name })).toHaveCount(1);
    expect(await strip.count(), name).toBeGreaterThanOrEqual(panelTabs.length - 2);
  }
  await expect(page.getByTestId('actions-more')).toBeHidden();
});

test('800×700: every panel tab and every top-bar action is reachable through More', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 700 });
  await openPlayground(page);
  const inStrip = await page.locator('.panel-tabs [role=tab]').allTextContents();
  expect(inStrip.length).toBeLessThan(panelTabs.length);
  await page.getByTestId('panel-more').click();
  const popup = page.getByTestId('panel-more-popup');
  await expect(popup.getByRole('tab')).toHaveText(panelTabs.filter((t) => !inStrip.includes(t)));
  await page.screenshot({ path: test.info().outputPath('panel-more-800.png') });
  await popup.getByRole('tab', { name: 'Tracer API' }).click();
  await expect(popup).toBeHidden();
  await expect(page.locator(selectedTab)).toHaveText('Tracer API');
  expect(await fullyShown(page, selectedTab)).toBe(true);
  await expect(page.getByTestId('panel-api')).toBeVisible();

  // The top bar: New…, the target and Convert stay; the rest is one click away.
  for (const id of ['new-tracer', 'target', 'convert-es5'])
    expect(await fullyShown(page, `[data-testid=${id}]`), id).toBe(true);
  await page.getByTestId('actions-more').click();
  const actions = page.getByTestId('actions-more-popup');
  for (const id of ['rename-tracer', 'delete-tracer', 'import-tracer', 'export-tracer', 'theme', 'share'])
    await expect(actions.getByTestId(id), id).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('actions-more-800.png') });
  await actions.getByTestId('theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Escape');
  await expect(actions).toBeHidden();
  await page.getByTestId('actions-more').click();
  await actions.getByTestId('rename-tracer').click();
  await expect(actions).toBeHidden();
  await expect(page.getByRole('dialog')).toContainText('Rename tracer');
});

test('many tracers keep the header on one row (the rest in a menu, the active one in sight)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openPlayground(page);
  await page.evaluate(() => {
    const store = (window as any).__playground.store;
    const first = store.get().tracers[0];
    const more = Array.from({ length: 9 }, (_, i) => ({
      ...first,
      id: `t${i}`,
      name: `Tracer number ${i + 2}`,
    }));
    store.update({ tracers: [first, ...more], activeTracerId: 't8' });
  });
  await expect(page.getByTestId('tracer-tab')).toHaveCount(10);
  const topbar = (await page.locator('.topbar').boundingBox())!;
  expect(topbar.height).toBeLessThan(50);
  for (const id of ['new-tracer', 'actions-more', 'tracer-more'])
    expect(await fullyShown(page, `[data-testid=${id}]`), id).toBe(true);
  // The active tracer is in sight; the others are one click away.
  const active = '[data-testid=tracer-tab][aria-selected=true]';
  await expect(page.locator(active)).toHaveText('Tracer number 10');
  expect(await fullyShown(page, active)).toBe(true);
  const shown = await page.locator('.topbar [data-testid=tracer-tab]').count();
  await expect(page.getByTestId('tracer-more')).toHaveText(`${10 - shown} more ▾`);
  await page.getByTestId('tracer-more').click();
  await page.screenshot({ path: test.info().outputPath('many-tracers-1024.png') });
  await page.getByTestId('tracer-more-popup').getByRole('tab', { name: 'Tracer number 9' }).click();
  await expect(page.locator(active)).toHaveText('Tracer number 9');
  expect(await fullyShown(page, active)).toBe(true);
});
