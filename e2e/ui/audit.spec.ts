import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

// Settings → Audit log: a change made with the API token shows with its author, the token and the
// changed fields; the filters live in the URL.

test('shows who changed what, how, and which fields, filtered by record type', async ({ page, token }) => {
  const baseURL = test.info().project.use.baseURL!;
  const headers = { Authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(new URL('/api/2023-01/companies', baseURL), {
    method: 'POST',
    headers,
    body: JSON.stringify({ company: { name: `Audit ${Date.now().toString(36)}` } }),
  });
  expect(created.status).toBe(201);
  const { company } = (await created.json()) as { company: { id: string } };
  const updated = await fetch(new URL(`/api/2023-01/companies/${company.id}`, baseURL), {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ company: { website: 'https://audit.example' } }),
  });
  expect(updated.status).toBe(200);

  await page.goto('/settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/settings\/audit-log$/);
  const table = page.getByRole('table', { name: 'Audit log' });
  const row = table.getByRole('row').filter({ hasText: `Updated Company #${company.id}` });
  await expect(row).toContainText('website');
  await expect(row).toContainText(/API token #\d+/);
  await expect(table.getByRole('row').filter({ hasText: `Created Company #${company.id}` })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'audit-log');

  await page.getByLabel('Record type').selectOption('contact');
  await expect(page).toHaveURL(/resource=contact/);
  await expect(table.getByRole('row').filter({ hasText: `Company #${company.id}` })).toHaveCount(0);
  await row.page().getByLabel('Record type').selectOption('company');
  await row.getByRole('link', { name: `Company #${company.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${company.id}$`));
});
