import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

// Setting the account up without the API: Settings → Pipeline (add, reorder, rename, colour,
// delete a stage after moving its projects) and Settings → Lists (add, rename, archive — no
// longer offered in a form — and merge, the records moving with it).

const stamp = () => Date.now().toString(36);

test('sets up the pipeline: adds a stage, moves it, renames it, and deletes it after moving its project', async ({ page, request, token }) => {
  const auth = { Authorization: `Bearer ${token}` };
  const tag = stamp();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/pipeline$/);
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Pipeline' })).toHaveAttribute('aria-current', 'page');
  const stages = page.getByRole('list', { name: 'Stages in board order' });
  await expect(stages.getByRole('listitem').first()).toBeVisible();
  const before = await stages.getByRole('listitem').count();

  // Add a stage: it goes last.
  await page.getByLabel('New stage').fill(`Shortlist ${tag}`);
  await page.getByLabel('Win chance (%)').fill('35');
  await page.getByRole('button', { name: 'Add stage' }).click();
  await expect(stages.getByRole('listitem')).toHaveCount(before + 1);
  await expect(stages.getByRole('listitem').last()).toHaveAccessibleName(`Shortlist ${tag}`);

  // Move it up one place with its keyboard-reachable button.
  await page.getByRole('button', { name: `Move “Shortlist ${tag}” up` }).click();
  await expect(page.getByText(`Moved “Shortlist ${tag}” to position ${before}.`)).toBeVisible();
  await expect(stages.getByRole('listitem').nth(before - 1)).toHaveAccessibleName(`Shortlist ${tag}`);

  // Rename it and give it a colour, saved together.
  const row = stages.getByRole('listitem', { name: `Shortlist ${tag}` });
  await row.getByLabel(`Name of “Shortlist ${tag}”`).fill(`Shortlisted ${tag}`);
  await row.getByLabel(`Colour of “Shortlist ${tag}”`).fill('#aa3300');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved “Shortlisted ${tag}”.`)).toBeVisible();
  const stageList = await request.get('/api/2023-01/project_stages?per_page=100', { headers: auth });
  const stage = ((await stageList.json()).project_stages as { id: string; name: string; color: string | null; default_probability: number }[]).find(
    (s) => s.name === `Shortlisted ${tag}`,
  )!;
  expect(stage).toMatchObject({ color: '#aa3300', default_probability: 0.35 });

  // A project in it: deleting the stage asks where its project goes.
  const created = await request.post('/api/2023-01/projects', {
    headers: auth,
    data: { project: { name: `Pipeline move ${tag}`, project_stage_id: stage.id } },
  });
  expect(created.status()).toBe(201);
  const projectId = (await created.json()).project.id as string;
  await page.reload();
  const renamed = stages.getByRole('listitem', { name: `Shortlisted ${tag}` });
  await expect(renamed.getByText('1 project')).toBeVisible();
  await screens(page, 'settings-pipeline');
  await renamed.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete “Shortlisted ${tag}”` });
  await expect(dialog.getByText('1 project is in')).toBeVisible();
  await dialog.getByLabel('Move the projects to').selectOption({ label: 'Estimating' });
  await dialog.getByRole('button', { name: 'Move projects and delete' }).click();
  await expect(page.getByText(`Moved 1 project to “Estimating” and deleted “Shortlisted ${tag}”.`)).toBeVisible();
  await expect(stages.getByRole('listitem')).toHaveCount(before);
  const moved = await request.get(`/api/2023-01/projects/${projectId}`, { headers: auth });
  expect((await moved.json()).project.project_stage.name).toBe('Estimating');
  await expectNoSeriousA11yViolations(page);
});

test('keeps the lists: adds, renames, archives (no longer offered) and merges a value with its records', async ({ page, request, token }) => {
  const auth = { Authorization: `Bearer ${token}` };
  const tag = stamp();
  await page.goto('/settings/lists');
  await page.getByRole('navigation', { name: 'Lists' }).getByRole('button', { name: 'Market sectors' }).click();
  await expect(page).toHaveURL(/list=market_sectors/);
  await expect(page.getByRole('heading', { name: 'Market sectors' })).toBeVisible();
  const values = page.getByRole('list', { name: 'Market sectors' });

  for (const name of [`Data centers ${tag}`, `Mission critical ${tag}`]) {
    await page.getByLabel('New market sector').fill(name);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(`Added “${name}”.`)).toBeVisible();
  }
  const first = values.getByRole('listitem').filter({ hasText: `Data centers ${tag}` });
  await expect(first.getByText('Not used yet')).toBeVisible();
  await first.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByLabel(`New name for “Data centers ${tag}”`);
  await rename.fill(`Data centres ${tag}`);
  await rename.press('Enter');
  await expect(page.getByText(`Renamed to “Data centres ${tag}”.`)).toBeVisible();

  // A lead holds the second value; archiving it keeps it there and takes it out of the form.
  const sectors = (await (await request.get('/api/2023-01/market_sectors?per_page=100', { headers: auth })).json()).market_sectors as {
    id: string;
    name: string;
  }[];
  const critical = sectors.find((s) => s.name === `Mission critical ${tag}`)!;
  const lead = await request.post('/api/2023-01/leads', { headers: auth, data: { lead: { name: `Sector lead ${tag}`, market_sector_id: critical.id } } });
  expect(lead.status()).toBe(201);
  const leadId = (await lead.json()).lead.id as string;
  await page.reload();
  const second = values.getByRole('listitem').filter({ hasText: `Mission critical ${tag}` });
  await expect(second.getByText('Used by 1 record')).toBeVisible();
  await second.getByRole('button', { name: 'Archive' }).click();
  await expect(second.getByText('Archived', { exact: true })).toBeVisible();
  await screens(page, 'settings-lists');

  await page.goto('/leads');
  await page.getByRole('button', { name: 'New lead' }).click();
  const form = page.getByRole('dialog', { name: 'New lead' });
  const sectorSelect = form.getByLabel('Market sector');
  await expect(sectorSelect.locator('option', { hasText: `Data centres ${tag}` })).toHaveCount(1);
  await expect(sectorSelect.locator('option', { hasText: `Mission critical ${tag}` })).toHaveCount(0);
  await form.getByRole('button', { name: 'Close' }).click();

  // Merge the archived value into the other: the lead moves with it.
  await page.goto('/settings/lists?list=market_sectors');
  await values
    .getByRole('listitem')
    .filter({ hasText: `Mission critical ${tag}` })
    .getByRole('button', { name: 'Merge…' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Merge “Mission critical ${tag}”` });
  await dialog.getByLabel('Merge into').selectOption({ label: `Data centres ${tag}` });
  await dialog.getByRole('button', { name: `Merge and delete “Mission critical ${tag}”` }).click();
  await expect(page.getByText(`Merged “Mission critical ${tag}” into “Data centres ${tag}”.`)).toBeVisible();
  await expect(values.getByRole('listitem').filter({ hasText: `Mission critical ${tag}` })).toHaveCount(0);
  await expect(
    values
      .getByRole('listitem')
      .filter({ hasText: `Data centres ${tag}` })
      .getByText('Used by 1 record'),
  ).toBeVisible();
  const merged = await request.get(`/api/2023-01/leads/${leadId}`, { headers: auth });
  expect((await merged.json()).lead.market_sector.name).toBe(`Data centres ${tag}`);
  await expectNoSeriousA11yViolations(page);
});
