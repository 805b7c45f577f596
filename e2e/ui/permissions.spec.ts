import { expect, test } from '../fixtures';
import { screens } from './screens';
import { SAM, signInAs } from './seeded-user';

// Permissions (docs/permissions.md): the seeded superintendent sees only the projects of their
// teams and none of the areas they have no access to; an admin changes a user's access in
// Settings → Users.

test('a team-only superintendent sees only their projects, and no leads, forecast or workforce', async ({ browser, token }) => {
  const baseURL = test.info().project.use.baseURL!;
  const { context, page } = await signInAs(browser, SAM);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
  for (const hidden of ['Leads', 'Forecast', 'Workforce', 'Webhook messages']) await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
  // Home shows the project cards, not the leads one.
  await expect(page.getByRole('heading', { name: 'Open pipeline by stage' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Leads assigned to me' })).toHaveCount(0);

  // The projects Sam sees are those of his teams: fewer than the admin's, and not none.
  const mine = Number((await page.request.get('/api/2023-01/projects?per_page=1')).headers()['x-total-count']);
  const all = Number(
    (await fetch(new URL('/api/2023-01/projects?per_page=1', baseURL), { headers: { Authorization: `Bearer ${token}` } })).headers.get('x-total-count'),
  );
  expect(mine).toBeGreaterThan(0);
  expect(mine).toBeLessThan(all);
  await page.goto('/projects?view=table');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(mine + 1); // the header and Sam's projects
  await screens(page, 'permissions-team-projects');

  // A page of an area he cannot read says so, and who can change it.
  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'You don’t have access to Leads' })).toBeVisible();
  await expect(page.getByText('Ask an admin of your account')).toBeVisible();
  expect((await page.request.get('/api/2023-01/leads')).status()).toBe(403);
  await context.close();
});

test('an admin changes what a user may do in Settings → Users', async ({ page }) => {
  await page.goto('/settings/users');
  const row = page.getByRole('row').filter({ hasText: 'Marcus Reyes' });
  await expect(row).toContainText('no workforce');
  await row.getByRole('button', { name: 'Edit the access of Marcus Reyes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Access of Marcus Reyes' });
  await dialog.getByLabel('Workforce permission').selectOption('collaborator');
  await screens(page, 'permissions-edit-access');
  await dialog.getByRole('button', { name: 'Save access' }).click();
  await expect(page.getByText("Marcus Reyes's access saved.")).toBeVisible();
  await expect(row).not.toContainText('no workforce');

  // Back as the seed made him.
  await row.getByRole('button', { name: 'Edit the access of Marcus Reyes' }).click();
  await dialog.getByLabel('Workforce permission').selectOption('none');
  await dialog.getByRole('button', { name: 'Save access' }).click();
  await expect(row).toContainText('no workforce');
});
