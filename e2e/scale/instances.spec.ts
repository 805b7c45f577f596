import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// Issue 32: two `next start` instances over one PostgreSQL database, behind a round-robin load
// balancer (e2e/scale/load-balancer.mjs): every request — pages, the API, sign-in, the event
// stream — goes to the next instance, with no sticky session. A person signs in, opens and edits a
// lead (If-Match across instances), and sees the bell change when a colleague assigns them a lead
// through the API, pushed by whichever instance holds their event stream.

// The seeded demo admin (db/seed), as e2e/auth.setup.ts signs in.
const DEMO_EMAIL = process.env.SEED_ADMIN_EMAIL || 'demo@groundwork.dev';
const DEMO_PASSWORD = process.env.SEED_ADMIN_PASSWORD || 'groundwork-demo';

/** A call of the API from the page, as the dashboard makes it (same origin, the session cookie). */
const fromPage = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: (await res.json()) as Record<string, { id: string }> };
    },
    [method, path, body] as const,
  );

test('a day’s work through two instances: sign-in, a lead opened and edited, the bell pushed', async ({ page, playwright }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // A lead made through the API (the session's), then opened and edited in the page.
  const made = await fromPage(page, 'POST', '/api/2023-01/leads', { lead: { name: 'Balanced Clinic' } });
  expect(made.status).toBe(201);
  const lead = made.body.lead!;
  await page.goto(`/leads/${lead.id}`);
  await expect(page.getByRole('heading', { name: 'Balanced Clinic', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Edit lead' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit “Balanced Clinic”' });
  await edit.getByLabel('Description').fill('Served by two instances.');
  await edit.getByRole('button', { name: 'Save lead' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Served by two instances.', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Served by two instances.', { exact: true })).toBeVisible();

  // The bell: the page's event stream opens once it has settled (10 s); a colleague then assigns
  // the admin a lead through the API. The count changes without the 30-s poll.
  // The count before is the server's (the bell may not show it yet when the page has just loaded;
  // it showed 0 of 2 once), and the bell is let settle on it before the colleague's assignment.
  const bell = page.getByRole('link', { name: /^Notifications/ });
  const label = (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`);
  await page.waitForResponse((res) => res.url().includes('/api/2023-01/notifications/stream'), { timeout: 20_000 });
  const before = Number((await fromPage(page, 'GET', '/api/2023-01/notifications/unread_count')).body.unread_count);
  await expect(bell).toHaveAttribute('aria-label', label(before), { timeout: 15_000 });
  const marcus = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${fs.readFileSync('.data/e2e-instances/marcus-token', 'utf8').trim()}` },
  });
  const me = (await fromPage(page, 'GET', '/api/2023-01/users/me')).body.user!;
  const assigned = await marcus.post('/api/2023-01/leads', { data: { lead: { name: 'For the demo admin', assigned_to_id: me.id } } });
  expect(assigned.status()).toBe(201);
  await expect(bell).toHaveAttribute('aria-label', label(before + 1), { timeout: 15_000 });
  await marcus.dispose();

  // Both instances served the journey.
  const served = (await (await page.request.get('/__lb/stats')).json()) as Record<string, number>;
  expect(Object.values(served).every((n) => n > 5)).toBe(true);
});
