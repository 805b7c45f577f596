import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

// The project manager's task journey: my and all tasks by project and list, overdue view, create a
// task in a project's task list, complete it and reopen it in place.

function localDay(days = 0) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A task list of the seeded data with its project, read through the API with the page's session. */
async function someTaskList(page: Page): Promise<{ list: string; project: string }> {
  const res = await page.request.get('/api/2023-01/task_lists?per_page=1');
  expect(res.ok()).toBe(true);
  const [list] = (await res.json()).task_lists as { name: string; project: { name: string } }[];
  return { list: list!.name, project: list!.project.name };
}

test('shows my tasks and all tasks by project and list, with the view in the URL and no serious accessibility violation', async ({ page }) => {
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'My tasks' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  await page.getByRole('button', { name: 'All tasks' }).click();
  await expect(page).toHaveURL(/view=all/);
  await expect(page.getByText('Overdue ·').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'tasks-all');

  await page.getByLabel('Deadline', { exact: true }).selectOption('overdue');
  await expect(page).toHaveURL(/due=overdue/);
  // Every task of the overdue view is overdue.
  const rows = page.getByRole('listitem').filter({ has: page.getByRole('checkbox') });
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: 'Overdue ·' })).toHaveCount(0);
});

test('Home links to my overdue tasks', async ({ page }) => {
  await page.goto('/');
  const tile = page.getByRole('link', { name: /^My overdue tasks: \d+$/ });
  await expect(tile).toBeVisible();
  const n = Number((await tile.getAttribute('aria-label'))!.split(': ')[1]);
  await screens(page, 'home');
  await tile.click();
  await expect(page).toHaveURL(/\/tasks\?due=overdue/);
  await expect(page.getByLabel('Deadline', { exact: true })).toHaveValue('overdue');
  if (n === 0) await expect(page.getByText('Nothing overdue.')).toBeVisible();
  else await expect(page.getByRole('checkbox')).toHaveCount(Math.min(n, 100));
});

test('creates a task in a project task list, completes it and reopens it in place', async ({ page }) => {
  const { list, project } = await someTaskList(page);
  const title = `Confirm crane permit ${Date.now().toString(36)}`;
  await page.goto('/tasks?view=all');
  await page.getByRole('button', { name: 'New task' }).click();
  const dialog = page.getByRole('dialog', { name: 'New task' });
  await dialog.getByRole('button', { name: 'Create task' }).click();
  await expect(dialog.getByText("can't be blank")).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Notes').fill('Street closure needs the permit a week ahead.');
  await dialog.getByLabel('Deadline').fill(localDay(0));
  await expect(dialog.getByLabel('Task list')).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Project' }).fill(project.slice(0, 12));
  await dialog.getByRole('option', { name: project }).first().click();
  await expect(dialog.getByRole('combobox', { name: 'Project' })).toHaveValue(project);
  await dialog.getByLabel('Task list').selectOption({ label: list });
  await screens(page, 'task-form');
  await dialog.getByRole('button', { name: 'Create task' }).click();
  await expect(dialog).toBeHidden();

  const group = page.getByRole('region', { name: project });
  const checkbox = group.getByRole('checkbox', { name: `Done: ${title}` });
  await expect(checkbox).toBeVisible();
  await expect(group.locator('li', { hasText: title })).toContainText('Due today');

  // Complete: ticked at once and kept in place (struck through), gone from open tasks after a reload.
  await checkbox.check();
  await expect(checkbox).toBeChecked();
  await expect(group.getByRole('button', { name: title })).toHaveClass(/line-through/);
  await expect(group.locator('li', { hasText: title })).toContainText('Done');
  await page.reload();
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Done: ${title}` })).toHaveCount(0);

  // Reopen it from the completed tasks.
  await page.getByLabel('Status').selectOption('done');
  await expect(page).toHaveURL(/status=done/);
  const done = page.getByRole('checkbox', { name: `Done: ${title}` });
  await expect(done).toBeChecked();
  // The edit below starts from the reopened task (its ETag): wait for the save, then for the list read after it.
  const reopened = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.url().includes('/api/2023-01/tasks/'));
  await done.uncheck();
  await expect(done).not.toBeChecked();
  expect((await reopened).status()).toBe(200);
  const listed = page.waitForResponse((res) => res.request().method() === 'GET' && /\/api\/2023-01\/tasks\?/.test(res.url()));
  await page.getByLabel('Status').selectOption('');
  expect((await listed).status()).toBe(200);
  await expect(page.getByRole('checkbox', { name: `Done: ${title}` })).not.toBeChecked();

  // Edit: the form shows what was saved, project and list included.
  await page.getByRole('button', { name: title }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${title}”` });
  await expect(edit.getByRole('combobox', { name: 'Project' })).toHaveValue(project);
  await expect(edit.getByLabel('Task list')).toHaveValue(/\d+/);
  await expect(edit.getByLabel('Task list').locator('option:checked')).toHaveText(list);
  await edit.getByLabel('Deadline').fill(localDay(-2));
  await edit.getByRole('button', { name: 'Save task' }).click();
  await expect(edit).toBeHidden();
  await expect(page.locator('li', { hasText: title })).toContainText('Overdue ·');
});

test('a completion the API refuses rolls back with a message', async ({ page }) => {
  await page.goto('/tasks?view=all');
  const first = page.getByRole('checkbox').first();
  await expect(first).not.toBeChecked();
  await page.route('**/api/2023-01/tasks/*', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'internal_error', message: 'The server is having a bad day.' }),
        })
      : route.continue(),
  );
  await first.click();
  await expect(page.getByText('The server is having a bad day.')).toBeVisible();
  await expect(first).not.toBeChecked();
});
