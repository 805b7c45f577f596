import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

// Calls: log one from a contact's page (prefilled with the contact and their company), find it on
// the contact and in the calls list, filter the list; the same dialog opens from a company.

async function someContact(page: Page) {
  const res = await page.request.get('/api/2023-01/contacts?per_page=50');
  const contacts = (await res.json()).contacts as { id: string; name: string | null; company: { id: string; name: string } | null }[];
  return contacts.find((c) => c.name && c.company)!;
}

test('lists calls latest first with filters in the URL, with no serious accessibility violation', async ({ page }) => {
  await page.goto('/calls');
  await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible();
  const times = page.getByRole('list', { name: 'Calls' }).locator('time');
  await expect(times.first()).toBeVisible();
  const stamps = await times.evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
  expect(stamps).toEqual([...stamps].sort().reverse());
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'calls-list');

  const filter = page.getByRole('combobox', { name: 'Filter by company' });
  await filter.click();
  const option = page.getByRole('option').first();
  const company = (await option.locator('span').first().textContent())!;
  await option.click();
  await expect(page).toHaveURL(/company_id=\d+/);
  await expect(filter).toHaveValue(company);
  await page.getByRole('button', { name: 'Clear the company filter' }).click();
  await expect(page).not.toHaveURL(/company_id/);
});

test('logs a call from a contact page and finds it in the calls list', async ({ page }) => {
  const contact = await someContact(page);
  const notes = `Walked the GMP schedule; owner wants a revised bid ${Date.now().toString(36)}`;
  await page.goto(`/contacts/${contact.id}`);
  await expect(page.getByRole('heading', { name: contact.name!, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Log a call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log a call' });
  await expect(dialog.getByRole('combobox', { name: 'Contact' })).toHaveValue(contact.name!);
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveValue(contact.company!.name);
  await expect(dialog.getByLabel('Time')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await dialog.getByLabel('Outcome').selectOption({ label: 'Connected' });
  await dialog.getByLabel('Notes').fill(notes);
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'log-call-dialog');
  await dialog.getByRole('button', { name: 'Log call' }).click();
  await expect(dialog).toBeHidden();

  const calls = page.getByRole('region', { name: /^Calls/ });
  await expect(calls.getByText(notes)).toBeVisible();
  await expect(calls.locator('li', { hasText: notes })).toContainText('Connected');
  await expect(calls.locator('li', { hasText: notes })).toContainText(contact.company!.name);
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'contact-calls');

  await page.getByRole('link', { name: 'Calls', exact: true }).first().click();
  await expect(page).toHaveURL(/\/calls$/);
  const first = page.getByRole('list', { name: 'Calls' }).getByRole('listitem').first();
  await expect(first).toContainText(notes);
  await expect(first.getByRole('link', { name: contact.name! })).toBeVisible();

  await page.goto(`/calls?contact_id=${contact.id}`);
  await expect(page.getByRole('combobox', { name: 'Filter by contact' })).toHaveValue(contact.name!);
  await expect(page.getByRole('list', { name: 'Calls' }).getByRole('listitem').filter({ hasText: notes })).toBeVisible();

  // Edit it from the list.
  await page
    .getByRole('list', { name: 'Calls' })
    .getByRole('listitem')
    .filter({ hasText: notes })
    .getByRole('button', { name: /^Edit the call/ })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit call' });
  await expect(edit.getByLabel('Notes')).toHaveValue(notes);
  await edit.getByLabel('Outcome').selectOption({ label: 'Meeting Scheduled' });
  await edit.getByRole('button', { name: 'Save call' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('list', { name: 'Calls' }).getByRole('listitem').filter({ hasText: notes })).toContainText('Meeting Scheduled');
});

test('the Log a call dialog opens from a company page with the company filled in', async ({ page }) => {
  const contact = await someContact(page);
  await page.goto(`/companies/${contact.company!.id}`);
  await page.getByRole('button', { name: 'Log a call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log a call' });
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveValue(contact.company!.name);
  await expect(dialog.getByRole('combobox', { name: 'Contact' })).toHaveValue('');
  // Keyboard: type, arrow down, Enter picks; Escape closes the list, not the dialog.
  const picker = dialog.getByRole('combobox', { name: 'Contact' });
  await picker.fill(contact.name!);
  await expect(dialog.getByRole('option', { name: contact.name! }).first()).toBeVisible();
  await screens(page, 'combobox-open');
  await picker.press('ArrowDown');
  await picker.press('ArrowUp');
  await picker.press('Enter');
  await expect(picker).toHaveValue(contact.name!);
  // Opening the list and leaving keeps the choice.
  await picker.click();
  await expect(dialog.getByRole('listbox')).toBeVisible();
  await dialog.getByLabel('Notes').click();
  await expect(picker).toHaveValue(contact.name!);
  await picker.fill('x');
  await picker.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(picker).toHaveValue(contact.name!);
  // A contact was chosen: closing asks before it is lost — Keep editing keeps it, Discard closes.
  await dialog.getByRole('button', { name: 'Close' }).click();
  const ask = dialog.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(picker).toHaveValue(contact.name!);
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await expect(dialog).toBeVisible();
  await screens(page, 'dialog-discard-changes');
  await ask.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();
});

test('a calls list that cannot refresh says so and retries', async ({ page }) => {
  // The first page comes with the page (rendered on the server); after a change the browser fetches it.
  await page.goto('/calls');
  await expect(page.getByRole('list', { name: 'Calls' }).getByRole('listitem').first()).toBeVisible();
  let fail = true;
  await page.route('**/api/2023-01/calls?*', (route) =>
    fail
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'Try again in a minute.' }) })
      : route.continue(),
  );
  const notes = `Refresh check ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Log a call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log a call' });
  await dialog.getByLabel('Notes').fill(notes);
  await dialog.getByRole('button', { name: 'Log call' }).click();
  await expect(dialog).toBeHidden();
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load this page.' });
  await expect(alert).toContainText('Try again in a minute.', { timeout: 15_000 });
  fail = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('list', { name: 'Calls' }).getByText(notes)).toBeVisible();
});
