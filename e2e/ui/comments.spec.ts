import { expect, test } from '../fixtures';
import { screens } from './screens';

// Comments on a record's timeline (issue 28): "@" picks a colleague with the keyboard, Ctrl+Enter
// posts, the mention reads as the name, one's own comment is edited and deleted in place; the
// timeline shows the record's changes beside them, and filters by kind.

test('comments on a project with a mention, edits and deletes it', async ({ page, request, token }) => {
  const name = `Commented project ${Date.now().toString(36)}`;
  const res = await request.post('/api/2023-01/projects', { headers: { Authorization: `Bearer ${token}` }, data: { project: { name } } });
  expect(res.status()).toBe(201);
  const project = ((await res.json()) as { project: { id: string } }).project;

  const moved = await request.patch(`/api/2023-01/projects/${project.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { project: { amount: 2_400_000 } },
  });
  expect(moved.status()).toBe(200);

  await page.goto(`/projects/${project.id}`);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page).toHaveURL(/tab=timeline/);
  const thread = page.getByRole('region', { name: /^Timeline/ });
  await expect(thread.getByText(/created the project/)).toBeVisible();
  await expect(thread.getByText(/set the amount to \$2,400,000/)).toBeVisible();
  const box = thread.getByRole('combobox', { name: 'New comment' });
  await expect(async () => {
    await box.fill('');
    await box.pressSequentially('Can you confirm the bid date, @marc');
    await expect(thread.getByRole('option', { name: 'Marcus Reyes' })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await screens(page, 'comment-mention-picker');
  await box.press('Enter');
  await expect(box).toHaveValue(/@\[Marcus Reyes\]\(user:\d+\) $/);
  await box.pressSequentially('? **Friday** works.');
  await box.press('Control+Enter');
  const comment = thread.getByRole('listitem', { name: /^Comment by/ }).first();
  await expect(comment).toContainText('Can you confirm the bid date, @Marcus Reyes ? Friday works.');
  await expect(comment.locator('strong')).toHaveText('Friday');
  await expect(box).toHaveValue('');
  const saved = (
    (await (await page.request.get(`/api/2023-01/comments?commentable_type=project&commentable_id=${project.id}`)).json()) as {
      comments: { body: string; mentions: { name: string }[] }[];
    }
  ).comments;
  expect(saved[0]!.mentions.map((m) => m.name)).toEqual(['Marcus Reyes']);
  await screens(page, 'comment-thread');

  await comment.getByRole('button', { name: /^Edit your comment/ }).click();
  const edit = comment.getByRole('combobox', { name: 'Edit the comment' });
  await edit.fill('Friday at 2 PM, confirmed.');
  await comment.getByRole('button', { name: 'Save' }).click();
  await expect(comment).toContainText('Friday at 2 PM, confirmed.');
  await expect(comment).toContainText('(edited)');

  // Only the comments, then everything again.
  await thread.getByRole('button', { name: 'Comments', exact: true }).click();
  await expect(thread.getByText(/created the project/)).toBeHidden();
  await expect(comment).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await comment.getByRole('button', { name: /^Delete the comment/ }).click();
  await expect(thread.getByText('No comments yet.')).toBeVisible();
  await thread.getByRole('button', { name: 'Everything' }).click();
  await expect(thread.getByText(/created the project/)).toBeVisible();
});

test('a mentioned colleague sees the bell, opens the notification at the comment and replies', async ({ browser, page, request, token, baseURL }) => {
  const tag = Date.now().toString(36);
  const email = `riley.${tag}@example.com`;
  const created = await page.request.post('/api/2023-01/users', {
    headers: { Origin: baseURL! },
    data: { user: { email, first_name: 'Riley', last_name: `Bell${tag}`, password: 'a password for riley' } },
  });
  expect(created.status()).toBe(201);
  const riley = ((await created.json()) as { user: { id: string; name: string } }).user;
  const name = `Bell project ${tag}`;
  const res = await request.post('/api/2023-01/projects', { headers: { Authorization: `Bearer ${token}` }, data: { project: { name } } });
  const project = ((await res.json()) as { project: { id: string } }).project;

  // The admin mentions Riley (the API's own way of writing a mention).
  const comment = await request.post('/api/2023-01/comments', {
    headers: { Authorization: `Bearer ${token}` },
    data: { comment: { commentable_type: 'project', commentable_id: project.id, body: `@[${riley.name}](user:${riley.id}) can you price the steel?` } },
  });
  expect(comment.status()).toBe(201);
  const commentId = ((await comment.json()) as { comment: { id: string } }).comment.id;

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const other = await context.newPage();
  await other.goto('/sign-in');
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill('a password for riley');
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL((url) => url.pathname === '/');
  const bell = other.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await screens(other, 'notification-bell');
  await bell.click();
  await expect(other.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const item = other.getByRole('link', { name: new RegExp(`mentioned you on ${name}`) });
  await expect(item).toBeVisible();
  await screens(other, 'notifications-inbox');
  await item.click();
  await expect(other).toHaveURL(new RegExp(`/projects/${project.id}\\?tab=timeline#comment-${commentId}$`));
  await expect(other.locator(`#comment-${commentId}`)).toContainText('can you price the steel?');
  await expect(other.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  // The reply, mentioning back.
  const box = other.getByRole('region', { name: /^Timeline/ }).getByRole('combobox', { name: 'New comment' });
  await box.fill('On it — numbers by Thursday.');
  await box.press('Control+Enter');
  await expect(other.getByRole('listitem', { name: `Comment by ${riley.name}` })).toContainText('numbers by Thursday');
  await context.close();
});
