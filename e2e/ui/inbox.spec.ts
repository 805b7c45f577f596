import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { screens } from './screens';

// The leads inbox as an estimator works it: select leads and assign, snooze, archive or delete
// them at once, change one's assignee in its row — every change undone from its toast, through the
// API. And the board's moves, undone the same way.

interface Named {
  id: string;
  name: string;
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/2023-01${path}`);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The signed-in user and another active user of the account. */
async function people(request: APIRequestContext) {
  const me = (await json<{ user: Named }>(request, '/users/me')).user;
  const users = (await json<{ users: (Named & { deactivated_at: string | null })[] }>(request, '/users?per_page=100')).users;
  const other = users.find((u) => u.id !== me.id && u.deactivated_at === null && u.name)!;
  return { me, other };
}

async function createLeads(request: APIRequestContext, token: string, tag: string, assignee: string): Promise<Named[]> {
  const leads: Named[] = [];
  for (const n of [1, 2, 3]) {
    const res = await request.post('/api/2023-01/leads', {
      headers: { Authorization: `Bearer ${token}` },
      data: { lead: { name: `${tag} ${n}`, assigned_to_id: assignee } },
    });
    expect(res.status()).toBe(201);
    leads.push(((await res.json()) as { lead: Named }).lead);
  }
  return leads;
}

/** Clicks Undo in the toast that says `text`. */
async function undo(page: Page, text: string | RegExp) {
  await page.getByRole('listitem').filter({ hasText: text }).getByRole('button', { name: 'Undo' }).click();
}

const rowsOf = (page: Page, tag: string): Locator => page.getByRole('row', { name: new RegExp(tag) });

test('works the inbox: bulk assign, snooze, archive and delete, each undone from its toast', async ({ page, token }) => {
  const { me, other } = await people(page.request);
  const tag = `Inbox ${Date.now().toString(36)}`;
  const leads = await createLeads(page.request, token, tag, me.id);

  await page.goto('/leads');
  const picker = page.getByLabel('Views', { exact: true });
  await expect(picker.locator('option:checked')).toHaveText('My inbox');
  await page.getByLabel('Search leads').fill(tag);
  await expect(page).toHaveURL(/view=inbox/);
  const rows = rowsOf(page, tag);
  await expect(rows).toHaveCount(3);
  const bar = page.getByRole('region', { name: 'Selected leads' });

  // Assign all three to a colleague: they leave my inbox; Undo brings them back to me.
  await expect(async () => {
    await page.getByLabel('Select every lead on this page').check();
    await expect(bar).toContainText('3 selected', { timeout: 1_000 });
  }).toPass();
  await screens(page, 'leads-bulk');
  await bar.getByLabel('Assign the 3 selected leads').selectOption({ label: other.name });
  await expect(rows).toHaveCount(0);
  expect((await json<{ lead: { assigned_to: Named | null } }>(page.request, `/leads/${leads[0]!.id}`)).lead.assigned_to?.id).toBe(other.id);
  await undo(page, `Assigned 3 leads to ${other.name}.`);
  await expect(page.getByText('Undone: 3 leads as before.')).toBeVisible();
  await expect(rows).toHaveCount(3);
  expect((await json<{ lead: { assigned_to: Named | null } }>(page.request, `/leads/${leads[0]!.id}`)).lead.assigned_to?.id).toBe(me.id);

  // Snooze two with a preset; undone.
  await rows
    .filter({ hasText: `${tag} 1` })
    .getByLabel(`Select ${tag} 1`)
    .check();
  await rows
    .filter({ hasText: `${tag} 2` })
    .getByLabel(`Select ${tag} 2`)
    .check();
  await bar.getByRole('button', { name: 'Snooze…' }).click();
  const snooze = page.getByRole('dialog', { name: 'Snooze 2 leads' });
  await screens(page, 'leads-snooze-presets');
  await snooze.getByRole('button', { name: /^Tomorrow/ }).click();
  await expect(rows).toHaveCount(1);
  const snoozed = (await json<{ lead: { snooze_until: string | null } }>(page.request, `/leads/${leads[0]!.id}`)).lead.snooze_until;
  expect(new Date(snoozed!).getTime()).toBeGreaterThan(Date.now());
  await undo(page, /^Snoozed 2 leads until/);
  await expect(rows).toHaveCount(3);
  expect((await json<{ lead: { snooze_until: string | null } }>(page.request, `/leads/${leads[0]!.id}`)).lead.snooze_until).toBeNull();

  // Archive one; undone.
  await rows
    .filter({ hasText: `${tag} 3` })
    .getByLabel(`Select ${tag} 3`)
    .check();
  await bar.getByRole('button', { name: 'Archive' }).click();
  await expect(rows).toHaveCount(2);
  await undo(page, `Archived “${tag} 3”.`);
  await expect(rows).toHaveCount(3);

  // Delete two; Undo creates them again, with their fields.
  await rows
    .filter({ hasText: `${tag} 1` })
    .getByLabel(`Select ${tag} 1`)
    .check();
  await rows
    .filter({ hasText: `${tag} 2` })
    .getByLabel(`Select ${tag} 2`)
    .check();
  page.once('dialog', (d) => void d.accept());
  await bar.getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(1);
  expect((await page.request.get(`/api/2023-01/leads/${leads[0]!.id}`)).status()).toBe(404);
  await undo(page, 'Deleted 2 leads.');
  await expect(page.getByText('Undone: 2 leads back.')).toBeVisible();
  await expect(rows).toHaveCount(3);

  // One lead's assignee, changed in its row; undone.
  const third = rows.filter({ hasText: `${tag} 3` });
  await third.getByLabel(`Assign ${tag} 3`).selectOption({ label: other.name });
  await expect(rows).toHaveCount(2);
  await undo(page, `Assigned “${tag} 3” to ${other.name}.`);
  await expect(rows).toHaveCount(3);
  await expect(third.getByLabel(`Assign ${tag} 3`).locator('option:checked')).toHaveText(me.name);
});

test('a move on the board and a close are undone from the toast', async ({ page, token }) => {
  const stages = (await json<{ project_stages: (Named & { category: string })[] }>(page.request, '/project_stages?per_page=100')).project_stages;
  const open = stages.filter((s) => s.category === 'open');
  const [from, to] = [open[0]!, open[1]!];
  const name = `Undo move ${Date.now().toString(36)}`;
  const res = await page.request.post('/api/2023-01/projects', {
    headers: { Authorization: `Bearer ${token}` },
    data: { project: { name, project_stage_id: from.id } },
  });
  expect(res.status()).toBe(201);
  const project = ((await res.json()) as { project: Named }).project;
  const stageOf = async () => (await json<{ project: { project_stage: Named; close_type: string | null } }>(page.request, `/projects/${project.id}`)).project;

  await page.goto(`/projects?q=${encodeURIComponent(name)}`);
  const card = (stage: string) =>
    page
      .getByRole('region', { name: stage, exact: true })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(async () => {
    await card(from.name).getByLabel(`Stage of ${name}`).selectOption({ label: to.name });
    await expect(card(to.name)).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect.poll(async () => (await stageOf()).project_stage.id).toBe(to.id);
  await undo(page, `Moved “${name}” to ${to.name}.`);
  await expect(page.getByText(`Undone: “${name}” is back in ${from.name}.`)).toBeVisible();
  await expect(card(from.name)).toBeVisible();
  expect((await stageOf()).project_stage.id).toBe(from.id);

  // Closed as won, then undone: open again, with no close type.
  const won = stages.find((s) => s.category === 'won')!;
  await card(from.name).getByLabel(`Stage of ${name}`).selectOption({ label: won.name });
  await page
    .getByRole('dialog', { name: `Close “${name}”` })
    .getByRole('button', { name: /^Close as won/ })
    .click();
  await expect.poll(async () => (await stageOf()).close_type).toBe('won');
  await undo(page, `Moved “${name}” to ${won.name}.`);
  await expect(card(from.name)).toBeVisible();
  await expect.poll(async () => (await stageOf()).close_type).toBeNull();
  expect((await stageOf()).project_stage.id).toBe(from.id);
});
