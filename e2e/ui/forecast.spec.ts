import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

// The Forecast page (the chart, its toggle and filters, the table against the API, the CSV, the
// targets, snapshots and slips) and a project's Forecast tab (curve, manual percentages).

type Json = Record<string, unknown>;
interface Month {
  month: string;
  contracted_in_cents: number;
  weighted_pipeline_in_cents: number;
  unweighted_pipeline_in_cents: number;
  total_weighted_in_cents: number;
  backlog_in_cents: number;
  target_in_cents: number | null;
  gap_in_cents: number | null;
}
interface Forecast {
  from: string;
  to: string;
  months: Month[];
  totals: Omit<Month, 'month'>;
  unscheduled: { count: number; amount_in_cents: number };
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const money = (cents: number | null) => (cents === null ? '—' : dollars.format(cents / 100));
const decimal = (cents: number | null) =>
  cents === null ? '' : `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const KEYS = [
  'contracted_in_cents',
  'weighted_pipeline_in_cents',
  'unweighted_pipeline_in_cents',
  'total_weighted_in_cents',
  'target_in_cents',
  'gap_in_cents',
  'backlog_in_cents',
] as const;

async function api<T>(request: APIRequestContext, token: string, method: string, path: string, data?: Json): Promise<T> {
  const res = await request.fetch(`/api/2023-01${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}
const getForecast = async (request: APIRequestContext, token: string, query = '') =>
  (await api<{ forecast: Forecast }>(request, token, 'GET', `/forecast${query}`)).forecast;

/** A gap in words, as the table says it: short of the target above zero, ahead of it below. */
const gapText = (cents: number | null) =>
  cents === null ? '—' : cents === 0 ? 'On target' : cents > 0 ? `Short by ${money(cents)}` : `Ahead by ${money(-cents)}`;
const shown = (key: (typeof KEYS)[number], cents: number | null) => (key === 'gap_in_cents' ? gapText(cents) : money(cents));

/** Every row of the page's table shows the API's numbers, and the totals too. */
async function expectTableMatches(page: Page, forecast: Forecast) {
  const table = page.getByRole('table', { name: 'Forecast by month, in US dollars' });
  await expect(table.locator('tbody tr')).toHaveCount(forecast.months.length);
  for (const m of [...forecast.months.slice(0, 3), forecast.months.at(-1)!]) {
    await expect(table.locator(`tr[data-month="${m.month}"] td`)).toHaveText(KEYS.map((k) => shown(k, m[k])));
  }
  await expect(table.locator('tr[data-month="total"] td')).toHaveText(KEYS.map((k) => shown(k, forecast.totals[k])));
}

test('the forecast: chart, toggle, filter, table, CSV, targets, snapshots and slips', async ({ page, request, token }) => {
  // Recharts draws with SVG attributes and inline styles: nothing in the console (CSP violations fail every journey).
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });
  await page.goto('/forecast');
  await expect(page.getByRole('heading', { name: 'Forecast', level: 1 })).toBeVisible();
  const chart = page.getByRole('region', { name: 'Revenue by month' });
  await expect(chart.locator('.recharts-surface').first()).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeAttached();
  const legend = chart.locator('.recharts-legend-wrapper');
  await expect(legend).toContainText('Contracted');
  await expect(legend).toContainText('Weighted pipeline');
  await expect(legend).toContainText('Target');
  await expect(legend).toContainText('Backlog');
  // The seed leaves two open projects unscheduled; other journeys add theirs (a project made without dates).
  const all = await getForecast(request, token);
  expect(all.unscheduled.count).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('note')).toContainText(`${all.unscheduled.count} projects (${money(all.unscheduled.amount_in_cents)})`);
  await expect(page.getByRole('link', { name: 'Schedule them in Projects' })).toHaveAttribute('href', /\/projects\?view=table/);

  await expectTableMatches(page, all);
  const gap = page.getByRole('region', { name: 'What closing the gap takes' });
  await expect(gap).toContainText('Win rate');
  await expect(gap.getByRole('table', { name: 'Awards needed per month' })).toBeVisible();

  // The unweighted pipeline instead of the weighted one.
  await chart.getByRole('button', { name: 'Unweighted pipeline', exact: true }).click();
  await expect(page).toHaveURL(/pipeline=unweighted/);
  await expect(legend).toContainText('Unweighted pipeline');
  await expect(legend).not.toContainText('Gap to target');
  await chart.getByRole('button', { name: 'Weighted pipeline', exact: true }).click();
  await expect(page).not.toHaveURL(/pipeline=/);

  // Weighted by the learned probabilities instead of the entered ones: the table follows the API's answer.
  await chart.getByRole('button', { name: 'Learned odds' }).click();
  await expect(page).toHaveURL(/probability=suggested/);
  await expect(chart).toContainText('learned probability');
  await expectTableMatches(page, await getForecast(request, token, '?probability_source=suggested'));
  await chart.getByRole('button', { name: 'Entered odds' }).click();
  await expect(page).not.toHaveURL(/probability=/);

  // A filter: the table follows the API's answer for it.
  await page.getByLabel('Market sector').selectOption({ label: 'Healthcare' });
  await expect(page).toHaveURL(/market_sector_id=\d+/);
  const sectorId = new URL(page.url()).searchParams.get('market_sector_id');
  const healthcare = await getForecast(request, token, `?market_sector_id=${sectorId}`);
  expect(healthcare.totals.total_weighted_in_cents).toBeLessThan(all.totals.total_weighted_in_cents);
  await expectTableMatches(page, healthcare);
  await page.getByRole('button', { name: 'Clear filters and range' }).click();
  await expect(page).not.toHaveURL(/market_sector_id/);
  await expectTableMatches(page, all);

  // The CSV: a header, a row per month in dollars with cents, the totals.
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(file.suggestedFilename()).toBe(`forecast-${all.from}-to-${all.to}.csv`);
  const lines = fs
    .readFileSync((await file.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Month,Contracted,Weighted pipeline,Unweighted pipeline,Total weighted,Target,Gap,Backlog');
  expect(lines).toHaveLength(all.months.length + 2);
  expect(lines[1]).toBe([all.months[0]!.month, ...KEYS.map((k) => decimal(all.months[0]![k]))].join(','));
  expect(lines.at(-1)).toBe(['Total', ...KEYS.map((k) => decimal(all.totals[k]))].join(','));

  await expectNoSeriousA11yViolations(page);
  await screens(page, 'forecast');
  await page.getByRole('region', { name: 'By month', exact: true }).scrollIntoViewIfNeeded();
  await screens(page, 'forecast-table');
  await page.evaluate(() => window.scrollTo(0, 0));

  // An admin sets a target; the month's gap follows.
  await page.getByRole('button', { name: 'Edit targets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revenue targets' });
  const first = all.months[0]!;
  const firstLabel = new Date(`${first.month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  await dialog.getByLabel(firstLabel).fill('abc');
  await dialog.getByRole('button', { name: 'Save targets' }).click();
  await expect(dialog.getByText('Enter dollars, like 2,500,000.')).toBeVisible();
  await dialog.getByLabel(firstLabel).fill('9,876,543.21');
  await screens(page, 'forecast-targets');
  await dialog.getByRole('button', { name: 'Save targets' }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator(`tr[data-month="${first.month}"] td`);
  await expect(row.nth(4)).toHaveText(money(987_654_321));
  await expect(row.nth(5)).toHaveText(gapText(987_654_321 - first.total_weighted_in_cents));
  // The answer in words comes first: short of the target, or on track.
  await expect(page.getByRole('status', { name: 'Forecast against target' })).toHaveText(
    /^(Short by \$[\d,]+|On track: \$[\d,]+ above the \d+-month target\.)/,
  );
  const afterTarget = await getForecast(request, token);
  expect(afterTarget.months[0]!.target_in_cents).toBe(987_654_321);

  // A snapshot now; a project's start moves later; the slip shows.
  await page.getByRole('button', { name: 'Take snapshot now' }).click();
  await expect(page).toHaveURL(/snapshot=\d+/);
  const slips = page.getByRole('region', { name: 'Snapshots and slips' });
  await expect(slips.getByText('Nothing slipped or changed since this snapshot.')).toBeVisible();
  await expect(chart.locator('.recharts-legend-wrapper')).toContainText('Total weighted at snapshot');
  const { projects } = await api<{ projects: { id: string; name: string; start_date: string | null; end_date: string | null }[] }>(
    request,
    token,
    'GET',
    '/projects?project_status=pursuit&sort=-start_date&per_page=5',
  );
  const moved = projects.find((p) => p.start_date && p.end_date)!;
  const later = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  await api(request, token, 'PATCH', `/projects/${moved.id}`, { project: { start_date: later(moved.start_date!), end_date: later(moved.end_date!) } });
  await page.reload();
  const slip = slips.getByRole('row').filter({ has: page.getByRole('link', { name: moved.name }) });
  await expect(slip).toBeVisible();
  await expect(slip.getByRole('cell').nth(1)).toHaveText('30');
  await expect(slip.getByRole('link', { name: moved.name })).toHaveAttribute('href', `/projects/${moved.id}`);
  await screens(page, 'forecast-slips');
  expect(consoleErrors).toEqual([]);
});

test("a project's Forecast tab: curve, manual percentages, what is missing", async ({ page, request, token }) => {
  const { projects } = await api<{ projects: { id: string; name: string; start_date: string | null; end_date: string | null; amount: number | null }[] }>(
    request,
    token,
    'GET',
    '/projects?project_status=pursuit&sort=start_date&per_page=100',
  );
  const project = projects.find((p) => p.start_date && p.end_date && p.amount && p.start_date.slice(0, 7) !== p.end_date.slice(0, 7))!;
  const monthsOf = async () =>
    (
      await api<{ project_forecast: { curve: string; months: { month: string; revenue_in_cents: number; cumulative_in_cents: number }[] } }>(
        request,
        token,
        'GET',
        `/projects/${project.id}/forecast`,
      )
    ).project_forecast;

  await page.goto(`/projects/${project.id}`);
  await page.getByRole('tab', { name: 'Forecast' }).click();
  await expect(page).toHaveURL(/tab=forecast/);
  const table = page.getByRole('table', { name: /revenue, cost and margin by month/ });
  const before = await monthsOf();
  await expect(table.locator('tbody tr')).toHaveCount(before.months.length);
  await expect(table.locator(`tr[data-month="${before.months[0]!.month}"] td`).first()).toHaveText(money(before.months[0]!.revenue_in_cents));
  await expect(page.locator('.recharts-surface').first()).toBeVisible();

  // Another curve: the months change.
  const curve = page.getByLabel('Revenue curve');
  await curve.selectOption(before.curve === 'linear' ? 'front_loaded' : 'linear');
  await page.getByRole('button', { name: 'Save forecast settings' }).click();
  await expect(page.getByText('Forecast settings saved.')).toBeVisible();
  const after = await monthsOf();
  expect(after.months[0]!.revenue_in_cents).not.toBe(before.months[0]!.revenue_in_cents);
  await expect(table.locator(`tr[data-month="${after.months[0]!.month}"] td`).first()).toHaveText(money(after.months[0]!.revenue_in_cents));
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });

  // Manual: a decreasing percentage is refused next to its month; valid ones save.
  await curve.selectOption('manual');
  const inputs = page.getByRole('group', { name: 'Cumulative percent earned by the end of each month' }).getByRole('textbox');
  const n = await inputs.count();
  expect(n).toBe(before.months.length);
  await inputs.nth(0).fill('50');
  await inputs.nth(1).fill('20');
  await page.getByRole('button', { name: 'Save forecast settings' }).click();
  await expect(page.getByText('must not be below the month before (cumulative)')).toBeVisible();
  await screens(page, 'project-forecast-error');
  for (let i = 0; i < n; i++) await inputs.nth(i).fill(i === n - 1 ? '100' : String(Math.round(((i + 1) / n) * 100)));
  await page.getByLabel('Estimated cost (USD)').fill('1,000,000');
  await page.getByRole('button', { name: 'Save forecast settings' }).click();
  await expect(page.getByText('Forecast settings saved.')).toBeVisible();
  const manual = await monthsOf();
  expect(manual.curve).toBe('manual');
  await expect(table.locator(`tr[data-month="${manual.months[0]!.month}"] td`)).toHaveText([
    money(manual.months[0]!.revenue_in_cents),
    money(manual.months[0]!.cumulative_in_cents),
    /\$/,
    /\$/,
  ]);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('region', { name: 'Revenue by month' }).scrollIntoViewIfNeeded();
  await screens(page, 'project-forecast');

  // A project without dates: the tab says what is missing.
  const unscheduled = projects.find((p) => !p.start_date)!;
  await page.goto(`/projects/${unscheduled.id}?tab=forecast`);
  await expect(page.getByRole('note')).toContainText('the project needs a start date');
});
