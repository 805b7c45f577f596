import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * On the page of the project named `name`, moves it to the closed stage `stage` and answers the
 * close dialog that opens. The choice is the first after the page loads: it is made again until
 * the page has hydrated.
 */
export async function openCloseDialog(page: Page, name: string, stage = 'Lost'): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: `Close “${name}”` });
  await expect(async () => {
    await page.getByLabel('Move to stage').selectOption({ label: stage });
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return dialog;
}
