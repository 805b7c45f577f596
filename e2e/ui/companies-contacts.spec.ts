import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

// Companies and contacts: search and filters in the URL, a company with its related leads,
// projects, contacts and calls, and a contact created and edited with every field.

async function apiList<T>(page: Page, path: string, key: string): Promise<T[]> {
  const res = await page.request.get(`/api/2023-01${path}`);
  expect(res.ok()).toBe(true);
  return (await res.json())[key] as T[];
}

test('lists companies with search and category in the URL, with no serious accessibility violation', async ({ page }) => {
  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(1);
  await page.getByLabel('Category').selectOption('architect');
  await expect(page).toHaveURL(/category=architect/);
  await expect(page.getByRole('row').nth(1)).toContainText('Architect');
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'companies-list');
  await page.getByLabel('Search companies').fill('zzzz-no-such-company');
  await expect(page).toHaveURL(/q=zzzz-no-such-company/);
  await expect(page.getByText('No companies match this view.')).toBeVisible();
});

test("shows a company's related leads, projects, contacts and calls", async ({ page }) => {
  // A company with a lead of its own, found through the API the page uses.
  const [lead] = await apiList<{ name: string; company: { id: string; name: string } }>(page, '/leads?per_page=100', 'leads').then((leads) =>
    leads.filter((l) => l.company),
  );
  const company = lead!.company;
  await page.goto('/companies');
  await page.getByLabel('Search companies').fill(company.name);
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: company.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${company.id}$`));
  await expect(page.getByRole('heading', { name: company.name, level: 1 })).toBeVisible();

  const leads = page.getByRole('region', { name: /^Leads/ });
  await expect(leads.getByRole('link', { name: lead!.name })).toBeVisible();
  for (const section of ['Contacts', 'Calls', 'Projects']) {
    await expect(page.getByRole('region', { name: new RegExp(`^${section}`) })).toBeVisible();
  }
  const contacts = await apiList<{ name: string }>(page, `/contacts?company_id=${company.id}`, 'contacts');
  if (contacts[0]) await expect(page.getByRole('region', { name: /^Contacts/ }).getByRole('link', { name: contacts[0].name })).toBeVisible();
  const projects = await apiList<{ name: string }>(page, `/projects?company_id=${company.id}&per_page=10`, 'projects');
  if (projects[0]) await expect(page.getByRole('region', { name: /^Projects/ }).getByRole('link', { name: projects[0].name })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Calls/ }).getByRole('progressbar')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'company-detail');

  // "View all" of the contacts is the contacts list filtered by the company.
  if (contacts.length) {
    await page.getByRole('link', { name: 'View all contacts' }).click();
    await expect(page).toHaveURL(new RegExp(`/contacts\\?company_id=${company.id}`));
    await expect(page.getByRole('combobox', { name: 'Filter by company' })).toHaveValue(company.name);
  }
});

test('creates a company with industries and edits it', async ({ page }) => {
  const name = `Granite Peak Masonry ${Date.now().toString(36)}`;
  await page.goto('/companies');
  await page.getByRole('button', { name: 'New company' }).click();
  const dialog = page.getByRole('dialog', { name: 'New company' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Category').selectOption('subcontractor');
  await dialog.getByLabel('Phone').fill('303-555-0199');
  await dialog.getByLabel('Website').fill('granitepeak.example');
  await dialog.getByLabel('City', { exact: true }).fill('Golden');
  await dialog.getByLabel('State', { exact: true }).fill('CO');
  await dialog.getByRole('checkbox', { name: 'Manufacturing' }).check();
  await dialog.getByRole('checkbox', { name: 'Government' }).check();
  // No custom field is defined for companies: the form shows none (and never a free-form editor).
  await expect(dialog.getByText(/custom fields/i)).toHaveCount(0);
  await screens(page, 'company-form');
  await dialog.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Government, Manufacturing')).toBeVisible();
  await expect(page.getByRole('link', { name: 'granitepeak.example' })).toHaveAttribute('href', 'https://granitepeak.example');

  await page.getByRole('button', { name: 'Edit company' }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${name}”` });
  await expect(edit.getByRole('checkbox', { name: 'Government' })).toBeChecked();
  await edit.getByRole('checkbox', { name: 'Government' }).uncheck();
  await edit.getByLabel('Description').fill('Structural masonry and stone veneer.');
  await edit.getByRole('button', { name: 'Save company' }).click();
  await expect(edit).toBeHidden();
  // The details show the new description (the timeline below tells the change in a sentence of its own).
  await expect(page.getByRole('definition').filter({ hasText: /^Structural masonry and stone veneer\.$/ })).toBeVisible();
  await expect(page.getByText(/set the description to/)).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^Manufacturing$/ })).toBeVisible();
});

test('creates and edits a contact, with the API schema and 422s next to the fields', async ({ page }) => {
  const [company] = await apiList<{ name: string }>(page, '/companies?per_page=1', 'companies');
  const last = `Okafor-${Date.now().toString(36)}`;
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'contacts-list');

  await page.getByRole('button', { name: 'New contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'New contact' });
  // Nothing typed: the API says what it needs (at least a name or an email).
  await dialog.getByRole('button', { name: 'Create contact' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel('First name').fill('Samira');
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByLabel('Email').fill('samira.example.com');
  await dialog.getByLabel('LinkedIn profile').fill('linkedin.com/in/samira');
  await dialog.getByRole('button', { name: 'Create contact' }).click();
  await expect(dialog.getByText('must be an email address')).toBeVisible();
  await expect(dialog.getByText('must be an http(s) URL')).toBeVisible();
  await expect(dialog.getByLabel('Last name')).toHaveValue(last);
  await dialog.getByLabel('Email').fill(`samira.${last.toLowerCase()}@example.com`);
  await dialog.getByLabel('LinkedIn profile').fill('https://www.linkedin.com/in/samira');
  await dialog.getByLabel('Job title').fill('Project Manager');
  await dialog.getByLabel('Mobile phone').fill('720-555-0101');
  await dialog.getByLabel('Office phone').fill('303-555-0102');
  await dialog.getByRole('combobox', { name: 'Company' }).fill(company!.name);
  await dialog.getByRole('option', { name: company!.name }).first().click();
  await dialog.getByLabel('Assigned to').selectOption({ index: 1 });
  await screens(page, 'contact-form');
  await dialog.getByRole('button', { name: 'Create contact' }).click();

  await expect(page.getByRole('heading', { name: `Samira ${last}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: company!.name })).toBeVisible();
  await expect(page.getByText('720-555-0101')).toBeVisible();

  await page.getByRole('button', { name: 'Edit contact' }).click();
  const edit = page.getByRole('dialog', { name: `Edit “Samira ${last}”` });
  await expect(edit.getByRole('combobox', { name: 'Company' })).toHaveValue(company!.name);
  await edit.getByLabel('Job title').fill('Senior Project Manager');
  await edit.getByLabel('First name').fill('Sami');
  await edit.getByRole('button', { name: 'Save contact' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { name: `Sami ${last}`, level: 1 })).toBeVisible();
  await expect(page.getByText(`Senior Project Manager · ${company!.name}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'contact-detail');

  await page.goto('/contacts');
  await page.getByLabel('Search contacts').fill(last);
  await expect(page).toHaveURL(new RegExp(`q=${last}`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText('Senior Project Manager');
});

test('a company or contact that does not exist says so, with a way back', async ({ page }) => {
  await page.goto('/companies/999999999');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This company does not exist, or was deleted.');
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await page.goto('/contacts/999999999');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This contact does not exist, or was deleted.');
});
