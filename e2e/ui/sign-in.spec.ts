import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// Sign-in in Chromium against the production server: the redirect to /sign-in, a wrong password,
// the demo login, and the session cookie then working on the API from the page itself.
// Better Auth allows 3 sign-in attempts per 10 seconds per IP in production: this file makes 3.

const EMAIL = process.env.SEED_ADMIN_EMAIL || 'demo@groundwork.dev';
const PASSWORD = process.env.SEED_ADMIN_PASSWORD || 'groundwork-demo';

async function expectSignInPage(page: Page) {
  await expect(page).toHaveURL(/\/sign-in(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Sign in to Groundwork' })).toBeVisible();
}

async function signIn(page: Page, password = PASSWORD) {
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function expectHome(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByLabel('Password')).toHaveCount(0);
}

test('at 1280 px: redirected to sign in, a wrong password is refused, the demo login lands on /', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expectSignInPage(page);
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.screenshot({ path: 'test-results/sign-in-1280.png' });

  await signIn(page, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'incorrect' })).toHaveText('Email or password is incorrect.');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expectSignInPage(page);
  await page.screenshot({ path: 'test-results/sign-in-error-1280.png' });

  await signIn(page);
  await expectHome(page);
  await page.screenshot({ path: 'test-results/sign-in-signed-in-1280.png' });
});

test('at 390 px: signs in; the session works on the API, ?next= is kept to this origin, sign-out ends it', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expectSignInPage(page);
  await page.screenshot({ path: 'test-results/sign-in-390.png', fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.screenshot({ path: 'test-results/sign-in-dark-390.png', fullPage: true });
  await signIn(page);
  await expectHome(page);
  await page.screenshot({ path: 'test-results/sign-in-signed-in-390.png' });

  const cookie = (await context.cookies()).find((c) => c.name.endsWith('groundwork.session_token'))!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });

  // The browser's own same-origin requests (it sends Origin on the POST) act as the demo admin.
  const api = await page.evaluate(async () => {
    const me = await fetch('/api/2023-01/users/me');
    const created = await fetch('/api/2023-01/contacts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ contact: { first_name: 'Session', last_name: 'Contact' } }),
    });
    return { me: me.status, email: (await me.json()).user?.email, created: created.status };
  });
  expect(api).toEqual({ me: 200, email: EMAIL, created: 201 });

  // Signed in, the sign-in page forwards to ?next= when it is a path here, else home.
  await page.goto('/sign-in?next=%2Fapi%2F2023-01%2Fusers%2Fme');
  await expect(page).toHaveURL((url) => url.pathname === '/api/2023-01/users/me');
  await page.goto('/sign-in?next=https%3A%2F%2Fevil.example%2F');
  await expectHome(page);

  // A page without a session goes to sign-in and remembers where it was going.
  const signOut = await page.evaluate(
    async () => (await fetch('/api/auth/sign-out', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status,
  );
  expect(signOut).toBe(200);
  expect((await context.cookies()).some((c) => c.name.endsWith('groundwork.session_token'))).toBe(false);
  // A new tab, so nothing the signed-out home page does races this navigation; the old one is
  // closed first, while it is idle (once, the context's teardown hung on it, still open behind).
  await page.close();
  const tab = await context.newPage();
  await tab.goto('/leads?priority=true');
  await expectSignInPage(tab);
  expect(new URL(tab.url()).searchParams.get('next')).toBe('/leads?priority=true');
  expect(await tab.evaluate(async () => (await fetch('/api/2023-01/users/me')).status)).toBe(401);
});
