import { expect, test } from '../fixtures';
import { expectAccessibleInBothThemes } from './axe';
import { screens } from './screens';

// Settings: an API token created in the browser, copied from its dialog, used from Node with
// fetch, then revoked in the browser and refused; the demo admin adds a user and manages them.

const stamp = () => Date.now().toString(36);

/** A call from outside the browser (no cookies), as a script holding the token would make. */
async function callAsScript(token: string) {
  const baseURL = test.info().project.use.baseURL!;
  return fetch(new URL('/api/2023-01/users/me', baseURL), { headers: { Authorization: `Bearer ${token}` } });
}

test('creates an API token, copies it, uses it with fetch, revokes it, and it is refused', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Settings opens on the account's own set-up; the API tokens are under Developers.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/pipeline$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API tokens' }).click();
  await expect(page).toHaveURL(/\/settings\/tokens$/);
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API tokens' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  // The token the test server minted for the demo admin is listed, by its hint, never in full.
  await expect(page.getByRole('row')).not.toHaveCount(1);
  await expect(page.getByText(/gw_pat_/)).toHaveCount(0);

  const name = `E2E export ${stamp()}`;
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API token' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  // Nothing typed: the API's schema says what is missing.
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText("can't be blank")).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Scope').selectOption('read write');
  await expectAccessibleInBothThemes(page);
  await screens(page, 'settings-token-form');
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const created = page.getByRole('dialog', { name: 'Token created' });
  await expect(created.getByText('it will not be shown again')).toBeVisible();
  const field = created.getByLabel('Your new token');
  await expect(field).toHaveAttribute('readonly', '');
  const token = await field.inputValue();
  expect(token).toMatch(/^gw_pat_[\w-]{43}$/);
  await created.getByRole('button', { name: 'Copy' }).click();
  await expect(created.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expectAccessibleInBothThemes(page);
  await screens(page, 'settings-token-created');

  const ok = await callAsScript(token);
  expect(ok.status).toBe(200);
  expect((await ok.json()).user).toMatchObject({ email: 'demo@groundwork.dev', role: 'admin' });

  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`…${token.slice(-4)}`);
  await expect(row).toContainText('Read and write');
  // Its use from Node shows as the last use.
  await page.reload();
  await expect(row).toContainText(/just now|minute/);
  await expect(page.getByText(token)).toHaveCount(0);
  await expectAccessibleInBothThemes(page);
  await screens(page, 'settings-tokens');

  page.once('dialog', (d) => d.accept());
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText(`Revoked “${name}”.`)).toBeVisible();
  const refused = await callAsScript(token);
  expect(refused.status).toBe(401);
  expect((await refused.json()).error).toBe('unauthorized');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('an admin adds a user, sees them in the list, changes their role, deactivates and reactivates them', async ({ page }) => {
  const last = `Okoro-${stamp()}`;
  const fullName = `Jordan ${last}`;
  await page.goto('/settings/users');
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('row', { name: /Dana Whitfield/ })).toContainText('(you)');
  await expect(page.getByRole('row', { name: /Marcus Reyes/ })).toContainText('Member');
  // Nobody demotes or deactivates themselves: no controls on one's own row.
  await expect(page.getByRole('button', { name: 'Deactivate Dana Whitfield' })).toHaveCount(0);
  await expectAccessibleInBothThemes(page);
  await screens(page, 'settings-users');

  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a user' });
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await dialog.getByLabel('First name').fill('Jordan');
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByLabel('Email').fill('marcus.reyes@summitridge.example.com');
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog.getByText('must have at least 8 characters')).toBeVisible();
  await dialog.getByLabel('Password').fill('a long enough password');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  // The API's 422: the email belongs to someone already; what was typed stays.
  await expect(dialog.getByText('is already taken')).toBeVisible();
  await expect(dialog.getByLabel('Last name')).toHaveValue(last);
  const email = `jordan.${last.toLowerCase()}@summitridge.example.com`;
  await dialog.getByLabel('Email').fill(email);
  await expectAccessibleInBothThemes(page);
  await screens(page, 'settings-add-user');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Added ${fullName}.`)).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(fullName) });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Active');
  await row.getByLabel(`Role of ${fullName}`).selectOption('admin');
  await expect(page.getByText(`${fullName} is now admin.`)).toBeVisible();

  page.once('dialog', (d) => d.accept());
  await row.getByRole('button', { name: `Deactivate ${fullName}` }).click();
  await expect(row).toContainText('Deactivated');
  await page.reload();
  await expect(row.getByLabel(`Role of ${fullName}`)).toHaveValue('admin');
  await expect(row).toContainText('Deactivated');
  await expectAccessibleInBothThemes(page);
  await screens(page, 'settings-users-changed');
  await row.getByRole('button', { name: `Reactivate ${fullName}` }).click();
  await expect(row).toContainText('Active');
  await row.getByLabel(`Role of ${fullName}`).selectOption('member');
  await expect(page.getByText(`${fullName} is now member.`)).toBeVisible();

  // Forgot their password: the admin sets a new one (the sign-in page sends people here).
  await row.getByRole('button', { name: `Set a new password for ${fullName}` }).click();
  const reset = page.getByRole('dialog', { name: `New password for ${fullName}` });
  await reset.getByLabel('New password', { exact: true }).fill('a fresh password 2027');
  await reset.getByLabel('New password again').fill('a fresh password 2026');
  await expect(reset.getByText('The two new passwords differ.')).toBeVisible();
  await reset.getByLabel('New password again').fill('a fresh password 2027');
  await screens(page, 'settings-reset-password');
  await reset.getByRole('button', { name: 'Set the new password' }).click();
  await expect(reset).toBeHidden();
  await expect(page.getByText(`${fullName} has a new password and is signed out everywhere.`, { exact: false })).toBeVisible();

  // The new user is offered where people are picked (the users lookup was refreshed).
  const res = await page.request.get(`/api/2023-01/users?q=${encodeURIComponent(last)}`);
  expect((await res.json()).users).toEqual([expect.objectContaining({ email, role: 'member', deactivated: false })]);
});
