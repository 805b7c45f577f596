import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { screens } from './screens';

// A pursuit's Go / no-go tab: the scorecard answered 1–5, the score as the answers change, the
// decision with who and when, and a no-go that closes the project; Settings → Scorecard.

type Json = Record<string, unknown>;

async function api<T>(request: APIRequestContext, token: string, method: string, path: string, data?: Json): Promise<T> {
  const res = await request.fetch(`/api/2023-01${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (res.status() === 204 ? null : await res.json()) as T;
}

test('answers the scorecard, decides go, then closes another pursuit as a no-go', async ({ page, request, token }) => {
  const made = await api<{ project: { id: string } }>(request, token, 'POST', '/projects', {
    project: { name: 'Scorecard journey pursuit', amount: 2_500_000, estimating_hours: 120 },
  });
  const other = await api<{ project: { id: string } }>(request, token, 'POST', '/projects', { project: { name: 'Scorecard journey no-go' } });
  try {
    await page.goto(`/projects/${made.project.id}?tab=go_no_go`);
    const scorecard = page.getByRole('form', { name: 'Scorecard' });
    await expect(scorecard).toBeVisible();
    // The first interaction after the page loads: retried until the page has hydrated.
    await expect(async () => {
      await scorecard.getByLabel('Relationship with the owner: 5').check({ force: true });
      await expect(page.getByText('Not saved yet')).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await scorecard.getByLabel('Project size fit: 4', { exact: true }).check({ force: true });
    // (3 × 1 + 2 × 0.75) ÷ 5 = 90.
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toContainText('90 / 100');
    await expectNoSeriousA11yViolations(page);
    await scorecard.getByRole('button', { name: 'Save answers' }).click();
    await expect(page.getByText('Saved the scorecard.')).toBeVisible();
    await scorecard.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(summary).toContainText('Go');
    await expect(summary).toContainText('Dana Whitfield');
    // 2,500,000 × the learned odds ÷ 120 hours: shown to the cent as the API computes it.
    const detail = await api<{ go_no_go: { expected_value_per_estimating_hour: number; score: number; decision: string } }>(
      request,
      token,
      'GET',
      `/projects/${made.project.id}/go_no_go`,
    );
    expect(detail.go_no_go).toMatchObject({ score: 90, decision: 'go' });
    await expect(summary).toContainText(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
        detail.go_no_go.expected_value_per_estimating_hour,
      ),
    );
    await screens(page, 'go-no-go');

    await page.goto(`/projects/${other.project.id}?tab=go_no_go`);
    await expect(async () => {
      await page.getByRole('button', { name: 'No-go and close' }).click();
      await expect(page.getByText('No-go: closed as did not pursue.')).toBeVisible({ timeout: 2_000 });
    }).toPass();
    const closed = await api<{ project: Json }>(request, token, 'GET', `/projects/${other.project.id}`);
    expect(closed.project).toMatchObject({ close_type: 'did_not_pursue', project_status: 'lost', project_stage: expect.objectContaining({ name: 'Lost' }) });
    await expect(page.getByRole('button', { name: 'No-go and close' })).toHaveCount(0);

    await page.goto('/settings/scorecard');
    await expect(page.getByRole('heading', { name: 'Go / no-go scorecard' })).toBeVisible();
    await expect(page.getByText('Our capacity at the planned start')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Scorecard' })).toHaveAttribute('aria-current', 'page');
    await screens(page, 'settings-scorecard');
  } finally {
    await api(request, token, 'DELETE', `/projects/${made.project.id}`);
    await api(request, token, 'DELETE', `/projects/${other.project.id}`);
  }
});
