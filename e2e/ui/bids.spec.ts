import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { openCloseDialog } from './close-dialog';
import { screens } from './screens';

// Bids and competitors: a pursuit closed as lost says who won and at what price; the winner shows
// in the project's Bid results (with our own bid added there, and a second one of ours refused by
// the API next to its field), then on Insights → Competitors with its win, one click from the
// projects it bid on.

type Json = Record<string, unknown>;

async function api<T>(request: APIRequestContext, token: string, method: string, path: string, data?: Json): Promise<T> {
  const res = await request.fetch(`/api/2023-01${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (res.status() === 204 ? null : await res.json()) as T;
}

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('closes a pursuit as lost to a competitor, sees the winner in its bid results and the competitor on Insights', async ({ page, request, token }) => {
  const suffix = Date.now().toString(36);
  const rival = `Ridgeline Builders ${suffix}`;
  const name = `Bids journey ${suffix}`;
  const company = await api<{ company: { id: string } }>(request, token, 'POST', '/companies', { company: { name: rival, category: 'competitor' } });
  const made = await api<{ project: { id: string } }>(request, token, 'POST', '/projects', { project: { name, amount: 1_200_000 } });
  try {
    await page.goto(`/projects/${made.project.id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const dialog = await openCloseDialog(page, name);
    await expect(dialog.getByLabel('Close type')).toHaveValue('lost');
    await dialog.getByRole('combobox', { name: 'Winning company' }).fill(rival);
    await dialog.getByRole('option', { name: rival }).click();
    await dialog.getByLabel('Their price (USD)').fill('1,150,000.50');
    await screens(page, 'bids-close-dialog');
    await dialog.getByRole('button', { name: 'Close as lost' }).click();
    await expect(dialog).toBeHidden();

    // The winner in the project's bid results, its price to the cent, and who the project went to.
    const bids = page.getByRole('region', { name: 'Bid results' });
    const winnerRow = bids.getByRole('row').filter({ hasText: rival });
    await expect(winnerRow).toContainText('Winner');
    await expect(winnerRow).toContainText('$1,150,000.50');
    await expect(bids.getByText(`Awarded to ${rival}.`)).toBeVisible();
    const results = await api<{ bid_results: Json[] }>(request, token, 'GET', `/projects/${made.project.id}/bid_results`);
    expect(results.bid_results).toEqual([
      expect.objectContaining({ company: expect.objectContaining({ id: company.company.id }), amount_in_cents: 115_000_050, is_winner: true, is_us: false }),
    ]);

    // Our own bid, added in the section; a second one is refused next to the bidder.
    const addBidder = async () => {
      await bids.getByRole('button', { name: 'Add bidder' }).click();
      const form = page.getByRole('dialog', { name: 'Add a bidder' });
      await form.getByLabel('Us (our own bid)').check();
      await form.getByLabel('Bid amount (USD)').fill('1,200,000');
      await form.getByLabel('Rank').fill('2');
      await form.getByRole('button', { name: 'Add bidder' }).click();
      return form;
    };
    const first = await addBidder();
    await expect(first).toBeHidden();
    await expect(bids.getByRole('row').filter({ has: page.getByText('Us', { exact: true }) })).toContainText('$1,200,000');
    const second = await addBidder();
    await expect(second.getByText('the project already has our bid')).toBeVisible();
    await second.getByRole('button', { name: 'Cancel' }).click();
    await expect(second).toBeHidden();
    await bids.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
    await screens(page, 'bids-project');

    // Insights → Competitors: the rival with its win over us, met today.
    await page.goto('/insights');
    await page.getByRole('navigation', { name: 'Insights views' }).getByRole('link', { name: 'Competitors' }).click();
    await expect(page).toHaveURL(/\/insights\?view=competitors$/);
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('Bids since').fill(today);
    await expect(page).toHaveURL(new RegExp(`since=${today}`));
    const table = page.getByRole('region', { name: 'Competitors: the numbers' });
    // Company, bids against us, their wins, our wins, head to head, their price against ours (1,150,000.50 ÷ 1,200,000), last met.
    await expect(table.getByRole('row').filter({ hasText: rival }).getByRole('cell')).toHaveText([
      rival,
      '1',
      '1',
      '0',
      '0%',
      '4.2% below us',
      day.format(new Date()),
      'Projects',
    ]);
    const bar = page.getByRole('region', { name: 'Head to head' }).locator(`[data-company="${company.company.id}"]`).getByRole('link');
    await expect(bar).toHaveAccessibleName(`${rival}: we win 0% head to head; We won 0 · they won 1 · 1 bid against us: the projects they bid on`);
    await expectNoSeriousA11yViolations(page);
    await screens(page, 'insights-competitors');

    // One click to the projects it bid on, the filter named in words.
    await table.getByRole('link', { name: `Projects ${rival} bid on` }).click();
    await expect(page).toHaveURL(`/projects?view=table&competitor_id=${company.company.id}`);
    await expect(page.getByRole('group', { name: 'Filtered by bids' })).toContainText(`Projects bid on by ${rival}`);
    await expect(page.getByRole('table').getByRole('link', { name })).toBeVisible();
  } finally {
    await api(request, token, 'DELETE', `/projects/${made.project.id}`);
    await api(request, token, 'DELETE', `/companies/${company.company.id}`);
  }
});
