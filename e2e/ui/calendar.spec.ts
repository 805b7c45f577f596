import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

// The bid calendar (docs/dashboard.md): a project's bid due this month in the month grid, the
// agenda and the week, a timed bid at its time on the viewer's clock, the type and Mine filters;
// and the personal feed: created in Settings, read as iCalendar, replaced and revoked (refused after).

// A browser far from UTC: a timed bid shows on its local day at its local time.
test.use({ timezoneId: 'America/Chicago' });

const stamp = () => Date.now().toString(36);

/** Today on the browser's calendar (its time zone), as YYYY-MM-DD. */
const browserToday = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

async function createProject(request: APIRequestContext, token: string, project: Record<string, unknown>): Promise<string> {
  const res = await request.post('/api/2023-01/projects', { headers: { Authorization: `Bearer ${token}` }, data: { project } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).project.id as string;
}

async function deleteProjects(request: APIRequestContext, token: string, ids: string[]) {
  for (const id of ids) expect((await request.delete(`/api/2023-01/projects/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);
}

const uid = (projectId: string) => `bid_due-project-${projectId}@groundwork`;

test('an admin sees a bid due in the month, the agenda and the week, at its local time, and filters by type and by Mine', async ({ page, request, token }) => {
  await page.goto('/');
  const today = await browserToday(page);
  // 2:30 PM today on the browser's clock (20:30 UTC in Chicago's winter, 19:30 in its summer).
  const timedAt = await page.evaluate(() => {
    const d = new Date();
    d.setHours(14, 30, 0, 0);
    return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
  });
  const suffix = stamp();
  const dayName = `E2E all-day bid ${suffix}`;
  const timedName = `E2E timed bid ${suffix}`;
  const ids: string[] = [];
  try {
    ids.push(await createProject(request, token, { name: dayName, bid_due_date: today }));
    ids.push(await createProject(request, token, { name: timedName, bid_due_date: today, bid_due_at: timedAt, bid_due_at_includes_time: true }));
    const [dayId, timedId] = ids as [string, string];

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`));
    await expect(page.getByRole('heading', { name: monthTitle, level: 2 })).toBeVisible();

    // Month: today's cell counts its events and is the day listed below the grid.
    const grid = page.getByRole('table', { name: new RegExp(`^${monthTitle}: `) });
    const cell = grid.locator(`td[data-day="${today}"]`);
    await expect(cell.getByRole('button', { pressed: true })).toHaveAccessibleName(/: \d+ events$/);
    await expect(cell.getByRole('button', { pressed: true })).toHaveAttribute('aria-current', 'date');
    const dayList = page.getByRole('region', {
      name: new RegExp(`, ${new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`))}$`),
    });
    const allDay = dayList.locator(`[data-event="${uid(dayId)}"]`);
    const timed = dayList.locator(`[data-event="${uid(timedId)}"]`);
    await expect(allDay.getByRole('link', { name: `Bid due: ${dayName}` })).toHaveAttribute('href', `/projects/${dayId}`);
    await expect(timed.getByRole('link', { name: `2:30 PM · Bid due: ${timedName}` })).toHaveAttribute('href', `/projects/${timedId}`);
    // The all-day bid comes before the timed one.
    const order = await dayList.locator('[data-event]').evaluateAll((els) => els.map((e) => e.getAttribute('data-event')));
    expect(order.indexOf(uid(dayId))).toBeLessThan(order.indexOf(uid(timedId)));
    await expectNoSeriousA11yViolations(page);
    await screens(page, 'calendar-month');

    // Agenda (the first interaction after a load is made again until the page has hydrated).
    await expect(async () => {
      await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Agenda' }).click();
      await expect(page).toHaveURL(/view=agenda/, { timeout: 1_000 });
    }).toPass();
    const agendaDay = page.locator(`li[data-day="${today}"]`);
    await expect(agendaDay.getByRole('heading')).toContainText('Today');
    await expect(agendaDay.getByRole('link', { name: `Bid due: ${dayName}` })).toBeVisible();
    await expect(agendaDay.getByRole('link', { name: `2:30 PM · Bid due: ${timedName}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screens(page, 'calendar-agenda');

    // Week: today's column (a day of the list on a phone).
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Week' }).click();
    await expect(page).toHaveURL(/view=week/);
    const weekDay = page.locator(`li[data-day="${today}"]`);
    await expect(weekDay.getByRole('link', { name: `Bid due: ${dayName}` })).toBeVisible();
    await expect(weekDay.getByRole('link', { name: `2:30 PM · Bid due: ${timedName}` })).toBeVisible();
    await expect(page.locator('ol > li[data-day]')).toHaveCount(7);
    await expectNoSeriousA11yViolations(page);
    await screens(page, 'calendar-week');

    // The next week and back to today's.
    const weekTitle = await page.getByRole('heading', { level: 2 }).textContent();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page).toHaveURL(/date=\d{4}-\d\d-\d\d/);
    await expect(page.getByRole('heading', { level: 2 })).not.toHaveText(weekTitle!);
    await expect(page.locator(`li[data-day="${today}"]`)).toHaveCount(0);
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page).not.toHaveURL(/date=/);
    await expect(weekDay.getByRole('link', { name: `Bid due: ${dayName}` })).toBeVisible();

    // Type: task deadlines only, then bids due only.
    await page.getByLabel('Type').selectOption({ label: 'Task deadline' });
    await expect(page).toHaveURL(/type=task_deadline/);
    await expect(weekDay.locator(`[data-event="${uid(dayId)}"]`)).toHaveCount(0);
    await expect(page.locator('[data-event^="bid_due-"], [data-event^="project_start-"]')).toHaveCount(0);
    await page.getByLabel('Type').selectOption({ label: 'Bid due' });
    await expect(page).toHaveURL(/type=bid_due/);
    await expect(weekDay.getByRole('link', { name: `Bid due: ${dayName}` })).toBeVisible();
    await expect(page.locator('[data-event^="task_deadline-"], [data-event^="project_start-"]')).toHaveCount(0);

    // Mine: the caller's own; these bids are no one's.
    await page.getByLabel('Assigned to').selectOption({ label: 'Mine' });
    await expect(page).toHaveURL(/mine=true/);
    await expect(page.locator(`[data-event="${uid(dayId)}"], [data-event="${uid(timedId)}"]`)).toHaveCount(0);
    await page.getByLabel('Assigned to').selectOption({ label: 'Anyone' });
    await expect(page).not.toHaveURL(/mine=/);
    await expect(weekDay.getByRole('link', { name: `Bid due: ${dayName}` })).toBeVisible();

    // Back in the month view, with the filter kept, a bid leads to its project.
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Month' }).click();
    await expect(page).toHaveURL(/\/calendar\?type=bid_due$/);
    await dayList.getByRole('link', { name: `Bid due: ${dayName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${dayId}$`));
    await expect(page.getByRole('heading', { name: dayName, level: 1 })).toBeVisible();
  } finally {
    await deleteProjects(request, token, ids);
  }
});

test('creates a feed URL in Settings, reads it as iCalendar, replaces and revokes it, and the old URLs are refused', async ({
  page,
  request,
  token,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const today = await browserToday(page);
  const name = `E2E feed ${stamp()}`;
  const ids = [await createProject(request, token, { name, bid_due_date: today })];
  try {
    await page.goto('/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Calendar feed' }).click();
    await expect(page).toHaveURL(/\/settings\/calendar-feed$/);
    await expect(page.getByRole('heading', { name: 'Calendar feed', level: 2 })).toBeVisible();
    await expect(page.getByText('You have no feed URL.')).toBeVisible();
    for (const app of ['Google Calendar', 'Outlook', 'Apple Calendar']) await expect(page.getByRole('term').filter({ hasText: app })).toBeVisible();

    const field = page.getByLabel('Your feed URL');
    await expect(async () => {
      const create = page.getByRole('button', { name: 'Create feed URL' });
      if (await create.isVisible()) await create.click();
      await expect(field).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(page.getByText('it will not be shown again')).toBeVisible();
    await expect(field).toHaveAttribute('readonly', '');
    const url = await field.inputValue();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/2023-01\/calendar\.ics\?token=gw_cal_[\w%-]+$/);
    const feedToken = decodeURIComponent(new URL(url).searchParams.get('token')!);
    await page.getByRole('button', { name: 'Copy your feed url' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(page.getByText(`Your feed URL is active (ending ${feedToken.slice(-4)})`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screens(page, 'settings-calendar-feed');

    // What a calendar app reads: iCalendar, with the bid.
    const feed = await request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    const ics = await feed.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain(`UID:${uid(ids[0]!)}`);
    expect(ics).toContain(`Bid due: ${name}`);

    // Replace: a new URL; the old one stops working at once.
    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: 'Replace feed URL' }).click();
    await expect(field).not.toHaveValue(url);
    await expect(page.getByText('Feed URL replaced.')).toBeVisible();
    const replaced = await field.inputValue();
    expect((await request.get(url)).status()).toBe(401);
    expect((await request.get(replaced)).status()).toBe(200);

    // Revoke: the URL is refused, and the page says there is none.
    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('You have no feed URL.')).toBeVisible();
    await expect(field).toBeHidden();
    await expect(page.getByText('Feed URL revoked.')).toBeVisible();
    expect((await request.get(replaced)).status()).toBe(401);
    await page.reload();
    await expect(page.getByText('You have no feed URL.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screens(page, 'settings-calendar-feed-none');
  } finally {
    await deleteProjects(request, token, ids);
  }
});
