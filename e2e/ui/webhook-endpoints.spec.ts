import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

// Settings → Webhooks: add an endpoint (its secret shown once), receive a signed delivery from
// the app's worker, read the attempt log, resend, disable.

interface Hit {
  headers: Record<string, string>;
  body: string;
}

test('adds an endpoint, receives signed deliveries, shows attempts and resends', async ({ page, request, token }) => {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      hits.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body });
      res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/groundwork`;

  try {
    await page.goto('/settings/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhook endpoints' })).toBeVisible();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('Endpoint URL').fill(url);
    await dialog.getByLabel('Description (optional)').fill('Estimating sync (e2e)');
    await dialog.getByText('Events to send (every event)').click();
    await dialog.getByLabel('Company created (company.create)').check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const added = page.getByRole('dialog', { name: 'Endpoint added' });
    const secret = await added.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await added.getByRole('button', { name: 'Done' }).click();
    const endpoint = page.getByRole('listitem').filter({ hasText: url });
    await expect(endpoint).toContainText('Enabled');
    await expect(endpoint).toContainText('company.create');

    // A change through the API reaches the endpoint, signed with that secret.
    const created = await request.post('/api/2023-01/companies', {
      headers: { Authorization: `Bearer ${token}` },
      data: { company: { name: 'Webhook Receiving Co' } },
    });
    expect(created.status()).toBe(201);
    const company = (await created.json()).company;
    await expect.poll(() => hits.length, { timeout: 15_000 }).toBe(1);
    // The body names the changed record (Buildr's delivery): its id and URL, the event's type and time.
    const delivery = new Webhook(secret).verify(hits[0]!.body, hits[0]!.headers) as { id: string; url: string; event_type: string };
    expect(delivery).toMatchObject({ id: company.id, event_type: 'company.create' });
    expect(delivery.url).toMatch(new RegExp(`/api/2023-01/companies/${company.id}$`));

    await endpoint.getByRole('button', { name: 'Attempts' }).click();
    const log = endpoint.getByRole('region', { name: `Delivery attempts to ${url}` });
    await expect(log.getByText('Delivered · 200')).toBeVisible();
    await log.getByRole('button', { name: /^Resend company\.create message/ }).click();
    await expect(page.getByText(/queued for delivery/)).toBeVisible();
    await expect.poll(() => hits.length, { timeout: 15_000 }).toBe(2);
    expect(hits[1]!.headers['webhook-id']).toBe(hits[0]!.headers['webhook-id']);
    await expect(log.getByText('Delivered · 200')).toHaveCount(2, { timeout: 15_000 });

    await expectNoSeriousA11yViolations(page);
    await screens(page, 'settings-webhooks');

    await endpoint.getByRole('button', { name: 'Disable' }).click();
    await expect(endpoint).toContainText('Disabled by a user.');
    await expect(endpoint.getByRole('button', { name: 'Enable' })).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
