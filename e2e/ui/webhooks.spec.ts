import { expect, test } from '../fixtures';
import { expectAccessibleInBothThemes } from './axe';
import { screens } from './screens';

// Webhook messages: the account's event feed, filtered by type, each event linking to its record.

test('filters the feed by event type and links each event to its record', async ({ page, request, token }) => {
  const auth = { Authorization: `Bearer ${token}` };
  const lead = (await (await request.get('/api/2023-01/leads?per_page=1', { headers: auth })).json()).leads[0];
  const patched = await request.patch(`/api/2023-01/leads/${lead.id}`, {
    headers: auth,
    data: { lead: { priority: !lead.priority } },
  });
  expect(patched.status()).toBe(200);

  await page.goto('/webhooks');
  await expect(page.getByRole('heading', { name: 'Webhook messages' })).toBeVisible();
  const feed = page.getByRole('list', { name: 'Webhook messages, newest first' });
  await expect(feed.getByRole('listitem').first()).toBeVisible();
  await expect(feed.getByRole('listitem').first()).toContainText('lead.update');

  await page.getByText('Event types (all)').click();
  await page.getByLabel('Lead updated (lead.update)').check();
  await expect(page).toHaveURL(/event_type=lead\.update$/);
  const items = feed.getByRole('listitem');
  await expect(items.first()).toContainText('lead.update');
  // Retried until the filtered page replaces the previous one (kept on screen while it loads).
  await expect(items.filter({ hasNotText: 'lead.update' })).toHaveCount(0);

  await page.getByLabel('Project created (project.create)').check();
  // The URL lists the types in the API's order.
  await expect(page).toHaveURL(/event_type=project\.create%2Clead\.update$/);
  await expect(feed.getByText('project.create').first()).toBeVisible();
  await expect(items.filter({ hasNotText: /lead\.update|project\.create/ })).toHaveCount(0);
  const projectLink = feed.getByRole('listitem').filter({ hasText: 'project.create' }).first().getByRole('link');
  await expect(projectLink).toHaveAttribute('href', /^\/projects\/\d+$/);

  await expectAccessibleInBothThemes(page);
  await screens(page, 'webhooks');

  await page.getByRole('button', { name: 'Remove filter project.create' }).click();
  await expect(page).toHaveURL(/event_type=lead\.update$/);
  // The newest lead.update is ours: its link opens the lead's own page.
  const link = items.first().getByRole('link', { name: `Lead #${lead.id}` });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/leads/${lead.id}$`));
  await expect(page.getByRole('heading', { name: lead.name, level: 1 })).toBeVisible();
});
