import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';
import { SAM, signInAs } from './seeded-user';

// The Insights page (docs/insights.md, docs/dashboard.md): win rate by a grouping as bars and a
// table against the API, the trend by quarter, a row's projects one click away; and no page (404),
// no nav link, for a user without the insights area.

interface WinRate {
  group: { id: string; name: string | null; email?: string | null } | null;
  won_count: number;
  lost_count: number;
  won_amount_in_cents: number;
  lost_amount_in_cents: number;
  win_rate: number | null;
  amount_win_rate: number | null;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function winRates(request: APIRequestContext, token: string, query: string): Promise<WinRate[]> {
  const res = await request.get(`/api/2023-01/insights/win_rates?${query}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).win_rates as WinRate[];
}

/** Every group of the API's answer is a bar (a link to its projects, when it has a group) and a table row with its numbers. */
async function expectRatesShown(page: Page, rows: WinRate[], filter: string, since: string) {
  const bars = page.getByRole('region', { name: /^Win rate by / });
  await expect(bars.getByRole('listitem')).toHaveCount(rows.length);
  const table = page.getByRole('table', { name: /^Won and lost projects by / });
  await expect(table.locator('tbody tr')).toHaveCount(rows.length);
  for (const r of rows) {
    const numbers = `${percent(r.win_rate)} win rate, ${r.won_count} won and ${r.lost_count} lost`;
    if (r.group) {
      const bar = bars.locator(`[data-group="${r.group.id}"]`).getByRole('link');
      await expect(bar).toHaveAccessibleName(new RegExp(`^.+: ${escape(numbers)}: its projects$`));
      await expect(bar).toHaveAttribute('href', `/projects?view=table&closed_since=${since}&${filter}=${r.group.id}`);
    } else {
      await expect(bars.getByRole('group', { name: new RegExp(`: ${escape(numbers)}$`) })).toBeVisible();
    }
    await expect(table.locator(`tr[data-group="${r.group?.id ?? 'none'}"] td`)).toHaveText([
      String(r.won_count),
      String(r.lost_count),
      percent(r.win_rate),
      dollars.format(r.won_amount_in_cents / 100),
      dollars.format(r.lost_amount_in_cents / 100),
      percent(r.amount_win_rate),
    ]);
  }
}

test('an admin reads win rates by grouping, the trend by quarter, and follows a row to its projects', async ({ page, request, token }) => {
  // Recharts draws with SVG attributes and inline styles: nothing in the console.
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();

  // The default: by market sector over the API's default window, which the date input shows.
  const since = await page.getByLabel('Closed since').inputValue();
  expect(since).toMatch(/^\d{4}-\d\d-\d\d$/);
  const bySector = await winRates(request, token, `group_by=market_sector&since=${since}`);
  expect(await winRates(request, token, 'group_by=market_sector')).toEqual(bySector);
  // The seed has closed projects in several sectors, won and lost.
  expect(bySector.length).toBeGreaterThan(2);
  expect(bySector.some((r) => r.won_count > 0) && bySector.some((r) => r.lost_count > 0)).toBe(true);
  await expectRatesShown(page, bySector, 'market_sector_id', since);
  const all = bySector.reduce((n, r) => n + r.won_count + r.lost_count, 0);
  await expect(page.getByText(new RegExp(`: ${all} projects won or lost`))).toBeVisible();

  // The trend: a bar pair per quarter, and the numbers by quarter.
  const trend = page.getByRole('region', { name: 'Trend by quarter' });
  await expect(trend.locator('.recharts-surface').first()).toBeVisible();
  await expect(trend.locator('.recharts-bar-rectangle').first()).toBeAttached();
  const quarters = await winRates(request, token, `group_by=quarter&since=${since}`);
  expect(quarters.length).toBeGreaterThan(1);
  await trend.getByText('The numbers by quarter').click();
  const last = quarters.at(-1)!;
  await expect(
    trend.getByRole('row', { name: new RegExp(`^${last.group!.name} ${last.won_count} ${last.lost_count} ${escape(percent(last.win_rate))}$`) }),
  ).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  await screens(page, 'insights');
  await trend.scrollIntoViewIfNeeded();
  await screens(page, 'insights-trend');
  await page.getByRole('region', { name: /: the numbers$/ }).scrollIntoViewIfNeeded();
  await screens(page, 'insights-table');
  await page.evaluate(() => window.scrollTo(0, 0));

  // Another grouping (the first choice after a load is made again until the page has hydrated).
  await expect(async () => {
    await page.getByLabel('Group by').selectOption({ label: 'Tender type' });
    await expect(page).toHaveURL(/group_by=tender_type/, { timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('heading', { name: 'Win rate by tender type' })).toBeVisible();
  const byTender = await winRates(request, token, `group_by=tender_type&since=${since}`);
  await expectRatesShown(page, byTender, 'tender_type_id', since);

  // People, named as users are.
  await page.getByLabel('Group by').selectOption({ label: 'Assigned to' });
  await expect(page.getByRole('heading', { name: 'Win rate by person' })).toBeVisible();
  await expectRatesShown(page, await winRates(request, token, `group_by=assigned_to&since=${since}`), 'assigned_to_id', since);
  await screens(page, 'insights-people');

  // A shorter window.
  await page.getByLabel('Group by').selectOption({ label: 'Tender type' });
  const recent = '2025-01-01';
  await page.getByLabel('Closed since').fill(recent);
  await expect(page).toHaveURL(new RegExp(`since=${recent}`));
  const recentRows = await winRates(request, token, `group_by=tender_type&since=${recent}`);
  await expectRatesShown(page, recentRows, 'tender_type_id', recent);
  await page.getByRole('button', { name: 'Last 36 months' }).click();
  await expect(page).not.toHaveURL(/since=/);
  await expect(page.getByLabel('Closed since')).toHaveValue(since);

  // A row's projects: the projects table narrowed to the group and the window.
  const first = byTender.find((r) => r.group)!;
  await page
    .getByRole('region', { name: /^Win rate by / })
    .locator(`[data-group="${first.group!.id}"] a`)
    .click();
  await expect(page).toHaveURL(`/projects?view=table&closed_since=${since}&tender_type_id=${first.group!.id}`);
  await expect(page.getByText(new RegExp(`Also filtered by closed since ${since}, tender type ${first.group!.id}`))).toBeVisible();
  const listed = await request.get(`/api/2023-01/projects?closed_since=${since}&tender_type_id=${first.group!.id}&per_page=1`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const total = Number(listed.headers()['x-total-count']);
  // Cancelled projects and those not pursued are listed too; they count in no win rate.
  expect(total).toBeGreaterThanOrEqual(first.won_count + first.lost_count);
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(Math.min(total, 50));

  expect(consoleErrors).toEqual([]);
});

test('a window without closed projects says so', async ({ page }) => {
  await page.goto('/insights?since=2100-01-01');
  await expect(page.getByText('No won or lost projects closed since Jan 1, 2100.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Trend by quarter' })).toHaveCount(0);
});

test('a user without the insights area has no Insights link, and the page says he has no access', async ({ browser }) => {
  const { context, page } = await signInAs(browser, SAM);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Insights' })).toHaveCount(0);

  await page.goto('/insights');
  await expect(page.getByRole('heading', { name: 'You don’t have access to Insights' })).toBeVisible();
  expect((await page.request.get('/api/2023-01/insights/win_rates')).status()).toBe(403);
  await context.close();
});
