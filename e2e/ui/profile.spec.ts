import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

// A person's own profile: their name (shown in the top bar), and their password changed with the
// current one. A user of their own, so the demo accounts' passwords stay as the other journeys expect.

test('a user changes their name and their password on their profile', async ({ browser, page: adminPage, baseURL }) => {
  const tag = Date.now().toString(36);
  const email = `profile.${tag}@example.com`;
  // Users are added from an admin's signed-in browser.
  const created = await adminPage.request.post('/api/2023-01/users', {
    headers: { Origin: baseURL! },
    data: { user: { email, first_name: 'Riley', last_name: 'Estimator', password: 'the first password' } },
  });
  expect(created.status()).toBe(201);

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('the first password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  await page.getByRole('link', { name: 'Riley Estimator' }).click();
  await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
  await page.getByLabel('Last name').fill('Chen');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Riley Chen' })).toBeVisible();
  // Their time zone, kept on the profile (reminders count in it).
  await page.getByLabel('Time zone').selectOption('America/Denver');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved.').last()).toBeVisible();
  await expect
    .poll(async () => ((await (await page.request.get('/api/2023-01/users/me')).json()) as { user: { time_zone: string } }).user.time_zone)
    .toBe('America/Denver');
  await page.reload();
  await expect(page.getByLabel('Time zone')).toHaveValue('America/Denver');

  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill('a second password');
  await page.getByLabel('New password again').fill('a second password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('is not your current password')).toBeVisible();
  await page.getByLabel('Current password').fill('the first password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  await screens(page, 'profile');
  await expectNoSeriousA11yViolations(page);

  // The new password signs in (the old one no longer does: tests/api/users.test.ts; sign-ins are rate limited per address).
  const fresh = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const again = await fresh.newPage();
  await again.goto('/sign-in');
  await again.getByLabel('Email').fill(email);
  await again.getByLabel('Password').fill('a second password');
  const answer = again.waitForResponse((res) => res.url().includes('/api/auth/sign-in'));
  await again.getByRole('button', { name: 'Sign in' }).click();
  const res = await answer;
  expect(res.status(), await res.text()).toBe(200);
  await expect(again).toHaveURL((url) => url.pathname === '/', { timeout: 15_000 });
  await fresh.close();
  await context.close();
});
