import type { Page } from '@playwright/test';

/** Screenshots of the current page at 1280 and 390 px, light and dark, for a person to look at. */
export async function screens(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `test-results/${name}-${width}-${scheme}.png`, fullPage: false });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}
