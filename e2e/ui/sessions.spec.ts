import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

const DEMO_EMAIL = process.env.SEED_ADMIN_EMAIL || 'demo@groundwork.dev';
const DEMO_PASSWORD = process.env.SEED_ADMIN_PASSWORD || 'groundwork-demo';

// Settings → Sessions: the demo admin signs in a second time from a script, sees both sessions,
// signs out everywhere else, and the script's session is refused.

test('lists your sessions, marks this browser, and signs out everywhere else', async ({ page }) => {
  const baseURL = test.info().project.use.baseURL!;
  const elsewhere = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' } });
  const signIn = await elsewhere.post('/api/auth/sign-in/email', { data: { email: DEMO_EMAIL, password: DEMO_PASSWORD }, headers: { origin: baseURL } });
  expect(signIn.status()).toBe(200);
  expect((await elsewhere.get('/api/2023-01/sessions', { headers: { origin: baseURL } })).status()).toBe(200);

  await page.goto('/settings/sessions');
  await expect(page.getByRole('heading', { name: 'Sessions', level: 2 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Your sessions' });
  await expect(table.getByRole('row').filter({ hasText: 'This browser' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'Firefox on Linux' })).not.toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'sessions');

  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out everywhere else.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2); // the header and this browser
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

  expect((await elsewhere.get('/api/2023-01/sessions', { headers: { origin: baseURL } })).status()).toBe(401);
  await elsewhere.dispose();
  // This browser is still signed in.
  await page.reload();
  await expect(table.getByRole('row').filter({ hasText: 'This browser' })).toHaveCount(1);
});
