import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { screens } from './screens';

// Issue 27: "Forgot your password?" on the sign-in page emails a link (the e2e server has no SMTP
// server: its mail lands in .data/e2e/mail as .eml files, read here); the link's page sets the new
// password, and the user signs in with it.

const MAIL_DIR = '.data/e2e/mail';

/** The text of a mail as sent (quoted-printable soft breaks and escapes undone). */
const decoded = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The reset link of the newest mail to `to`, once the worker has written it. */
async function resetLinkTo(to: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const files = (await readdir(MAIL_DIR).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
    for (const file of files.reverse()) {
      const text = decoded(await readFile(path.join(MAIL_DIR, file), 'utf8'));
      if (!text.includes(`To: ${to}`)) continue;
      link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[\w-]+/.exec(text)?.[0] ?? '';
      break;
    }
    expect(link).not.toBe('');
  }).toPass({ timeout: 30_000 });
  return link;
}

test('a forgotten password is reset from an emailed link', async ({ browser, page, baseURL }) => {
  const tag = Date.now().toString(36);
  const email = `rowan.${tag}@example.com`;
  const created = await page.request.post('/api/2023-01/users', {
    headers: { Origin: baseURL! },
    data: { user: { email, first_name: 'Rowan', last_name: `Reset${tag}`, password: 'the password rowan forgot' } },
  });
  expect(created.status()).toBe(201);

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const anon = await context.newPage();
  await anon.goto('/sign-in');
  await anon.getByRole('button', { name: 'Forgot your password?' }).click();
  await anon.getByLabel('Your email').fill(email);
  await screens(anon, 'forgot-password');
  await anon.getByRole('button', { name: 'Email me a link' }).click();
  await expect(anon.getByRole('status')).toContainText(`If ${email} has a Groundwork account, a link to choose a new password is on its way.`);

  const link = await resetLinkTo(email);
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
  await anon.goto(link);
  await expect(anon.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await anon.getByLabel('New password').fill('rowan remembers this');
  await anon.getByLabel('The same again').fill('rowan remembers this one');
  await anon.getByRole('button', { name: 'Change my password' }).click();
  // (Next.js announces routes in an alert of its own: the message is found by its text.)
  await expect(anon.getByText('The two passwords are not the same.')).toBeVisible();
  await anon.getByLabel('The same again').fill('rowan remembers this');
  await screens(anon, 'reset-password');
  await anon.getByRole('button', { name: 'Change my password' }).click();
  await expect(anon.getByText('Your password is changed, and you are signed out everywhere.')).toBeVisible();

  // The link works once.
  await anon.goto(link);
  await anon.getByLabel('New password').fill('a second new password');
  await anon.getByLabel('The same again').fill('a second new password');
  await anon.getByRole('button', { name: 'Change my password' }).click();
  await expect(anon.getByText('This link has expired or was used already. Ask for a new one on the sign-in page.')).toBeVisible();

  // Signed in with the new password (Better Auth allows 3 sign-ins per 10 s per address: try again after a pause).
  await anon.goto('/sign-in');
  await expect(async () => {
    await anon.getByLabel('Email').fill(email);
    await anon.getByLabel('Password', { exact: true }).fill('rowan remembers this');
    await anon.getByRole('button', { name: 'Sign in' }).click();
    await expect(anon).toHaveURL((url) => url.pathname === '/', { timeout: 3_000 });
  }).toPass({ timeout: 40_000, intervals: [5_000] });
  await context.close();
});
