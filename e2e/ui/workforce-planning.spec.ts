import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

// Workforce planning in the dashboard: staffing a project from its candidates, the utilization
// grid against the API, the demand chart and its table, time off with backfill, certifications.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const today = () => iso(new Date());
const plusDays = (n: number) => iso(new Date(Date.now() + n * DAY));
const nameOf = (e: Json) => `${e.preferred_first_name || e.legal_first_name} ${e.last_name}`;

async function get(request: APIRequestContext, token: string, path: string): Promise<Json> {
  const res = await request.get(`/api/2023-01${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return res.json();
}

/** The month window the pages show by default: this month and the next `count - 1`, in UTC. */
function monthWindow(count: number) {
  const now = new Date();
  const from = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
  const to = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + count, 0)));
  return { from, to };
}

async function accessible(page: Page) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
    await expectNoSeriousA11yViolations(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('staffs a project: an assignment from the candidate picker shows on the timeline, is edited and removed', async ({ page, request, token }) => {
  const projects = (await get(request, token, '/projects?per_page=100')).projects as Json[];
  const project = projects.find((p) => p.project_status === 'active' && p.start_date && p.end_date)!;
  const roles = (await get(request, token, '/workforce/roles?per_page=100')).workforce_roles as Json[];
  const estimator = roles.find((r) => r.name === 'Estimator')!;

  await page.goto(`/projects/${project.id}`);
  await page.getByRole('tablist', { name: 'Project' }).getByRole('tab', { name: 'Team' }).click();
  await expect(page).toHaveURL(/tab=team/);
  const timeline = page.getByRole('list', { name: 'Assignments' });
  await expect(timeline.getByRole('listitem').first()).toBeVisible();
  await accessible(page);
  await screens(page, 'project-staffing');

  await page.getByRole('button', { name: 'Add assignment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an assignment' });
  await dialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Estimator' });
  await dialog.getByLabel("Candidates' division").selectOption('');
  // The candidates are the role's people with their utilization over the project's dates.
  const utilization = (
    await get(request, token, `/workforce/utilization?from=${project.start_date}&to=${project.end_date}&interval=month&role_id=${estimator.id}&per_page=100`)
  ).workforce_utilization as Json;
  const first = utilization.employees[0] as Json;
  const capacity = first.periods.reduce((s: number, p: Json) => s + p.capacity_days, 0);
  const assigned = first.periods.reduce((s: number, p: Json) => s + p.assigned_days, 0);
  const average = Math.round((1000 * assigned) / capacity) / 10;
  const person = nameOf(first.employee);
  const candidate = dialog.getByRole('radio', { name: new RegExp(`^${person}`) });
  await expect(candidate.locator('xpath=..')).toContainText(`${average}% booked`);
  await screens(page, 'assignment-dialog');
  await candidate.check();
  await dialog.getByLabel('Allocation (%)').fill('40');
  await dialog.getByRole('button', { name: 'Add assignment' }).click();
  await expect(dialog).toBeHidden();
  const row = timeline.getByRole('listitem', { name: new RegExp(`^Estimator, ${person}, 40 %`) });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('assignment-bar')).toHaveText('40%');

  await row.getByRole('button', { name: `Edit Estimator (${person})` }).click();
  const edit = page.getByRole('dialog', { name: `Edit Estimator (${person})` });
  await edit.getByLabel('Allocation (%)').fill('60');
  await edit.getByRole('button', { name: 'Save assignment' }).click();
  await expect(edit).toBeHidden();
  const edited = timeline.getByRole('listitem', { name: new RegExp(`^Estimator, ${person}, 60 %`) });
  await expect(edited.getByTestId('assignment-bar')).toHaveText('60%');

  page.once('dialog', (d) => d.accept());
  await edited.getByRole('button', { name: `Remove Estimator (${person})` }).click();
  await expect(timeline.getByRole('listitem', { name: new RegExp(`^Estimator, ${person}`) })).toHaveCount(0);
  const left = (await get(request, token, `/workforce/assignments?project_id=${project.id}&role_id=${estimator.id}`)).workforce_assignments as Json[];
  expect(left.filter((a) => a.employee?.id === first.employee.id)).toEqual([]);
});

test('the utilization grid filters by role, switches to months, and shows the API’s numbers', async ({ page, request, token }) => {
  await page.goto('/workforce/utilization');
  await expect(page.getByRole('heading', { name: 'Workforce' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Utilization' })).toHaveAttribute('aria-current', 'page');
  const grid = page.getByRole('table');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await accessible(page);
  await screens(page, 'workforce-utilization');

  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Superintendent' });
  await expect(page).toHaveURL(/role_id=\d+/);
  await page.getByRole('button', { name: 'Months', exact: true }).click();
  await expect(page).toHaveURL(/interval=month/);
  await expect(page.getByRole('button', { name: 'Months', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const roleId = new URL(page.url()).searchParams.get('role_id');
  const { from, to } = monthWindow(6);
  const body = (await get(request, token, `/workforce/utilization?from=${from}&to=${to}&interval=month&role_id=${roleId}&page=1&per_page=25`))
    .workforce_utilization as Json;
  expect(body.employees.length).toBeGreaterThan(0);
  const rows = grid.locator('tbody tr');
  await expect(rows).toHaveCount(body.employees.length);
  for (const text of await rows.allTextContents()) expect(text).toContain('Superintendent');
  // One person, cell by cell, as the API computed it.
  const one = body.employees[0] as Json;
  const row = rows.filter({ has: page.getByRole('link', { name: nameOf(one.employee), exact: true }) });
  for (const c of one.periods as Json[]) {
    const cell = row.locator(`td[data-period="${c.start}"]`);
    const expected = c.capacity_days === 0 ? (c.time_off_days > 0 ? 'Off' : '—') : `${c.utilization_percent}%${c.utilization_percent > 100 ? ' ▲' : ''}`;
    await expect(cell).toContainText(expected);
  }
  await screens(page, 'workforce-utilization-months');

  await page.getByRole('button', { name: /^Next 6 months/ }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01/);
  // A person opens their page: assignments, time off and certifications.
  await grid.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/workforce\?employee=\d+/);
  await expect(page.getByRole('dialog').getByRole('heading', { name: /Assignments/ })).toBeVisible();
});

test('the demand chart shows a role against headcount, toggles unweighted pursuits, and its table matches the API', async ({ page, request, token }) => {
  await page.goto('/workforce/demand');
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Superintendent' });
  const chart = page.locator('.recharts-surface').first();
  await expect(chart).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await accessible(page);
  await screens(page, 'workforce-demand');

  const roleId = new URL(page.url()).searchParams.get('role_id');
  const { from, to } = monthWindow(12);
  const demand = (await get(request, token, `/workforce/demand?from=${from}&to=${to}&interval=month`)).workforce_demand as Json;
  const table = page.getByRole('table', { name: /Superintendent by month/ });
  for (const p of demand.periods as Json[]) {
    const r = (p.roles as Json[]).find((x) => x.role.id === roleId)!;
    const cells = table.locator(`tr[data-period="${p.start}"] td`);
    await expect(cells).toHaveText([
      r.headcount_fte.toFixed(2),
      r.awarded_fte.toFixed(2),
      r.pursuit_weighted_fte.toFixed(2),
      r.pursuit_fte.toFixed(2),
      r.shortfall_fte > 0 ? `${r.shortfall_fte.toFixed(2)} short` : '—',
    ]);
  }

  // The checkbox is the URL's: it turns on once the router has the new URL.
  await page.getByLabel(/Count pursuits unweighted/).click();
  await expect(page).toHaveURL(/pursuits=unweighted/);
  await expect(page.getByLabel(/Count pursuits unweighted/)).toBeChecked();
  await expect(page.locator('.recharts-legend-wrapper')).toContainText('Pursuits (unweighted)');
  await screens(page, 'workforce-demand-unweighted');
});

test('time off with backfill turns the days an assignment loses into an unfilled assignment', async ({ page, request, token }) => {
  // Someone on a job running through the next month.
  const start = plusDays(14);
  const end = plusDays(18);
  const assignments = (await get(request, token, `/workforce/assignments?unfilled=false&from=${start}&to=${end}&per_page=100`)).workforce_assignments as Json[];
  const busy = assignments.find((a) => a.start_date <= start && a.end_date >= end)!;
  const person = nameOf(busy.employee);

  await page.goto(`/workforce?employee=${busy.employee.id}`);
  const dialog = page.getByRole('dialog', { name: `Edit ${person}` });
  await expect(dialog.getByRole('list', { name: `Assignments of ${person}` })).toContainText(busy.project.name);
  await dialog.getByRole('button', { name: 'Add time off' }).click();
  const form = dialog.getByRole('form', { name: 'Add time off' });
  await form.getByLabel('First day off').fill(start);
  await form.getByLabel('Last day off').fill(end);
  await form.getByLabel('Reason').fill('Jury duty');
  await form.getByLabel(/Backfill their assignments/).check();
  await expect(form).toContainText('gets an unfilled copy');
  await screens(page, 'employee-time-off');
  // Typed and not saved: closing the person asks first, though their own details are untouched.
  await dialog.getByRole('button', { name: 'Close' }).click();
  const ask = dialog.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await form.getByRole('button', { name: 'Save time off' }).click();
  await expect(form).toBeHidden();
  await expect(dialog.getByRole('list', { name: 'Time off' })).toContainText('Jury duty');
  // Saved: nothing is left to lose, and the dialog closes at once.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const unfilled = (await get(request, token, `/workforce/assignments?project_id=${busy.project.id}&unfilled=true&from=${start}&to=${end}&per_page=100`))
    .workforce_assignments as Json[];
  const twin = unfilled.find((a) => a.role.id === busy.role.id && a.start_date >= start && a.end_date <= end);
  expect(twin, 'an unfilled twin over the days off').toBeTruthy();
  // It shows on the project's timeline as a role to fill.
  await page.goto(`/projects/${busy.project.id}?tab=staffing`);
  await expect(
    page
      .getByRole('list', { name: 'Assignments' })
      .getByRole('listitem', { name: new RegExp(`^${busy.role.name}, Unfilled, ${twin!.allocation_percent} %`) })
      .first(),
  ).toBeVisible();
});

test('certifications lapsing within 60 days and lapsed ones are flagged; add, edit and delete one', async ({ page, request, token }) => {
  const soon = (await get(request, token, `/workforce/certifications?expiring_before=${plusDays(60)}&per_page=100`)).workforce_certifications as Json[];
  const expiring = soon.find((c) => c.expires_on >= today())!;
  const person = nameOf(expiring.employee);
  const days = Math.round((Date.parse(expiring.expires_on) - Date.parse(today())) / DAY);

  await page.goto(`/workforce?employee=${expiring.employee.id}`);
  const dialog = page.getByRole('dialog', { name: `Edit ${person}` });
  const list = dialog.getByRole('list', { name: 'Certifications' });
  await expect(list.getByRole('listitem', { name: expiring.name })).toContainText(`Expires in ${days} day`);
  await accessible(page);
  await screens(page, 'employee-planning');

  await dialog.getByRole('button', { name: 'Add certification' }).click();
  const form = dialog.getByRole('form', { name: 'Add a certification' });
  await form.getByLabel('Certification').fill('Scaffold competent person');
  await form.getByLabel('Expires on').fill(plusDays(-3));
  await form.getByRole('button', { name: 'Save certification' }).click();
  await expect(list.getByRole('listitem', { name: 'Scaffold competent person' })).toContainText('Expired');
  await list.getByRole('button', { name: 'Edit Scaffold competent person' }).click();
  const edit = dialog.getByRole('form', { name: 'Edit Scaffold competent person' });
  await edit.getByLabel('Expires on').fill(plusDays(10));
  await edit.getByRole('button', { name: 'Save certification' }).click();
  await expect(list.getByRole('listitem', { name: 'Scaffold competent person' })).toContainText('Expires in 10 days');
  page.once('dialog', (d) => d.accept());
  await list.getByRole('button', { name: 'Delete Scaffold competent person' }).click();
  await expect(list.getByRole('listitem', { name: 'Scaffold competent person' })).toHaveCount(0);
});
