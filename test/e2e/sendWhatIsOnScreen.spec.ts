import { expect, test } from '@playwright/test';
import { openPlayground, setSource } from './helpers/playground.ts';

const tracer = (n: number) =>
  `{\n  result: function (ctx, db) {\n    return ${n};\n  },\n  fault: function (log, db) {}\n}\n`;

// Issue #13: Ctrl+Enter within ~100 ms of the last keystroke sent the previous text. Typing and sending in the same
// tick must send the text on screen, by the shortcut and by the button alike.
for (const how of ['Ctrl+Enter', 'the Send button'] as const) {
  test(`typed and sent in the same tick (${how}): the text on screen is what runs`, async ({ page }) => {
    await openPlayground(page);
    await setSource(page, tracer(1000));
    await page.waitForFunction(() => (window as any).__playground.isChecked());
    await page.getByRole('tab', { name: 'Request' }).click();
    await page.getByTestId('method-select').selectOption('debug_traceCall');
    await page.evaluate(
      ([source, viaButton]) => {
        const pg = (window as any).__playground;
        pg.editor.setValue(source);
        if (viaButton) (document.querySelector('[data-testid=send]') as HTMLButtonElement).click();
        else
          window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', ctrlKey: true }));
      },
      [tracer(1001), how === 'the Send button'] as const,
    );
    await expect
      .poll(() => page.evaluate(() => (window as any).__playground.store.get().result?.value))
      .toBe(1001);
    await expect(page.getByTestId('result-json')).toContainText('1001');
    await expect(page.getByTestId('result-json')).not.toContainText('1000');
    const history = await page.evaluate(() => (window as any).__playground.store.get().history.length);
    expect(history).toBe(1);
  });
}
