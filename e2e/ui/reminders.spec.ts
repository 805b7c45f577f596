import { expect, test } from '../fixtures';
import { screens } from './screens';

// Reminders (issue 28): "Remind me" on a project, a day and time picked a minute or so ahead in the
// profile's time zone; the reminder waits in Notifications, then arrives there — the bell counts it.

/** The date (YYYY-MM-DD) and time (HH:MM) of an instant in a time zone. */
function wallClock(at: Date, zone: string): { date: string; time: string } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

test('a reminder set a minute ahead arrives in Notifications', async ({ page, request, token }) => {
  test.setTimeout(240_000);
  const auth = { Authorization: `Bearer ${token}` };
  const name = `Reminded project ${Date.now().toString(36)}`;
  const project = ((await (await request.post('/api/2023-01/projects', { headers: auth, data: { project: { name } } })).json()) as { project: { id: string } })
    .project;
  const me = ((await (await request.get('/api/2023-01/users/me', { headers: auth })).json()) as { user: { time_zone: string } }).user;

  await page.goto(`/projects/${project.id}`);
  await page.getByRole('button', { name: 'Remind me' }).click();
  const dialog = page.getByRole('dialog', { name: `Remind me about “${name}”` });
  await expect(dialog.getByRole('button', { name: /^Tomorrow 8 AM/ })).toBeVisible();
  await dialog.getByLabel('Note (optional)').fill('Call the owner’s rep about addendum 2');
  // Between half a minute and a minute and a half ahead, to the minute.
  const { date, time } = wallClock(new Date(Date.now() + 90_000), me.time_zone);
  await dialog.getByLabel('Pick a date').fill(date);
  await dialog.getByLabel('Time').fill(time);
  await screens(page, 'remind-me');
  await dialog.getByRole('button', { name: 'Set reminder' }).click();
  await expect(page.getByText(/^We’ll remind you /)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/notifications');
  const reminders = page.getByRole('region', { name: /^Your reminders/ });
  await expect(reminders.getByRole('link', { name })).toBeVisible();
  await expect(reminders).toContainText('Call the owner’s rep about addendum 2');
  await screens(page, 'reminders');

  // It comes due: the inbox has it, and the bell counts it.
  const arrived = page.getByRole('link', { name: `Reminder: ${name} — Call the owner’s rep about addendum 2` });
  await expect(async () => {
    await page.reload();
    await expect(arrived).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 180_000, intervals: [5_000] });
  await expect(page.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await expect(reminders.getByRole('link', { name })).toBeHidden();
  await screens(page, 'reminder-arrived');
  await arrived.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
});

test('Settings → Notifications: each kind by email right away, in the morning digest or not at all', async ({ page }) => {
  await page.goto('/notifications');
  await page.getByRole('link', { name: 'Email settings' }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const comments = page.getByRole('radiogroup', { name: 'Comments' });
  await expect(comments.getByRole('radio', { name: 'Morning digest' })).toBeChecked();
  await expect(page.getByRole('radiogroup', { name: 'Mentions' }).getByRole('radio', { name: 'Right away' })).toBeChecked();
  await comments.getByText('Right away').click();
  await expect(page.getByText('Comments: right away.')).toBeVisible();
  await screens(page, 'notification-settings');
  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Comments' }).getByRole('radio', { name: 'Right away' })).toBeChecked();
  const saved = await page.request.get('/api/2023-01/users/me/notification_settings');
  expect(((await saved.json()) as { notification_settings: Record<string, string> }).notification_settings.comment).toBe('instant');
  // Back as it was, for the journeys that follow.
  await page.getByRole('radiogroup', { name: 'Comments' }).getByText('Morning digest').click();
  await expect(page.getByText('Comments: morning digest.')).toBeVisible();

  // An admin sets the company's time zone, for everyone who has not chosen one; then back to the default.
  const zone = page.getByLabel('Company time zone');
  await zone.selectOption('America/Denver');
  await expect(page.getByText('Company time zone: America/Denver.')).toBeVisible();
  expect(((await (await page.request.get('/api/2023-01/account')).json()) as { account: { time_zone: string | null } }).account.time_zone).toBe(
    'America/Denver',
  );
  await zone.selectOption('');
  await expect(page.getByText('Company time zone: America/New York.')).toBeVisible();
});
