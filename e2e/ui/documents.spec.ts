import { expect, test } from '../fixtures';
import { makePdf } from '../../tests/sample-files';
import { screens } from './screens';

// Documents on a project (issue 29): two files dropped at once upload with a bar each; a PDF opens
// in the browser; a new version keeps the document and shows both versions; search finds a file by
// a word of its name, and the PDF by a word inside its new version once the background reader has
// read it; its first page previews in the page and pictures the grid; rename and delete work in place.

const pdf = (...lines: string[]) => makePdf(lines);

test('uploads documents to a project, adds a version, finds, renames and deletes one', async ({ page, request, token }) => {
  const name = `Documented project ${Date.now().toString(36)}`;
  const res = await request.post('/api/2023-01/projects', { headers: { Authorization: `Bearer ${token}` }, data: { project: { name } } });
  expect(res.status()).toBe(201);
  const project = ((await res.json()) as { project: { id: string } }).project;

  await page.goto(`/projects/${project.id}`);
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/tab=documents/);
  const card = page.getByRole('region', { name: /^Documents/ });
  await expect(card.getByText(/No documents yet/)).toBeVisible();

  // Two files at once.
  await card.getByLabel('Files to upload').setInputFiles([
    { name: 'Bid form.pdf', mimeType: 'application/pdf', buffer: pdf('Bid form', 'Concrete formwork') },
    { name: 'Site photo notes.txt', mimeType: 'text/plain', buffer: Buffer.from('North elevation, stair 2.') },
  ]);
  const bidForm = card.getByRole('link', { name: 'Bid form.pdf' });
  await expect(bidForm).toBeVisible();
  await expect(card.getByRole('link', { name: 'Site photo notes.txt' })).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveCount(0);
  await screens(page, 'project-documents');

  // The PDF opens in the browser (inline), as the API sends it.
  const opened = await request.get(`${(await bidForm.getAttribute('href'))!}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect(opened.headers()['content-disposition']).toMatch(/^inline;/);

  // A new version of the bid form: the same document, version 2, both versions listed.
  await card
    .getByLabel('File for a new version of Bid form.pdf')
    .setInputFiles({ name: 'Bid form rev 1.pdf', mimeType: 'application/pdf', buffer: pdf('Bid form revision 1', 'Waterproofing membrane') });
  await expect(card.getByText(/version 2/)).toBeVisible();
  await card.getByRole('button', { name: 'Versions' }).click();
  const versions = card.getByRole('list', { name: 'Versions of Bid form.pdf' });
  await expect(versions.getByRole('link', { name: 'Version 2' })).toBeVisible();
  await expect(versions.getByRole('link', { name: 'Version 1' })).toBeVisible();

  // Search by a word of the name.
  await card.getByLabel('Search documents').fill('photo');
  await expect(card.getByRole('link', { name: 'Site photo notes.txt' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Bid form.pdf' })).toHaveCount(0);
  // A word inside the new version's PDF (read in the background; the list asks again until it is).
  await card.getByLabel('Search documents').fill('waterproofing');
  await expect(card.getByRole('link', { name: 'Bid form.pdf' })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('link', { name: 'Site photo notes.txt' })).toHaveCount(0);
  // Its first page, in the page.
  await card.getByRole('button', { name: 'Preview Bid form.pdf' }).click();
  const preview = page.getByRole('dialog', { name: 'Bid form.pdf' });
  const firstPage = preview.getByRole('img', { name: 'First page of Bid form.pdf' });
  await expect(firstPage).toBeVisible();
  await expect.poll(() => firstPage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(300);
  await expect(preview.getByRole('link', { name: 'Open the whole PDF' })).toBeVisible();
  await screens(page, 'document-preview');
  await preview.getByRole('button', { name: 'Close' }).click();
  await card.getByLabel('Search documents').fill('');
  // The grid shows the pictures.
  await card.getByRole('button', { name: 'Grid' }).click();
  await expect(card.getByRole('listitem').filter({ hasText: 'Bid form.pdf' }).locator('img')).toBeVisible();
  await screens(page, 'project-documents-grid');
  await card.getByRole('button', { name: 'List' }).click();

  // Rename, then delete.
  await card.getByRole('button', { name: 'Rename Site photo notes.txt' }).click();
  const rename = page.getByRole('dialog', { name: /^Rename/ });
  await rename.getByLabel('Name').fill('Stair 2 notes.txt');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(card.getByRole('link', { name: 'Stair 2 notes.txt' })).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: 'Delete Stair 2 notes.txt' }).click();
  await expect(card.getByRole('link', { name: 'Stair 2 notes.txt' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Bid form.pdf' })).toBeVisible();
});

test('keeps documents in folders: a new folder takes the uploads made in it, and a document moves out', async ({ page, request, token }) => {
  const name = `Foldered project ${Date.now().toString(36)}`;
  const res = await request.post('/api/2023-01/projects', { headers: { Authorization: `Bearer ${token}` }, data: { project: { name } } });
  const project = ((await res.json()) as { project: { id: string } }).project;
  await page.goto(`/projects/${project.id}?tab=documents`);
  const card = page.getByRole('region', { name: /^Documents/ });
  await card.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Folder name').fill('Drawings');
  await dialog.getByRole('button', { name: 'Create folder' }).click();
  await expect(card.getByText('In “Drawings”: uploads go here.')).toBeVisible();
  await card.getByLabel('Files to upload').setInputFiles({ name: 'A-101 Floor plan.pdf', mimeType: 'application/pdf', buffer: pdf('A-101') });
  await expect(card.getByRole('link', { name: 'A-101 Floor plan.pdf' })).toBeVisible();
  // Seen from all folders, it says where it is; moved out, the folder is empty.
  await card.getByLabel('Folder', { exact: true }).selectOption({ label: 'All folders' });
  await expect(card.getByLabel('Folder of A-101 Floor plan.pdf')).toHaveValue(/\d+/);
  await card.getByLabel('Folder of A-101 Floor plan.pdf').selectOption({ label: 'No folder' });
  await expect(card.getByLabel('Folder of A-101 Floor plan.pdf')).toHaveValue('');
  await card.getByLabel('Folder', { exact: true }).selectOption({ label: 'Drawings' });
  await expect(card.getByText('No document matches.')).toBeVisible();
});
