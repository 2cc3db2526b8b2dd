import { expect, test } from '@playwright/test';
import { openPlayground } from './helpers/playground.ts';

const look = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    bg: getComputedStyle(document.body).backgroundColor,
    monaco: document.querySelector('.monaco-editor')?.classList.contains('vs-dark') ?? false,
  }));

// Issue #13 item 7: a theme switch (system/light/dark) that is remembered; the system's preference is followed
// only while "system" is chosen.
test('the theme switch follows the system, forces light or dark, and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openPlayground(page);
  await expect(page.getByTestId('theme')).toHaveValue('system');
  expect(await look(page)).toEqual({ theme: 'dark', bg: 'rgb(30, 30, 30)', monaco: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => look(page)).toEqual({ theme: 'light', bg: 'rgb(255, 255, 255)', monaco: false });

  await page.getByTestId('theme').selectOption('dark');
  await expect.poll(() => look(page)).toEqual({ theme: 'dark', bg: 'rgb(30, 30, 30)', monaco: true });
  await page.screenshot({ path: test.info().outputPath('theme-dark.png') });
  await page.reload();
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
  await expect(page.getByTestId('theme')).toHaveValue('dark');
  expect(await look(page)).toEqual({ theme: 'dark', bg: 'rgb(30, 30, 30)', monaco: true });
  // A forced theme ignores the system's.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByTestId('theme').selectOption('light');
  await expect.poll(() => look(page)).toEqual({ theme: 'light', bg: 'rgb(255, 255, 255)', monaco: false });
});
