import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical axe-core violation on the page. Toasts and loading regions are waited out
 * first: they fade for a moment, and axe measures the contrast of text that is still half transparent.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  // Nor is a region still loading measured: a list that shows the last answer dimmed while the next
  // one loads (aria-busy) has text axe would find too faint.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  // After a client-side navigation Next.js sets the new page's <title> a moment later.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** The same check in the light and in the dark theme (the theme follows the system), then back to light. */
export async function expectAccessibleInBothThemes(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // next-themes sets the class on <html>.
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    try {
      await expectNoSeriousA11yViolations(page);
    } catch (error) {
      throw new Error(`In the ${colorScheme} theme: ${(error as Error).message}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
