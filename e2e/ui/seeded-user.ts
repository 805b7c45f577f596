import type { Browser } from '@playwright/test';
import { expect } from '../fixtures';

/** The seeded team-only superintendent (no leads, forecast, workforce or insights). */
export const SAM = 'sam.ortiz@summitridge.example.com';
/** The seed gives every user the demo password. */
const DEMO_PASSWORD = process.env.SEED_ADMIN_PASSWORD || 'groundwork-demo';

/** A browser context of its own, signed in as a seeded user on the sign-in page, at Home. */
export async function signInAs(browser: Browser, email: string) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  return { context, page };
}
