import { expect, test } from '../fixtures';
import { expectAccessibleInBothThemes } from './axe';
import { screens } from './screens';

// The command palette: Ctrl-K anywhere, type part of a name, Enter jumps to the record.

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

  await expectAccessibleInBothThemes(page);
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
  await expectAccessibleInBothThemes(page);
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

test('Enter opens the first result shown, even when its search answers last', async ({ page }) => {
  // The projects' search answers after the others: the project still shows first and is the one Enter opens.
  await page.route(/\/api\/2023-01\/projects\?.*q=/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).click();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('Cobalt');
  await expect(palette.getByRole('group', { name: 'Leads' }).getByRole('option').first()).toBeVisible();
  const project = palette.getByRole('group', { name: 'Projects' }).getByRole('option').first();
  await expect(project).toBeVisible();
  await expect(palette.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(project).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/\d+$/);
});
