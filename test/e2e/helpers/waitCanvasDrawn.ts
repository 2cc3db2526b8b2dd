import { expect, type Locator } from '@playwright/test';

/**
 * Waits until the canvas in `chart` is drawn on: some pixel is not transparent. A chart draws after its library
 * loads, some time after the view is in the DOM.
 */
export async function waitCanvasDrawn(chart: Locator): Promise<void> {
  const canvas = chart.locator('canvas');
  await expect(canvas).toBeVisible();
  await expect
    .poll(() =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const ctx = c.getContext('2d');
        if (!ctx || c.width === 0 || c.height === 0) return false;
        const pixels = ctx.getImageData(0, 0, c.width, c.height).data;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
        return false;
      }),
    )
    .toBe(true);
}
