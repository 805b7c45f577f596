import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

// Settings → Import: a contacts file with one bad row is checked by a dry run, imported with that
// row failing, its failed rows downloaded; the fixed file updates the good rows instead of
// duplicating them; the first import is undone.

const read = async (download: Download) =>
  fs
    .readFileSync(await download.path())
    .toString('utf8')
    .replace(/^\uFEFF/, '');

/** Drops a file on the drop zone, as a drag from the desktop does. */
async function dropFile(page: Page, name: string, text: string) {
  const zone = page.getByText('Drop a CSV or Excel file here').or(page.getByText(name)).locator('..');
  const transfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([content!], fileName!, { type: 'text/csv' }));
      return dt;
    },
    [name, text],
  );
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

test('imports contacts: dry run, mapping, errors.csv, re-import updates, undo', async ({ page, request, token }) => {
  const s = Date.now().toString(36);
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const good = [`ana.${s}@example.com`, `ben.${s}@example.com`];
  const first = [
    'First Name,Last Name,E-mail,Role',
    `Ana,Import${s},${good[0]},Estimator`,
    `Ben,Import${s},${good[1]},Project manager`,
    `Cara,Import${s},cara.${s}-at-example.com,Superintendent`,
  ].join('\n');

  await page.goto('/settings/import');
  await expect(page.getByRole('heading', { name: 'Import', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import', exact: true })).toHaveAttribute('aria-current', 'page');

  // The template: a header row the importer reads.
  const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'contacts template (CSV)' }).click()]);
  expect(template.suggestedFilename()).toBe('contacts-template.csv');
  expect((await read(template)).trim()).toBe('Email,First Name,Last Name,Job Title,Mobile Phone,Office Phone,LinkedIn,Company,Assigned To');

  await expect(page.getByLabel('Contacts')).toBeChecked();
  await page.getByLabel('Choose a file').setInputFiles({ name: `contacts-${s}.csv`, mimeType: 'text/csv', buffer: Buffer.from(first) });

  // The dry run: 3 rows, 2 new, 1 error on row 4 (the file's line), nothing written.
  const summary = page.getByRole('definition');
  await expect(page.getByLabel('What the import would do')).toBeVisible();
  await expect(summary.nth(0)).toHaveText('3');
  await expect(summary.nth(1)).toHaveText('2');
  await expect(summary.nth(3)).toHaveText('1');
  const errors = page.getByRole('list', { name: 'Rows with errors' });
  await expect(errors.getByRole('listitem')).toHaveCount(1);
  // In words, with the column's label: never the API's field name.
  await expect(errors).toContainText(/Row 4: Email\b/);
  await expect(errors).not.toContainText('email:');

  // The detected mapping; "Role" is no label the importer knows: map it, and the dry run runs again.
  await expect(page.getByLabel('Field for the column “E-mail”')).toHaveValue('email');
  const role = page.getByLabel('Field for the column “Role”');
  await expect(role).toHaveValue('');
  const rerun = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith('/api/2023-01/imports'));
  await role.selectOption('job_title');
  const answer = (await (await rerun).json()) as { import_preview: { mapping: Record<string, string> } };
  expect(answer.import_preview.mapping).toMatchObject({ Role: 'job_title', 'E-mail': 'email' });
  await expect(role).toHaveValue('job_title');
  await expect(page.getByRole('button', { name: 'Import 2 rows' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('heading', { name: 'Check and import' }).scrollIntoViewIfNeeded();
  await screens(page, 'import-preview');
  await page.screenshot({ path: 'test-results/import-preview-full.png', fullPage: true });

  await page.getByLabel('Name of the import').fill(`First list ${s}`);
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByText('Import completed: 2 created, 0 updated, 1 failed.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await screens(page, 'import-done');

  // The failed rows as they were in the file, with the row and the reason first.
  const [errorsCsv] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('link', { name: /Download the 1 failed row/ })
      .first()
      .click(),
  ]);
  const errorText = await read(errorsCsv);
  const [header, row] = errorText.trim().split(/\r?\n/);
  expect(header!.startsWith('row,error,')).toBe(true);
  expect(row).toContain(`cara.${s}-at-example.com`);

  let contacts = (await (await request.get(`/api/2023-01/contacts?q=Import${s}`, auth)).json()).contacts as { email: string; job_title: string }[];
  expect(contacts.map((c) => c.email).sort()).toEqual(good);
  expect(contacts.find((c) => c.email === good[0])?.job_title).toBe('Estimator');

  // The fixed file (dropped this time): the good rows update, the fixed one is new.
  await page.getByRole('button', { name: 'Import another file' }).click();
  const fixed = first.replace(`cara.${s}-at-example.com`, `cara.${s}@example.com`).replace('Estimator', 'Chief estimator');
  await dropFile(page, `contacts-${s}-fixed.csv`, fixed);
  await expect(page.getByText(`contacts-${s}-fixed.csv`)).toBeVisible();
  await expect(summary.nth(1)).toHaveText('1');
  await expect(summary.nth(2)).toHaveText('2');
  await expect(summary.nth(3)).toHaveText('0');
  await page.getByLabel('Field for the column “Role”').selectOption('job_title');
  await page.getByLabel('Name of the import').fill(`Fixed list ${s}`);
  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(page.getByText('Import completed: 1 created, 2 updated, 0 failed.')).toBeVisible({ timeout: 30_000 });

  contacts = (await (await request.get(`/api/2023-01/contacts?q=Import${s}`, auth)).json()).contacts;
  expect(contacts).toHaveLength(3);
  expect(contacts.find((c) => c.email === good[0])?.job_title).toBe('Chief estimator');

  // Undo the first import: the two contacts it created go; the one the second created stays.
  const history = page.getByRole('table', { name: 'Past imports' });
  const firstRow = history.getByRole('row', { name: new RegExp(`First list ${s}`) });
  await expect(firstRow).toContainText('Completed');
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain(`Undo “First list ${s}”?`);
    void dialog.accept();
  });
  await firstRow.getByRole('button', { name: `Undo First list ${s}` }).click();
  await expect(firstRow).toContainText('Undone');
  await expect(firstRow.getByRole('button', { name: /Undo/ })).toHaveCount(0);
  contacts = (await (await request.get(`/api/2023-01/contacts?q=Import${s}`, auth)).json()).contacts;
  expect(contacts.map((c) => c.email)).toEqual([`cara.${s}@example.com`]);
  await screens(page, 'import-history');
});

test('a corrected projects file, opened from the Projects page, updates the projects of the same name', async ({ page, request, token }) => {
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const s = Date.now().toString(36);
  const name = `Rematch Clinic ${s}`;
  expect((await request.post('/api/2023-01/projects', { ...auth, data: { project: { name } } })).status()).toBe(201);

  await page.goto('/projects?view=table');
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/import\?resource=projects$/);
  await expect(page.getByRole('radio', { name: 'Projects', exact: true })).toBeChecked();
  // The same name in another case and spacing, no External ID: an update, not a second project.
  // And a row that would add a project whose name is like one already there: flagged.
  const file = ['Project Name,Value', `  ${name.toUpperCase().replace(' ', '   ')} ,1500000`, `${name.replace('Clinic', 'Clinic.')} (phase 2),9`].join('\n');
  await page.getByLabel('Choose a file').setInputFiles({ name: `projects-${s}.csv`, mimeType: 'text/csv', buffer: Buffer.from(file) });
  const summary = page.getByRole('definition');
  await expect(page.getByLabel('What the import would do')).toBeVisible();
  await expect(summary.nth(1)).toHaveText('1');
  await expect(summary.nth(2)).toHaveText('1');
  await expect(page.getByRole('list', { name: 'Rows that update a record' })).toContainText(`Row 2: updates the project named “${name}”`);
  await expect(page.getByRole('list', { name: 'Rows that look like a project already in Groundwork' })).toContainText(
    `Row 3: “${name.replace('Clinic', 'Clinic.')} (phase 2)” looks like ${name}`,
  );
  await screens(page, 'import-look-alikes');
});
