import { expect, test } from '../fixtures';
import { expectAccessibleInBothThemes } from './axe';
import { screens } from './screens';

// Workforce: the directory with search and filters in the URL; a new hire with a manager shows
// under that manager in the org chart; editing a person.

interface Employee {
  id: string;
  legal_first_name: string;
  preferred_first_name: string | null;
  last_name: string;
  role: { name: string } | null;
}
const nameOf = (e: Employee) => `${e.preferred_first_name || e.legal_first_name} ${e.last_name}`;

test('lists, searches and filters the directory in the URL', async ({ page }) => {
  await page.goto('/workforce');
  await expect(page.getByRole('heading', { name: 'Workforce' })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(1);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Superintendent' });
  await expect(page).toHaveURL(/role_id=\d+/);
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  // The previous page of rows stays on screen while the filtered one loads: wait for all of them.
  await expect(async () => {
    const texts = await rows.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain('Superintendent');
  }).toPass();
  await expectAccessibleInBothThemes(page);
  await screens(page, 'workforce');

  await page.getByLabel('Role', { exact: true }).selectOption('');
  await page.getByLabel('Search employees').fill('no such person anywhere');
  await expect(page).toHaveURL(/q=no\+such/);
  await expect(page.getByText('No one matches this view.')).toBeVisible();
});

test('creates an employee with a manager, finds them under that manager in the org chart, and edits them', async ({ page, request, token }) => {
  const all = (await (await request.get('/api/2023-01/workforce/employees?per_page=100', { headers: { Authorization: `Bearer ${token}` } })).json())
    .workforce_employees as Employee[];
  const manager = all.find((e) => e.role?.name === 'Project Manager')!;
  const managerName = nameOf(manager);
  const last = `Marsh${Date.now().toString(36)}`;

  await page.goto('/workforce');
  await page.getByRole('button', { name: 'New employee' }).click();
  const form = page.getByRole('dialog', { name: 'New employee' });
  await form.getByRole('button', { name: 'Create employee' }).click();
  await expect(form.getByText("can't be blank")).toHaveCount(2);
  await form.getByLabel('Legal first name').fill('Quentin');
  await form.getByLabel('Preferred first name').fill('Quinn');
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('Email').fill('quinn-at-example');
  await form.getByRole('button', { name: 'Create employee' }).click();
  await expect(form.getByText('must be an email address')).toBeVisible();
  // Nothing typed is lost on an error.
  await expect(form.getByLabel('Last name')).toHaveValue(last);
  await form.getByLabel('Email').fill(`quinn.${last.toLowerCase()}@example.com`);
  await form.getByLabel('Phone').fill('303-555-0199');
  await form.getByLabel('Role').selectOption({ label: 'Project Engineer' });
  await form.getByLabel('Manager').selectOption({ label: `${managerName} (Project Manager)` });
  await form.getByLabel('Start date').fill('2026-12-01');
  await form.getByLabel('In the industry since').fill('2019-06-15');
  await form.getByLabel('Birthday').fill('1994-03-09');
  await form.getByLabel('Notes').fill('OSHA 30; starts on the Cobalt DEN-3 shell.');
  await form.getByLabel('City').fill('Denver');
  await form.getByLabel('State').fill('CO');
  await screens(page, 'employee-form');
  await form.getByRole('button', { name: 'Create employee' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`Quinn ${last} added.`)).toBeVisible();

  // Under the manager in the org chart.
  await page.getByRole('link', { name: 'Org chart' }).click();
  await expect(page).toHaveURL(/\/workforce\/org-chart$/);
  const managerItem = page.getByRole('treeitem', { name: new RegExp(`^${managerName}, Project Manager, \\d+ direct reports?$`) });
  await expect(managerItem).toBeVisible();
  const hire = managerItem.getByRole('group').getByRole('treeitem', { name: `Quinn ${last}, Project Engineer` });
  await expect(hire).toBeVisible();
  await expect(hire).toHaveAttribute('aria-level', String(Number(await managerItem.getAttribute('aria-level')) + 1));
  await expectAccessibleInBothThemes(page);
  await hire.scrollIntoViewIfNeeded();
  await screens(page, 'org-chart');

  // The tree by keyboard: one tab stop, arrows move, Left climbs to the manager, Enter opens.
  await hire.click();
  await expect(page.getByRole('dialog', { name: `Edit Quinn ${last}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/workforce\/org-chart$/);
  await hire.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(managerItem).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(managerItem).toHaveAttribute('aria-expanded', 'false');
  await expect(hire).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expect(managerItem).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(managerItem.getByRole('group').getByRole('treeitem').first()).toBeFocused();
  await hire.focus();
  await page.keyboard.press('Enter');

  // Edit: the dialog opens from the chart; the change shows in the directory.
  const edit = page.getByRole('dialog', { name: `Edit Quinn ${last}` });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Manager')).toHaveValue(manager.id);
  await expect(edit.getByLabel('Birthday')).toHaveValue('1994-03-09');
  await expect(edit.getByLabel('City')).toHaveValue('Denver');
  await edit.getByLabel('Phone').fill('720-555-0142');
  await edit.getByLabel('Last name').fill(`${last}-Reyes`);
  await edit.getByRole('button', { name: 'Save employee' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('treeitem', { name: `Quinn ${last}-Reyes, Project Engineer` })).toBeVisible();

  await page.getByRole('link', { name: 'Directory' }).click();
  await page.getByLabel('Search employees').fill(last);
  const row = page.getByRole('row', { name: new RegExp(`Quinn ${last}-Reyes`) });
  await expect(row).toContainText('720-555-0142');
  await expect(row).toContainText(managerName);
  await expect(row).toContainText('Dec 1, 2026');

  // Delete: gone from the list at once.
  await row.getByRole('button', { name: `Quinn ${last}-Reyes` }).click();
  const again = page.getByRole('dialog', { name: `Edit Quinn ${last}-Reyes` });
  page.once('dialog', (d) => d.accept());
  await again.getByRole('button', { name: 'Delete employee' }).click();
  await expect(again).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(`Quinn ${last}-Reyes`) })).toHaveCount(0);
  await expect(page.getByText(`Deleted Quinn ${last}-Reyes.`)).toBeVisible();
});
