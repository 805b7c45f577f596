import { expect, test as setup } from './fixtures';

export const DEMO_EMAIL = process.env.SEED_ADMIN_EMAIL || 'demo@groundwork.dev';
export const DEMO_PASSWORD = process.env.SEED_ADMIN_PASSWORD || 'groundwork-demo';

// Signs the demo admin in through the real form once; the dashboard specs reuse the session.
setup('sign in as the demo admin', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.context().storageState({ path: '.data/e2e/storage-state.json' });
});
