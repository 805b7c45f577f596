import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { openCloseDialog } from './close-dialog';
import { screens } from './screens';

// The project manager's journey: the board by stage (drag, keyboard, stage select, closing as lost),
// the table view in the URL, and the detail page with its edit form.

/** axe-core in light and dark mode: no serious or critical violation. */
async function expectNoSeriousViolations(page: Page) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    // After a client-side navigation Next.js sets the new page's <title> a moment later.
    await expect(page).toHaveTitle(/\S/);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${scheme} ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });
/** The card of a project in a column. */
const card = (page: Page, stage: string, name: string) =>
  column(page, stage)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

/** A pointer drag of the card's handle onto a column, in small steps as a hand would. */
async function drag(page: Page, handle: Locator, target: Locator) {
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
  // Onto the part of the column on screen: once the page scrolled to the handle (a card low in a
  // long column), the target's top may be above the viewport.
  const to = (await target.boundingBox())!;
  const viewport = page.viewportSize()!;
  const top = Math.max(to.y, 0);
  const bottom = Math.min(to.y + to.height, viewport.height);
  await page.mouse.move(to.x + to.width / 2, top + Math.min(120, (bottom - top) / 2), { steps: 15 });
  await page.mouse.up();
}

test('shows the board by stage and the table view in the URL, with no serious accessibility violation', async ({ page, request, token }) => {
  // The table's rows, as many as the API counts (the seed's bid history included).
  const total = async (query: string) =>
    Number((await request.get(`/api/2023-01/projects?${query}&per_page=1`, { headers: { Authorization: `Bearer ${token}` } })).headers()['x-total-count']);
  const lostCount = await total('project_status=lost');
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
  for (const stage of ['Lead', 'Qualifying', 'Estimating', 'Bid Submitted', 'Negotiating', 'Won', 'Lost']) {
    await expect(column(page, stage)).toBeVisible();
  }
  await expect(card(page, 'Lead', 'Arapahoe Crossing Medical Plaza')).toBeVisible();
  // Lost months ago: shown once the closed columns show all, not only the last 90 days.
  await expect(card(page, 'Lost', 'Lakewood Aquatic Center')).toHaveCount(0);
  await column(page, 'Lost').getByRole('button', { name: 'Show all lost' }).click();
  await expect(card(page, 'Lost', 'Lakewood Aquatic Center')).toContainText('Bid due');
  await expectNoSeriousViolations(page);
  await screens(page, 'projects-board');

  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page).toHaveURL(/view=table/);
  await expect(page.getByRole('row')).not.toHaveCount(1);
  await page.getByLabel('Status', { exact: true }).selectOption('lost');
  await expect(page).toHaveURL(/project_status=lost/);
  await expect(page.getByRole('row')).toHaveCount(1 + Math.min(lostCount, 50));
  await page.getByRole('button', { name: /^Amount/ }).click();
  await expect(page).toHaveURL(/sort=-amount/);
  await page.getByLabel('Status', { exact: true }).selectOption('');
  await expect(page).not.toHaveURL(/project_status/);
  await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Won' });
  await expect(page).toHaveURL(/project_stage_id=\d+/);
  const wonStage = new URL(page.url()).searchParams.get('project_stage_id');
  await expect(page.getByRole('row')).toHaveCount(1 + Math.min(await total(`project_stage_id=${wonStage}`), 50));
  await page.getByLabel('Search projects').fill('Westgate');
  await expect(page).toHaveURL(/q=Westgate/);
  await expect(page.getByRole('row')).toHaveCount(1 + 1);
  await expectNoSeriousViolations(page);
  await screens(page, 'projects-table');

  // A shared link opens the same view.
  await page.reload();
  await expect(page.getByRole('row', { name: /Westgate Middle School No. 4 Modernization/ })).toBeVisible();
  await page.getByRole('button', { name: 'Board' }).click();
  await expect(page).not.toHaveURL(/view=table/);
  await expect(column(page, 'Lead')).toBeVisible();
});

test('the table answers the project_status filter Home links with', async ({ page }) => {
  await page.goto('/');
  // A click the page takes before it has hydrated can be lost: then it is made again.
  await expect(async () => {
    if (new URL(page.url()).pathname === '/') await page.getByRole('link', { name: /^Open pipeline:/ }).click();
    await expect(page).toHaveURL(/\/projects\?project_status=pursuit&view=table/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByLabel('Status')).toHaveValue('pursuit');
  await page.goto('/projects?view=table&project_status=active');
  await expect(page.getByRole('row')).toHaveCount(1 + 4);
});

test('drags a project to another stage on the board', async ({ page }) => {
  await page.goto('/projects');
  const name = 'Arapahoe Crossing Medical Plaza';
  await expect(card(page, 'Lead', name)).toBeVisible();
  // A drag started before the board has hydrated moves nothing: then it is made again.
  await expect(async () => {
    if (await card(page, 'Lead', name).count()) {
      await drag(page, page.getByRole('button', { name: `Drag ${name}` }), column(page, 'Qualifying'));
    }
    // At once (optimistic), and for good after a reload.
    await expect(card(page, 'Qualifying', name)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card(page, 'Lead', name)).toHaveCount(0);
  await expect(page.getByText(`Moved “${name}” to Qualifying.`)).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(card(page, 'Qualifying', name)).toBeVisible();
  await expect(card(page, 'Qualifying', name).getByLabel(`Stage of ${name}`)).toHaveValue(/\d+/);
});

test('moves a project to Lost with the keyboard and closes it as lost with a reason', async ({ page }) => {
  await page.goto('/projects');
  const name = 'Northfield Parts Distribution Hub';
  const handle = page.getByRole('button', { name: `Drag ${name}` });
  const over = (stage: string) => page.getByRole('status').filter({ hasText: `${name} is over ${stage}.` });
  // The board takes drags once it has hydrated: a Space pressed on the server's HTML before that is
  // not heard, so it is pressed again until the drag starts (each press on a hydrated board starts it).
  await expect(async () => {
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(over('Lead')).toBeAttached({ timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
  // dnd-kit's keyboard sensor listens for arrows from the task after the drag starts: on a busy
  // machine the first press can come before it, so that one press is repeated until it is heard.
  await expect(async () => {
    if (await over('Lead').count()) await page.keyboard.press('ArrowRight');
    await expect(over('Qualifying')).toBeAttached({ timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
  // One column per arrow press, each announced to screen readers.
  for (const stage of ['Estimating', 'Bid Submitted', 'Negotiating', 'Won', 'Lost']) {
    await page.keyboard.press('ArrowRight');
    await expect(over(stage)).toBeAttached();
  }
  await expect(column(page, 'Lost')).toHaveClass(/ring-2/);
  await page.keyboard.press('Space');

  const dialog = page.getByRole('dialog', { name: `Close “${name}”` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Close type')).toHaveValue('lost');
  await dialog.getByLabel('Loss reason').selectOption({ label: 'Lost to Competitor' });
  await screens(page, 'project-close-dialog');
  await dialog.getByRole('button', { name: 'Close as lost' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Lost', name)).toBeVisible();

  await card(page, 'Lost', name).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const derived = page.getByRole('region', { name: 'Derived' });
  await expect(derived.getByRole('definition').first()).toHaveText('Lost');
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Loss reasonLost to Competitor');
  await expect(details).toContainText('Close typeLost');
});

test("a card's stage select moves it too; cancelling a close leaves the project where it was", async ({ page }) => {
  await page.goto('/projects');
  const name = 'Westgate Elementary No. 9';
  await card(page, 'Qualifying', name).getByLabel(`Stage of ${name}`).selectOption({ label: 'Estimating' });
  await expect(card(page, 'Estimating', name)).toBeVisible();

  await card(page, 'Estimating', name).getByLabel(`Stage of ${name}`).selectOption({ label: 'Won' });
  const dialog = page.getByRole('dialog', { name: `Close “${name}”` });
  await expect(dialog.getByLabel('Close type')).toHaveValue('won');
  await expect(dialog.getByLabel('Award date')).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Estimating', name).getByLabel(`Stage of ${name}`).locator('option:checked')).toHaveText('Estimating');
  await expect(card(page, 'Won', name)).toHaveCount(0);
});

test("a close over a colleague's change shows the conflict panel, and re-applies the close on their version", async ({ page, request, token }) => {
  const headers = { Authorization: `Bearer ${token}` };
  const name = `Close conflict ${Date.now().toString(36)}`;
  const made = await request.post('/api/2023-01/projects', { headers, data: { project: { name } } });
  expect(made.ok()).toBe(true);
  const { id } = ((await made.json()) as { project: { id: string } }).project;
  await page.goto(`/projects/${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const dialog = await openCloseDialog(page, name);
  await dialog.getByLabel('Loss reason').selectOption({ label: 'Lost to Competitor' });

  // A colleague changes the project while the dialog is open: the close is refused (If-Match), nothing is lost.
  const theirs = await request.patch(`/api/2023-01/projects/${id}`, { headers, data: { project: { description: 'Rebid in the spring.' } } });
  expect(theirs.ok()).toBe(true);
  await dialog.getByRole('button', { name: 'Close as lost' }).click();
  const conflict = dialog.getByRole('alert', { name: 'Edit conflict' });
  await expect(conflict).toBeVisible();
  await expect(conflict.locator('tr[data-field="description"]')).toContainText('Rebid in the spring.');
  await expect(conflict).toContainText('Your changes: Project stage, Close type, Loss reason.');
  const after = (await (await request.get(`/api/2023-01/projects/${id}`, { headers })).json()) as { project: { close_type: string | null } };
  expect(after.project.close_type).toBeNull();

  // Re-applied on their version: closed as lost with the reason, their description kept.
  await conflict.getByRole('button', { name: 'Re-apply my changes to their version' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Moved “${name}” to Lost.`)).toBeVisible();
  const closed = (await (await request.get(`/api/2023-01/projects/${id}`, { headers })).json()) as {
    project: { close_type: string | null; description: string | null; loss_reason: { name: string } | null };
  };
  expect(closed.project).toMatchObject({ close_type: 'lost', description: 'Rebid in the spring.', loss_reason: { name: 'Lost to Competitor' } });
});

test('edits every kind of project field on the detail page', async ({ page }) => {
  await page.goto('/projects?view=table&q=Cherry Creek North');
  await page.getByRole('link', { name: 'Cherry Creek North Retail Podium' }).click();
  await expect(page.getByRole('heading', { name: 'Cherry Creek North Retail Podium', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tasks' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Calls' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await screens(page, 'project-detail');

  await page.getByRole('button', { name: 'Edit project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit “Cherry Creek North Retail Podium”' });
  await dialog.getByLabel('Amount (USD)').fill('2,450,000.123');
  await dialog.getByLabel('Start date').fill('2027-05-01');
  await dialog.getByLabel('End date').fill('2027-04-01');
  await dialog.getByRole('button', { name: 'Save project' }).click();
  await expect(dialog.getByText('Enter dollars, like 1,250,000 or 19.99.')).toBeVisible();
  await expect(dialog.getByText('must be on or after start_date')).toBeVisible();
  // Nothing typed is lost.
  await expect(dialog.getByLabel('Start date')).toHaveValue('2027-05-01');

  await dialog.getByLabel('Amount (USD)').fill('2,450,000');
  await dialog.getByLabel('End date').fill('2028-03-15');
  await dialog.getByLabel('Square feet').fill('24000');
  await dialog.getByLabel('Units').fill('');
  await dialog.getByLabel('Probability (%)').fill('60');
  await dialog.getByLabel('Bid due date').fill('2027-02-10');
  await dialog.getByLabel('Project number').fill('SRB-2027-101');
  await dialog.getByLabel('Work scope').selectOption('new_construction');
  await dialog.getByLabel('Delivery method').selectOption({ label: 'CM at Risk' });
  await dialog.getByLabel('City').fill('Denver');
  await dialog.getByLabel('Street', { exact: true }).fill('250 Columbine St');
  await expectNoSeriousViolations(page);
  await screens(page, 'project-form');
  await dialog.getByRole('button', { name: 'Save project' }).click();
  await expect(dialog).toBeHidden();

  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Amount$2,450,000');
  await expect(details).toContainText('Probability60 %');
  await expect(details).toContainText('Square feet24,000 sq ft');
  await expect(details).toContainText('Delivery methodCM at Risk');
  await expect(details).toContainText('250 Columbine St');
  const derived = page.getByRole('region', { name: 'Derived' });
  await expect(derived).toContainText('Price per square foot$102.08 per sq ft');
  await expect(derived).toContainText('Project duration10 months');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Project numberSRB-2027-101');
});

test('creates a project, which starts in the first open stage', async ({ page }) => {
  const name = `Golden Ridge Fire Station ${Date.now().toString(36)}`;
  await page.goto('/projects');
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText("can't be blank")).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Company').selectOption({ label: 'Centennial County Facilities Department' });
  // The contact select offers the chosen company's people.
  await expect(dialog.getByLabel('Contact').getByRole('option')).not.toHaveCount(1);
  await dialog.getByLabel('Contact').selectOption({ index: 1 });
  await dialog.getByLabel('Amount (USD)').fill('3,100,000');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('StageLead');
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Amount$3,100,000');
  await page.getByRole('link', { name: '← Projects' }).click();
  await expect(card(page, 'Lead', name)).toBeVisible();
});

test('a move the API refuses rolls back, and says why', async ({ page }) => {
  await page.goto('/projects');
  const name = 'Cobalt DEN-3 Data Center Shell';
  await expect(card(page, 'Estimating', name)).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/2023-01/projects/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    await answered;
    await route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'conflict', message: 'Someone else just changed this project.', details: {}, request_id: 'e2e' }),
    });
  });
  await card(page, 'Estimating', name).getByLabel(`Stage of ${name}`).selectOption({ label: 'Negotiating' });
  // Moved at once…
  await expect(card(page, 'Negotiating', name)).toBeVisible();
  release();
  // …and back when the API says no.
  await expect(card(page, 'Estimating', name)).toBeVisible();
  await expect(card(page, 'Negotiating', name)).toHaveCount(0);
  await expect(page.getByText('Someone else just changed this project.')).toBeVisible();
  await page.unroute('**/api/2023-01/projects/*');
});

test('the board’s won and lost columns show the last 90 days, and all with one click', async ({ page, request, token }) => {
  const auth = { Authorization: `Bearer ${token}` };
  const stages = (
    (await (await request.get('/api/2023-01/project_stages?per_page=100', { headers: auth })).json()) as {
      project_stages: { id: string; name: string; category: string }[];
    }
  ).project_stages;
  const won = stages.find((s) => s.category === 'won')!;
  const total = async (query: string) =>
    Number((await request.get(`/api/2023-01/projects?project_stage_id=${won.id}&per_page=1${query}`, { headers: auth })).headers()['x-total-count']);
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const recent = await total(`&closed_since=${since}`);
  const ever = await total('');
  // The seed's bid history reaches back two years: more won than in the last 90 days.
  expect(ever).toBeGreaterThan(recent);

  await page.goto('/projects');
  const column = page.getByRole('region', { name: won.name, exact: true });
  await expect(column.getByText(`${recent} project${recent === 1 ? '' : 's'}`, { exact: true })).toBeVisible();
  await expect(column.getByText('Closed in the last 90 days')).toBeVisible();
  await column.getByRole('button', { name: 'Show all won' }).click();
  await expect(page).toHaveURL(/closed=all/);
  await expect(column.getByText(`${ever} projects`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Only the last 90 days' }).click();
  await expect(page).not.toHaveURL(/closed=all/);
});

test('a project’s tabs open before the page’s script has loaded (a tap on a slow phone)', async ({ browser, request, token }) => {
  const list = await request.get('/api/2023-01/projects?per_page=1', { headers: { Authorization: `Bearer ${token}` } });
  const [project] = (await list.json()).projects as { id: string; name: string }[];
  // The page's script never arrives: what the server sent is all there is, as before hydration.
  const context = await browser.newContext({ storageState: '.data/e2e/storage-state.json' });
  const page = await context.newPage();
  await page.route('**/_next/static/chunks/**', (route) => route.abort());
  await page.goto(`/projects/${project!.id}`);
  const tabs = page.getByRole('tablist', { name: 'Project' });
  await tabs.getByRole('tab', { name: 'Team' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project!.id}\\?tab=team$`));
  await expect(tabs.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project!.id}\\??$`));
  await expect(tabs.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await context.close();
});
