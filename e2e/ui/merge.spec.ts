import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

// Duplicates (docs/merge.md): two spellings of one company, found on the Duplicates page, compared
// side by side and merged keeping the other's phone, after the dry run said what would move; then
// Undo from the toast brings the merged one back.

type Json = Record<string, unknown>;

async function api<T>(request: APIRequestContext, token: string, method: string, path: string, data?: Json): Promise<{ status: number; body: T }> {
  const res = await request.fetch(`/api/2023-01${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status(), body: (await res.json()) as T };
}

test('merges two spellings of a company after its dry run, then undoes it from the toast', async ({ page, request, token }) => {
  const s = Date.now().toString(36);
  const keptName = `Harbor Point Construction ${s}`;
  const otherName = `Harbor Point Constr. ${s}`;
  const website = `harborpoint-${s}.example`;
  const create = async (company: Json) => (await api<{ company: { id: string } }>(request, token, 'POST', '/companies', { company })).body.company.id;
  const kept = await create({ name: keptName, website: `https://www.${website}`, phone: '206-555-0100' });
  const other = await create({ name: otherName, website, phone: '206-555-0199', category: 'subcontractor' });
  await api(request, token, 'POST', '/contacts', { contact: { first_name: 'Rosa', last_name: `Quintero ${s}`, company_id: other } });

  // The group's page of the list (surest first): new records come last among equally sure groups.
  const all = await api<{ duplicates: { records: { id: string }[] }[] }>(request, token, 'GET', '/duplicates?resource=companies&per_page=100');
  const at = all.body.duplicates.findIndex((g) => g.records.some((r) => r.id === kept));
  expect(at).toBeGreaterThanOrEqual(0);
  const listPage = Math.floor(at / 20) + 1;

  await page.goto(`/companies`);
  await page.getByRole('link', { name: 'Find duplicates' }).click();
  await expect(page).toHaveURL(/\/duplicates\?resource=companies/);
  if (listPage > 1) await page.goto(`/duplicates?resource=companies&page=${listPage}`);
  const group = page.getByRole('article', { name: `${keptName} and ${otherName}` });
  await expect(group).toContainText('Very likely');
  await expect(group).toContainText('Same website');
  await expectNoSeriousA11yViolations(page);

  await group.getByRole('button', { name: /^Review and merge/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge companies' });
  // The oldest is kept unless another is picked; each differing field keeps the kept one's value unless picked.
  await expect(dialog.getByRole('radio', { name: `Keep ${keptName}` })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: `Phone of ${keptName}` })).toBeChecked();
  await dialog.getByRole('radio', { name: `Phone of ${otherName}` }).check();
  // A field the kept one lacks takes the other's value.
  await expect(dialog.getByRole('radio', { name: `Category of ${otherName}` })).toBeChecked();
  await screens(page, 'merge-review');

  // The dry run first: what would move, in words, and nothing merged yet.
  await dialog.getByRole('button', { name: 'Check what will move' }).click();
  await expect(dialog.getByRole('status', { name: 'What the merge will do' })).toContainText(`1 contact will move to ${keptName}.`);
  expect((await api(request, token, 'GET', `/companies/${other}`)).status).toBe(200);
  await screens(page, 'merge-dry-run');

  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(dialog).toBeHidden();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: `Merged into ${keptName}.` });
  await expect(toast).toBeVisible();
  const merged = await api<{ company: { phone: string; aliases: string[] } }>(request, token, 'GET', `/companies/${kept}`);
  expect(merged.body.company.phone).toBe('206-555-0199');
  expect(merged.body.company.aliases).toContain(otherName);
  const gone = await api<{ error: { code: string; merged_into_id: string } }>(request, token, 'GET', `/companies/${other}`);
  expect(gone.status).toBe(404);
  expect(gone.body.error).toMatchObject({ code: 'merged', merged_into_id: kept });
  await expect(group).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Merge history' }).getByRole('listitem').first()).toContainText(`${otherName} merged into ${keptName}`);

  // Undo from the toast: both companies are back, as they were.
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`Merge undone: ${otherName} is back.`)).toBeVisible();
  await expect(group).toBeVisible();
  expect((await api(request, token, 'GET', `/companies/${other}`)).status).toBe(200);
  expect((await api<{ company: { phone: string } }>(request, token, 'GET', `/companies/${kept}`)).body.company.phone).toBe('206-555-0100');
  await expect(page.getByRole('region', { name: 'Merge history' }).getByRole('listitem').first()).toContainText('Undone');
});
