import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { screens } from './screens';

// The dashboard's first view comes in the server's HTML (app/(dashboard)/prefetch.tsx): the rows of
// a list's first page are in the page's own response, and the browser makes no request for them.

/** Text as React writes it into HTML. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** The names of a list page as the API gives it to the dashboard's session. */
async function names(request: APIRequestContext, path: string, key: string): Promise<string[]> {
  const res = await request.get(`/api/2023-01${path}`);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as Record<string, { name: string }[]>)[key]!.map((r) => r.name);
}

/** The requests to a list endpoint the page makes, from now on. */
function listRequests(page: Page, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === `/api/2023-01${path}`) seen.push(req.url());
  });
  return seen;
}

/** Console errors (a hydration mismatch is one), from now on; a failed request is another test's concern. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the leads page comes with its first page of rows, and the browser does not fetch them again', async ({ page }) => {
  // The page opens on My inbox: the signed-in user's leads, neither snoozed nor archived.
  const me = ((await (await page.request.get('/api/2023-01/users/me')).json()) as { user: { id: string } }).user.id;
  const firstPage = await names(page.request, `/leads?assigned_to_id=${me}&snoozed=false&archived=false&sort=-created_at&page=1&per_page=50`, 'leads');
  expect(firstPage.length).toBeGreaterThan(0);
  const served = await (await page.request.get('/leads')).text();
  for (const name of firstPage) expect(served.includes(html(name)), `${name} in the HTML`).toBe(true);

  const companies = await names(page.request, '/companies?page=1&per_page=50', 'companies');
  const companiesServed = await (await page.request.get('/companies')).text();
  for (const name of companies) expect(companiesServed.includes(html(name)), `${name} in the HTML`).toBe(true);
  // A seeded company, by the search in the URL.
  expect((await (await page.request.get('/companies?q=Larkspur')).text()).includes('Larkspur Design Group')).toBe(true);

  const requests = listRequests(page, '/leads');
  const errors = consoleErrors(page);
  await page.goto('/leads');
  await expect(page.getByRole('row', { name: new RegExp(firstPage[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);
  expect(errors).toEqual([]);
  await screens(page, 'leads-first-view');
  // Hydrated: the table answers a click. Sorting changes the URL, a navigation whose server render
  // brings the sorted rows along: still no list request from the browser.
  await page.getByRole('button', { name: /^Value/ }).click();
  await expect(page).toHaveURL(/sort=-value_in_cents/);
  await expect(page.getByRole('columnheader', { name: /^Value/ })).toHaveAttribute('aria-sort', 'descending');
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);
});

test('a filtered URL comes with the rows of that filter and page', async ({ page, request, token }) => {
  const tag = `Firstview ${Date.now().toString(36)}`;
  const auth = { Authorization: `Bearer ${token}` };
  for (let i = 1; i <= 55; i++) {
    const res = await request.post('/api/2023-01/leads', { headers: auth, data: { lead: { name: `${tag} ${String(i).padStart(2, '0')}` } } });
    expect(res.status()).toBe(201);
  }
  const query = `q=${encodeURIComponent(tag)}`;
  const pageTwo = await names(page.request, `/leads?${query}&archived=false&sort=-created_at&page=2&per_page=50`, 'leads');
  expect(pageTwo).toHaveLength(5);
  const pageOne = await names(page.request, `/leads?${query}&archived=false&sort=-created_at&page=1&per_page=50`, 'leads');

  const served = await (await page.request.get(`/leads?${query}&page=2`)).text();
  for (const name of pageTwo) expect(served.includes(html(name)), `${name} in the HTML`).toBe(true);
  for (const name of pageOne) expect(served.includes(html(name)), `${name} not in the HTML`).toBe(false);

  const requests = listRequests(page, '/leads');
  await page.goto(`/leads?${query}&page=2`);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(5);
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);
});

test('a page whose prefetch fails still renders, and the browser fetches the list and shows its error', async ({ page }) => {
  // The API refuses this sort (422), on the server as in the browser.
  const requests = listRequests(page, '/leads');
  await page.goto('/leads?sort=bogus');
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load this page.' })).toBeVisible({ timeout: 15_000 });
  expect(requests.length).toBeGreaterThan(0);
});

test.describe('in a time zone other than the server’s', () => {
  test.use({ timezoneId: 'Pacific/Honolulu' });

  test('calls show local times once hydrated, with no hydration mismatch', async ({ page }) => {
    const errors = consoleErrors(page);
    const requests = listRequests(page, '/calls');
    await page.goto('/calls');
    const first = page.getByRole('list', { name: 'Calls' }).locator('time').first();
    await expect(first).toBeVisible();
    const iso = (await first.getAttribute('datetime'))!;
    const local = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'Pacific/Honolulu',
    }).format(new Date(iso));
    await expect(first).toHaveText(local);
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });
});
