import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { screens } from './screens';

// The command palette: Ctrl-K anywhere, type part of a name, Enter jumps to the record.

/** No serious or critical axe violation, in light and in dark mode. */
async function expectAccessible(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // The theme follows the system (next-themes sets the class on <html>).
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('opens with the keyboard, finds a project by name and jumps to it', async ({ page }) => {
  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  // The first key after the page loads: pressed again until the page has hydrated and listens.
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(palette).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  await page.keyboard.type('Cobalt');
  // Each kind of record in its own group: the client company, its projects and leads.
  await expect(palette.getByRole('group', { name: 'Companies' }).getByRole('option', { name: /^Cobalt Data Centers/ })).toBeVisible();
  await expect(palette.getByRole('group', { name: 'Leads' }).getByRole('option').first()).toBeVisible();
  await page.keyboard.type(' DEN-3');
  const option = palette.getByRole('group', { name: 'Projects' }).getByRole('option', { name: /^Cobalt DEN-3 Data Center Shell/ });
  await expect(option).toBeVisible();
  await expect(palette.getByRole('group', { name: 'Companies' })).toHaveCount(0);
  await expect(option).toHaveAttribute('aria-selected', 'true');

  await expectAccessible(page);
  await screens(page, 'command-palette');

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  await expect(palette).toBeHidden();
});

test('jumps to an employee, and Escape closes it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).click();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill('zzqx nothing');
  await expect(palette.getByText('Nothing named “zzqx nothing”. Try part of the name.')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill('summitridge');
  const employee = palette.getByRole('group', { name: 'Employees' }).getByRole('option').first();
  await expect(employee).toBeVisible();
  const name = (await employee.locator('span').first().textContent())!;
  await employee.click();
  await expect(page).toHaveURL(/\/workforce\?employee=\d+$/);
  await expect(page.getByRole('dialog', { name: `Edit ${name}` })).toBeVisible();
});
