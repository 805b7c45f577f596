import { expect, test } from '../fixtures';
import { screens } from './screens';

// The admin's journey with custom fields: defines a select field on projects in Settings → Custom
// fields, fills it in on a project's edit form, sees it as a column of the projects table and
// filters the table by it, then archives it (the column goes, the value stays) and deletes it.

test('an admin adds a select field on projects, fills it in, sees it as a column, filters by it, archives and deletes it', async ({ page, request, token }) => {
  const auth = { Authorization: `Bearer ${token}` };
  const stamp = Date.now().toString(36);
  const label = `Delivery tier ${stamp}`;
  const key = `delivery_tier_${stamp}`;
  const name = `Foothills Transit Depot ${stamp}`;
  const created = await request.post('/api/2023-01/projects', { headers: auth, data: { project: { name } } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).project as { id: string };

  // Settings → Custom fields: the admin defines the field.
  await page.goto('/settings/custom-fields');
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Custom fields' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Custom fields', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contacts', level: 3 })).toBeVisible();
  await page.getByRole('button', { name: 'Add field' }).click();
  const dialog = page.getByRole('dialog', { name: 'New custom field' });
  await dialog.getByLabel('Label').fill(label);
  // The key follows the label.
  await expect(dialog.getByLabel('Key')).toHaveValue(key);
  await expect(dialog.getByLabel('Records')).toHaveValue('projects');
  await dialog.getByLabel('Type').selectOption('select');
  // A select needs options: the API's own schema says so next to the editor.
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog.getByText('is required for a select field (at least one)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add option' }).click();
  await dialog.getByLabel('Value 1').fill('standard');
  await dialog.getByLabel('Label 1').fill('Standard');
  await dialog.getByRole('button', { name: 'Add option' }).click();
  await dialog.getByLabel('Value 2').fill('expedited');
  await dialog.getByLabel('Label 2').fill('Expedited');
  await screens(page, 'custom-fields-dialog');
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog).toBeHidden();
  const projectsFields = page.getByRole('table', { name: 'Custom fields of projects' });
  const row = projectsFields.getByRole('row', { name: new RegExp(label) });
  await expect(row).toContainText('Select (one option)');
  await expect(row).toContainText('Active');
  await screens(page, 'custom-fields-settings');

  // The project's edit form has an input for it.
  await page.goto(`/projects/${id}`);
  await page.getByRole('button', { name: 'Edit project' }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${name}”` });
  const input = edit.getByLabel(label);
  await expect(input).toHaveValue('');
  await input.selectOption({ label: 'Expedited' });
  await input.scrollIntoViewIfNeeded();
  await screens(page, 'custom-fields-project-form');
  await edit.getByRole('button', { name: 'Save project' }).click();
  await expect(edit).toBeHidden();
  const saved = (await (await request.get(`/api/2023-01/projects/${id}`, { headers: auth })).json()).project;
  expect(saved.custom_fields).toEqual({ [key]: 'expedited' });

  // A column of the projects table, and a filter that puts custom_fields[<key>] in the URL.
  await page.goto('/projects?view=table');
  await expect(page.getByRole('columnheader', { name: label })).toBeVisible();
  // A choice made before the table has hydrated changes nothing: then it is made again.
  await expect(async () => {
    await page.getByLabel(label, { exact: true }).selectOption({ label: `${label}: Expedited` });
    await expect(page).toHaveURL(new RegExp(`custom_fields%5B${key}%5D=expedited`), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('row')).toHaveCount(2);
  const projectRow = page.getByRole('row', { name: new RegExp(name) });
  await expect(projectRow.getByRole('cell', { name: 'Expedited' })).toBeVisible();
  await screens(page, 'custom-fields-projects-table');
  await page.getByLabel(label, { exact: true }).selectOption({ label: `${label}: Standard` });
  await expect(page.getByText('No projects match this view.')).toBeVisible();

  // Archived: gone from the table and the form, the value kept.
  await page.goto('/settings/custom-fields');
  await page.getByRole('button', { name: `Archive ${label}` }).click();
  await expect(projectsFields.getByRole('row', { name: new RegExp(label) })).toContainText('Archived');
  await page.goto('/projects?view=table');
  await expect(page.getByRole('columnheader', { name: 'Created' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: label })).toHaveCount(0);
  await page.goto(`/projects/${id}`);
  await page.getByRole('button', { name: 'Edit project' }).click();
  await expect(edit.getByLabel('Description')).toBeVisible();
  await expect(edit.getByLabel(label)).toHaveCount(0);
  await edit.getByLabel('Description').fill('Bus maintenance depot.');
  await edit.getByRole('button', { name: 'Save project' }).click();
  await expect(edit).toBeHidden();
  const kept = (await (await request.get(`/api/2023-01/projects/${id}`, { headers: auth })).json()).project;
  expect(kept.custom_fields).toEqual({ [key]: 'expedited' });

  // Deleting warns that the values go too, and offers archiving instead.
  await page.goto('/settings/custom-fields');
  await page.getByRole('button', { name: `Edit ${label}` }).click();
  const editField = page.getByRole('dialog', { name: `Edit “${label}”` });
  await expect(editField.getByLabel('Archived')).toBeChecked();
  await editField.getByRole('button', { name: 'Delete…' }).click();
  await expect(editField.getByText('Every value of this field on your projects is deleted with it')).toBeVisible();
  await editField.getByRole('button', { name: 'Delete field and values' }).click();
  await expect(editField).toBeHidden();
  await expect(projectsFields.getByRole('row', { name: new RegExp(label) })).toHaveCount(0);
  const cleared = (await (await request.get(`/api/2023-01/projects/${id}`, { headers: auth })).json()).project;
  expect(cleared.custom_fields).toEqual({});
  // The project leaves the seed as it found it: later journeys count the seed's unscheduled projects.
  expect((await request.delete(`/api/2023-01/projects/${id}`, { headers: auth })).status()).toBe(204);
});

test('a select field of companies is a column of their table, a filter and a choice of the Columns chooser', async ({ page, request, token }) => {
  const auth = { Authorization: `Bearer ${token}` };
  const stamp = Date.now().toString(36);
  const label = `Prequal ${stamp}`;
  const key = `prequal_${stamp}`;
  const name = `Kestrel Ridge Builders ${stamp}`;
  const field = await request.post('/api/2023-01/custom_fields', {
    headers: auth,
    data: {
      custom_field: {
        resource: 'companies',
        key,
        label,
        field_type: 'select',
        options: [
          { value: 'approved', label: 'Approved' },
          { value: 'pending', label: 'Pending' },
        ],
      },
    },
  });
  expect(field.status()).toBe(201);
  const fieldId = (await field.json()).custom_field.id as string;
  const company = await request.post('/api/2023-01/companies', { headers: auth, data: { company: { name, custom_fields: { [key]: 'approved' } } } });
  expect(company.status()).toBe(201);
  const companyId = (await company.json()).company.id as string;
  try {
    await page.goto('/companies');
    await expect(page.getByRole('columnheader', { name: label })).toBeVisible();
    await expect(async () => {
      await page.getByLabel(label, { exact: true }).selectOption({ label: `${label}: Approved` });
      await expect(page).toHaveURL(new RegExp(`custom_fields%5B${key}%5D=approved`), { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row', { name: new RegExp(name) }).getByRole('cell', { name: 'Approved' })).toBeVisible();
    await screens(page, 'custom-fields-companies-table');

    // The chooser offers the field's column; without it, the filter stays.
    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns' });
    await chooser.getByLabel(label).uncheck();
    await chooser.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/columns=category/);
    await expect(page.getByRole('columnheader', { name: label })).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await page.getByLabel(label, { exact: true }).selectOption({ label: `${label}: Pending` });
    await expect(page.getByText('No companies match this view.')).toBeVisible();
  } finally {
    // Companies go back to no definitions (their forms to the JSON editor) for the journeys after.
    expect((await request.delete(`/api/2023-01/custom_fields/${fieldId}`, { headers: auth })).status()).toBe(204);
    expect((await request.delete(`/api/2023-01/companies/${companyId}`, { headers: auth })).status()).toBe(204);
  }
});
