import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// The dashboard speaks to estimators and PMs: no page, empty state or dialog names an API path, a
// request, a JSON field or a query parameter. The developer tools (API tokens, OAuth apps,
// webhooks, the audit log and webhook messages) are for developers and may name the API, but
// not its field names.

const DEVELOPER_PAGES = ['/settings/tokens', '/settings/oauth-apps', '/settings/authorized-apps', '/settings/webhooks', '/settings/audit-log', '/webhooks'];
const PAGES = [
  '/',
  '/leads',
  '/projects',
  '/projects?view=board',
  '/forecast',
  '/insights',
  '/insights?view=competitors',
  '/tasks',
  '/calendar',
  '/companies',
  '/contacts',
  '/duplicates',
  '/duplicates?resource=contacts',
  '/calls',
  '/teams',
  '/workforce',
  '/workforce/utilization',
  '/workforce/demand',
  '/workforce/org-chart',
  '/settings/pipeline',
  '/settings/lists',
  '/settings/users',
  '/settings/custom-fields',
  '/settings/scorecard',
  '/settings/import',
  '/settings/calendar-feed',
  '/settings/sessions',
  '/notifications',
  ...DEVELOPER_PAGES,
];
/** What a person never reads: an API path, a request line, a field or parameter name, JSON. */
const API_TALK = [/\/api\//, /\bPOST /, /\b[a-z]+_id\b/, /=true\b/, /\bJSON\b/];
const FIELD_TALK = [/\b[a-z]+_id\b/, /=true\b/];

async function expectPlainWords(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  const text = await page.locator('body').innerText();
  const rules = DEVELOPER_PAGES.some((p) => where.startsWith(p)) ? FIELD_TALK : API_TALK;
  const found = rules.flatMap((rule) => {
    const match = rule.exec(text);
    return match ? [`${where}: “${text.slice(Math.max(0, match.index - 40), match.index + 40).replace(/\s+/g, ' ')}”`] : [];
  });
  expect(found).toEqual([]);
}

test('every page reads in plain words', async ({ page }) => {
  test.setTimeout(180_000);
  const projects = await (await page.request.get('/api/2023-01/projects?per_page=1')).json();
  const companies = await (await page.request.get('/api/2023-01/companies?per_page=1')).json();
  const contacts = await (await page.request.get('/api/2023-01/contacts?per_page=1')).json();
  const records = [`/projects/${projects.projects[0].id}`, `/companies/${companies.companies[0].id}`, `/contacts/${contacts.contacts[0].id}`];
  for (const path of [...PAGES, ...records]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectPlainWords(page, path);
  }
});

test('every form for a new record reads in plain words', async ({ page }) => {
  for (const [path, button, title] of [
    ['/leads', 'New lead', 'New lead'],
    ['/projects', 'New project', 'New project'],
    ['/companies', 'New company', 'New company'],
    ['/contacts', 'New contact', 'New contact'],
    ['/tasks', 'New task', 'New task'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await expectPlainWords(page, `${path} → ${button}`);
  }
});
