import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';
import { screens } from './screens';

// The estimator's lead journey: create, edit, star, snooze, archive, unarchive, convert.

test('lists, filters and sorts leads in the URL, with no serious accessibility violation', async ({ page }) => {
  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(1);
  await page.getByRole('button', { name: /^Value/ }).click();
  await expect(page).toHaveURL(/sort=-value_in_cents/);
  await page.getByLabel('Priority', { exact: true }).selectOption('true');
  await expect(page).toHaveURL(/priority=true/);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await screens(page, 'leads-list');
});

test('creates, edits, stars, snoozes, archives and converts a lead', async ({ page }) => {
  const name = `Northgate Fire Station ${Date.now().toString(36)}`;
  await page.goto('/leads');
  await page.getByRole('button', { name: 'New lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'New lead' });
  await dialog.getByRole('button', { name: 'Create lead' }).click();
  await expect(dialog.getByText("can't be blank")).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Value (USD)').fill('12.345');
  await dialog.getByRole('button', { name: 'Create lead' }).click();
  await expect(dialog.getByText('Enter dollars, like 1,250,000 or 19.99.')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await dialog.getByLabel('Value (USD)').fill('4,250,000');
  await dialog.getByLabel('Estimated start').fill('2027-04-01');
  await dialog.getByLabel('Market sector').selectOption({ label: 'Government' });
  await dialog.getByLabel('City').fill('Boulder');
  await screens(page, 'lead-form');
  await dialog.getByRole('button', { name: 'Create lead' }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search leads').fill('Northgate Fire');
  // The searched page (its rows rendered on the server) before the star, as a person sees it.
  await expect(page).toHaveURL(/q=Northgate/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('$4,250,000');

  // The star shows at once; the edit below starts from the saved lead (its ETag): wait for the save
  // and the list's refresh after it.
  const starred = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.url().includes('/api/2023-01/leads/'));
  const refreshed = page.waitForResponse((res) => res.request().method() === 'GET' && /\/api\/2023-01\/leads\?.*q=Northgate/.test(res.url()));
  await row.getByRole('button', { name: `Mark ${name} as priority` }).click();
  await expect(row.getByRole('button', { name: `Remove priority from ${name}` })).toHaveAttribute('aria-pressed', 'true');
  expect((await starred).status()).toBe(200);
  expect((await refreshed).status()).toBe(200);

  // The name opens the lead's own page, where it is edited.
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Edit lead' }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${name}”` });
  await edit.getByLabel('Description').fill('Two-bay station with training tower.');
  await edit.getByRole('button', { name: 'Save lead' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Two-bay station with training tower.', { exact: true })).toBeVisible();
  await screens(page, 'lead-page');
  await page.goBack();

  // The search narrowed the inbox (the page opened on it): a snoozed lead leaves it, and Undo brings it back.
  await expect(page).toHaveURL(/view=inbox/);
  await expect(page).toHaveURL(/snoozed=false/);
  await row.getByRole('button', { name: `Snooze ${name}` }).click();
  const snooze = page.getByRole('dialog', { name: /Snooze/ });
  await expect(snooze.getByRole('button', { name: /^Tomorrow/ })).toBeVisible();
  await expect(snooze.getByRole('button', { name: /^Next Monday/ })).toBeVisible();
  await snooze.getByLabel('Pick a date').fill('2030-01-15');
  await snooze.getByRole('button', { name: 'Snooze', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  const snoozed = page.getByRole('listitem').filter({ hasText: `Snoozed “${name}” until Jan 15, 2030` });
  await snoozed.getByRole('button', { name: 'Undo' }).click();
  await expect(row).toBeVisible();
  await expect(page.getByText('Undone: the lead as before.')).toBeVisible();

  // Snoozed with a preset, and found under Snoozed.
  await row.getByRole('button', { name: `Snooze ${name}` }).click();
  await snooze.getByRole('button', { name: /^In a month/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('snoozed');
  await expect(row).toContainText('Snoozed to');

  await row.getByRole('button', { name: `Archive ${name}` }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('archived');
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Unarchive ${name}` })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('');

  page.once('dialog', (d) => d.accept());
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Convert ${name} to a project` })
    .click();
  await expect(page.getByText('Converted to the project')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test("snoozing a lead over a colleague's change shows the conflict panel, and re-applies the snooze on their version", async ({ page, request, token }) => {
  const headers = { Authorization: `Bearer ${token}` };
  const name = `Snooze conflict ${Date.now().toString(36)}`;
  const made = await request.post('/api/2023-01/leads', { headers, data: { lead: { name } } });
  expect(made.ok()).toBe(true);
  const { id } = ((await made.json()) as { lead: { id: string } }).lead;
  await page.goto(`/leads/${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: `Snooze “${name}”` });
  // The first click after the page loads is made again until the page has hydrated.
  await expect(async () => {
    await page.getByRole('button', { name: 'Snooze', exact: true }).click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass();

  const theirs = await request.patch(`/api/2023-01/leads/${id}`, { headers, data: { lead: { description: 'Owner calls back in May.' } } });
  expect(theirs.ok()).toBe(true);
  await dialog.getByRole('button', { name: /^In a month/ }).click();
  const conflict = dialog.getByRole('alert', { name: 'Edit conflict' });
  await expect(conflict.locator('tr[data-field="description"]')).toContainText('Owner calls back in May.');
  await expect(conflict).toContainText('Your changes: Snooze until.');

  await conflict.getByRole('button', { name: 'Re-apply my changes to their version' }).click();
  await expect(dialog).toBeHidden();
  const lead = (await (await request.get(`/api/2023-01/leads/${id}`, { headers })).json()) as { lead: { snooze_until: string | null; description: string } };
  expect(lead.lead.description).toBe('Owner calls back in May.');
  expect(new Date(lead.lead.snooze_until!).getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
});
