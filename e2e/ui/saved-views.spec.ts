import { expect, test } from '../fixtures';
import { screens } from './screens';

// Saved views (docs/saved-views.md): the leads page's inbox views put their filters in the URL; the
// current filters are saved as a view, shared, renamed and deleted, and the URL names the view.

test('picks an inbox view, saves the filters as a shared view, renames and deletes it', async ({ page }) => {
  await page.goto('/leads');
  const picker = page.getByLabel('Views', { exact: true });
  // A choice made before the page has hydrated changes nothing: then it is made again.
  await expect(async () => {
    await picker.selectOption({ label: 'Priority' });
    await expect(page).toHaveURL(/view=priority/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page).toHaveURL(/priority=true/);
  await expect(page.getByLabel('Priority', { exact: true })).toHaveValue('true');

  await picker.selectOption({ label: 'Unassigned' });
  await expect(page).toHaveURL(/unassigned=true/);
  await expect(page).not.toHaveURL(/priority=true/);

  // A filter of one's own, saved under a name and shared.
  // The page shows the view's filters before they are saved (a save before then keeps the previous view's).
  await picker.selectOption({ label: 'Priority' });
  await expect(page).toHaveURL(/priority=true/);
  await expect(page.getByLabel('Priority', { exact: true })).toHaveValue('true');
  await expect(page).not.toHaveURL(/unassigned=true/);
  await page.getByRole('button', { name: 'Save view' }).click();
  const name = `Hot ${Date.now().toString(36)}`;
  const dialog = page.getByRole('dialog', { name: 'Save these leads filters as a view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Share with everyone in the account').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`View “${name}” saved.`)).toBeVisible();
  await expect(picker.locator('option:checked')).toHaveText(`${name} (shared)`);
  await expect(page).toHaveURL(/view=\d+/);
  await screens(page, 'saved-views-leads');

  // Another page load of the URL shows the view and its filters.
  await page.reload();
  await expect(picker.locator('option:checked')).toHaveText(`${name} (shared)`);
  await expect(page.getByLabel('Priority', { exact: true })).toHaveValue('true');

  await page.getByRole('button', { name: `Rename the view ${name}` }).click();
  await page.getByRole('dialog', { name: 'Rename the view' }).getByLabel('Name').fill(`${name} renamed`);
  await page.getByRole('dialog', { name: 'Rename the view' }).getByRole('button', { name: 'Save' }).click();
  await expect(picker.locator('option:checked')).toHaveText(`${name} renamed (shared)`);

  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: `Delete the view ${name} renamed` }).click();
  await expect(page.getByText(`View “${name} renamed” deleted.`)).toBeVisible();
  await expect(picker.locator('option', { hasText: `${name} renamed` })).toHaveCount(0);
});

test('the projects board and table share the views; the URL names the view beside board or table', async ({ page }) => {
  await page.goto('/projects?view=table');
  const picker = page.getByLabel('Views', { exact: true });
  await expect(async () => {
    await picker.selectOption({ label: 'Pursuits' });
    await expect(page).toHaveURL(/saved_view=pursuits/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page).toHaveURL(/project_status=pursuit/);
  await expect(page).toHaveURL(/saved_view=pursuits/);
  await expect(page).toHaveURL(/view=table/);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('pursuit');
  await picker.selectOption({ label: 'All projects' });
  await expect(page).not.toHaveURL(/project_status=/);
});

test('a view keeps the columns chosen for the table', async ({ page }) => {
  await page.goto('/leads');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Company' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Columns' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Columns' }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await screens(page, 'saved-views-columns');
  await dialog.getByLabel('Company').uncheck();
  await dialog.getByLabel('Created').uncheck();
  await dialog.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/columns=/);
  await expect(table.getByRole('columnheader', { name: 'Company' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Name' })).toBeVisible();

  const name = `Narrow ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Save view' }).click();
  await page.getByRole('dialog', { name: 'Save these leads filters as a view' }).getByLabel('Name').fill(name);
  await page.getByRole('dialog', { name: 'Save these leads filters as a view' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`View “${name}” saved.`)).toBeVisible();

  const picker = page.getByLabel('Views', { exact: true });
  await picker.selectOption({ label: 'All' });
  await page.goto('/leads');
  await expect(table.getByRole('columnheader', { name: 'Company' })).toBeVisible();
  await picker.selectOption({ label: name });
  await expect(table.getByRole('columnheader', { name: 'Company' })).toHaveCount(0);
  await expect(picker.locator('option:checked')).toHaveText(name);
});

test('the tasks page’s views: built-in ones count deadlines from today; a saved one keeps the list’s parameters', async ({ page }) => {
  await page.goto('/tasks');
  const picker = page.getByLabel('Views', { exact: true });
  await expect(async () => {
    await picker.selectOption({ label: 'My overdue tasks' });
    await expect(page).toHaveURL(/saved_view=overdue/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page).toHaveURL(/due=overdue/);
  await expect(page.getByLabel('Deadline', { exact: true })).toHaveValue('overdue');
  await expect(page.getByRole('button', { name: 'My tasks' })).toHaveAttribute('aria-pressed', 'true');

  await picker.selectOption({ label: 'Everyone’s overdue tasks' });
  await expect(page).toHaveURL(/view=all/);
  await expect(page.getByRole('button', { name: 'All tasks' })).toHaveAttribute('aria-pressed', 'true');
  const rows = page.getByRole('listitem').filter({ has: page.getByRole('checkbox') });
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: 'Overdue ·' })).toHaveCount(0);
  await screens(page, 'saved-views-tasks');

  // Saved, the view keeps whose tasks and their status, not the window: the dialog says so.
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save these tasks filters as a view' });
  await expect(dialog.getByText('not the deadline window (“Overdue”)')).toBeVisible();
  await screens(page, 'saved-views-tasks-save');
  const name = `Open tasks ${Date.now().toString(36)}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`View “${name}” saved.`)).toBeVisible();
  await expect(picker.locator('option:checked')).toHaveText(name);
  await expect(page).toHaveURL(/saved_view=\d+/);
  await expect(page).not.toHaveURL(/due=/);
  await expect(page.getByLabel('Deadline', { exact: true })).toHaveValue('');
  const id = new URL(page.url()).searchParams.get('saved_view');
  const saved = (await (await page.request.get(`/api/2023-01/saved_views/${id}`)).json()).saved_view;
  expect(saved).toMatchObject({ resource: 'tasks', filters: { completed: 'false' }, sort: null });

  // Mine again, then the saved view: everyone's open tasks.
  await picker.selectOption({ label: 'My completed tasks' });
  await expect(page).toHaveURL(/status=done/);
  await expect(page.getByRole('button', { name: 'My tasks' })).toHaveAttribute('aria-pressed', 'true');
  await picker.selectOption({ label: name });
  await expect(page.getByRole('button', { name: 'All tasks' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('');
  // A filter of the page's own makes them unsaved.
  await page.getByLabel('Status', { exact: true }).selectOption('done');
  await expect(picker.locator('option:checked')).toHaveText('Unsaved filters');

  await picker.selectOption({ label: name });
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: `Delete the view ${name}` }).click();
  await expect(page.getByText(`View “${name}” deleted.`)).toBeVisible();
});
