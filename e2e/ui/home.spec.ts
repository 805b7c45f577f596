import { expect, test } from '@playwright/test';

test('the home page renders in Chromium', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Groundwork' })).toBeVisible();
  await page.screenshot({ path: 'test-results/home.png' });
});
