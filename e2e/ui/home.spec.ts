import { expect, test } from '../fixtures';
import { expectAccessibleInBothThemes } from './axe';
import { screens } from './screens';

// Home: the pipeline at a glance, each number a link to the filtered list behind it.

test('shows the pipeline, win/loss, bids due, my leads and my overdue tasks, each linked to its list', async ({ page, request, token }) => {
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const report = (await (await request.get('/api/2023-01/reports/pipeline', auth)).json()).pipeline;
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Good to see you|Home/ })).toBeVisible();

  const open = page.getByRole('link', { name: /^Open pipeline: \$[\d,]+ across \d+ projects?$/ });
  await expect(open).toBeVisible();
  await expect(open).toHaveAttribute('href', '/projects?project_status=pursuit&view=table');
  await expect(open).toHaveAccessibleName(new RegExp(`across ${report.open.count} project`));

  // One bar per open stage, each to that stage's projects.
  const openStages = report.stages.filter((s: { project_stage: { category: string } }) => s.project_stage.category === 'open');
  for (const s of openStages) {
    const bar = page.getByRole('link', { name: new RegExp(`^${s.project_stage.name}: \\$[\\d,]+ across ${s.count} projects?$`) });
    await expect(bar).toHaveAttribute('href', `/projects?project_stage_id=${s.project_stage.id}&view=table`);
  }

  const won = page.getByRole('link', { name: /^Won in the last 90 days/ });
  await expect(won).toHaveText(String(report.won.count));
  await expect(won).toHaveAttribute('href', `/projects?close_type=won&closed_since=${report.closed_since}&view=table`);
  const lost = page.getByRole('link', { name: /^Lost in the last 90 days/ });
  await expect(lost).toHaveText(String(report.lost.count));
  await expect(lost).toHaveAttribute('href', `/projects?close_type=lost&closed_since=${report.closed_since}&view=table`);

  const bids = page.getByRole('link', { name: /^Bids due in the next 14 days: \d+$/ });
  await expect(bids).toHaveAttribute(
    'href',
    /^\/projects\?project_status=pursuit&bid_due_from=\d{4}-\d\d-\d\d&bid_due_to=\d{4}-\d\d-\d\d&view=table&sort=bid_due_date$/,
  );
  const bidsHref = new URL((await bids.getAttribute('href'))!, 'http://x').searchParams;
  const due = await request.get(
    `/api/2023-01/projects?project_status=pursuit&bid_due_from=${bidsHref.get('bid_due_from')}&bid_due_to=${bidsHref.get('bid_due_to')}&per_page=1`,
    auth,
  );
  await expect(bids).toHaveText(due.headers()['x-total-count']!);

  const overdue = page.getByRole('link', { name: /^My overdue tasks: \d+$/ });
  // The tasks page shows my tasks unless asked for everyone's.
  await expect(overdue).toHaveAttribute('href', '/tasks?due=overdue');

  // The open pursuits whose learned and entered odds disagree on the most money, as the API ranks them.
  const gaps = (await (await request.get('/api/2023-01/insights/probability_gaps', auth)).json()).projects as { id: string; name: string }[];
  const odds = page.getByRole('region', { name: 'Odds to check' });
  if (gaps.length === 0) await expect(odds).toContainText('has the odds its history suggests');
  else {
    await expect(odds.getByRole('link')).toHaveText(gaps.map((g) => g.name));
    await expect(odds.getByRole('link').first()).toHaveAttribute('href', `/projects/${gaps[0]!.id}`);
    await expect(odds).toContainText(/Entered \d+ % · learned \d+ %/);
  }

  await expectAccessibleInBothThemes(page);
  await screens(page, 'home');

  // The number of my leads is the total of the list it opens.
  const mine = page.getByRole('link', { name: /^Leads assigned to me: \d+$/ });
  await expect(mine).toHaveAttribute('href', /^\/leads\?assigned_to_id=\d+$/);
  const count = await mine.textContent();
  await mine.click();
  await expect(page).toHaveURL(/\/leads\?assigned_to_id=\d+$/);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(`of ${count}`);

  // The won number is the total of the projects table it opens, filtered the same way.
  await page.goto('/');
  const wonCount = await page.getByRole('link', { name: /^Won in the last 90 days/ }).textContent();
  await page.getByRole('link', { name: /^Won in the last 90 days/ }).click();
  await expect(page).toHaveURL(/\/projects\?close_type=won&closed_since=/);
  await expect(page.getByText(/Also filtered by closed as won, closed since \d{4}-\d\d-\d\d\./)).toBeVisible();
  if (wonCount === '0') await expect(page.getByText(/No projects/)).toBeVisible();
  else await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(`of ${wonCount}`);
});
