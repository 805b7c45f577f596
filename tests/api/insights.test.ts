import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { insertUser } from '@/db/queries/accounts';
import { projects } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { suggestedProbability, winRate } from '@/lib/shared/domain/insights';
import { client } from '../api';
import { createTestAccount, TIMESTAMP, type TestAccount } from '../fixtures';

// Issue 19: closed_at, the close types without a result, win rates and the learned probability.

// DEFAULT_STAGES: 0 Lead (open) … 4 Negotiating (open), 5 Won, 6 Lost.
const WON = 5;
const LOST = 6;
const DAY = 86_400_000;

let a: TestAccount;
let b: TestAccount;
const stage = (t: TestAccount, i: number) => String(t.stageIds[i]);

async function make(t: TestAccount, project: Record<string, unknown>) {
  const res = await t.api.post('/projects', { project });
  expect(res.status).toBe(201);
  return res.body.project as { id: string; closed_at: string | null } & Record<string, unknown>;
}

const setClosedAt = (id: string, at: Date) =>
  getDb()
    .update(projects)
    .set({ closedAt: at })
    .where(eq(projects.id, Number(id)));

beforeAll(async () => {
  a = await createTestAccount('Insights GC');
  b = await createTestAccount('Other GC');
});

describe('the formulas, by hand', () => {
  it('win rate: won ÷ (won + lost) to four decimals, null without results', () => {
    expect(winRate(2, 1)).toBe(0.6667);
    expect(winRate(1, 7)).toBe(0.125);
    expect(winRate(0, 3)).toBe(0);
    expect(winRate(0, 0)).toBeNull();
  });

  it('suggested probability: (won + 1) ÷ (won + lost + 2) over the sector from 5 results, else the account', () => {
    // 3 won, 2 lost in the sector: 4/7.
    expect(suggestedProbability([3, 2], [10, 10])).toEqual({
      suggested_probability: 0.5714,
      suggested_probability_basis: { group_by: 'market_sector', won: 3, lost: 2 },
    });
    // 4 results in the sector: the account's 6 won, 3 lost: 7/11.
    expect(suggestedProbability([3, 1], [6, 3])).toEqual({
      suggested_probability: 0.6364,
      suggested_probability_basis: { group_by: 'account', won: 6, lost: 3 },
    });
    // No history at all: a half.
    expect(suggestedProbability([0, 0], [0, 0]).suggested_probability).toBe(0.5);
  });
});

describe('closed_at and the close types without a result', () => {
  it('is set on entering a closed stage, kept within its category, cleared on reopening', async () => {
    const p = await make(a, { name: 'Clinic' });
    expect(p.closed_at).toBeNull();
    const won = await a.api.patch(`/projects/${p.id}`, { project: { project_stage_id: stage(a, WON) } });
    expect(won.body.project.closed_at).toMatch(TIMESTAMP);
    expect(Math.abs(Date.parse(won.body.project.closed_at) - Date.now())).toBeLessThan(60_000);
    // A later edit keeps it.
    await setClosedAt(p.id, new Date('2025-03-04T05:06:07Z'));
    const renamed = await a.api.patch(`/projects/${p.id}`, { project: { name: 'Clinic B' } });
    expect(renamed.body.project).toMatchObject({ closed_at: '2025-03-04T05:06:07Z', close_type: 'won' });
    // Lost is another category: closed again, now.
    const lost = await a.api.patch(`/projects/${p.id}`, { project: { project_stage_id: stage(a, LOST) } });
    expect(lost.body.project.close_type).toBe('lost');
    expect(Date.parse(lost.body.project.closed_at)).toBeGreaterThan(Date.parse('2026-01-01'));
    const reopened = await a.api.patch(`/projects/${p.id}`, { project: { project_stage_id: stage(a, 1) } });
    expect(reopened.body.project).toMatchObject({ closed_at: null, close_type: null, project_status: 'pursuit' });
    const row = await getDb()
      .select({ closedAt: projects.closedAt })
      .from(projects)
      .where(eq(projects.id, Number(p.id)));
    expect(row[0]!.closedAt).toBeNull();
  });

  it('takes a past closed_at (a date or a date-time) for history recorded late, and refuses it on an open project or in the future', async () => {
    const p = await make(a, { name: 'Depot', project_stage_id: stage(a, LOST), closed_at: '2024-06-30' });
    expect(p.closed_at).toBe('2024-06-30T00:00:00Z');
    const moved = await a.api.patch(`/projects/${p.id}`, { project: { closed_at: '2024-07-01T12:00:00Z' } });
    expect(moved.body.project.closed_at).toBe('2024-07-01T12:00:00Z');
    const future = await a.api.patch(`/projects/${p.id}`, { project: { closed_at: new Date(Date.now() + 2 * DAY).toISOString() } });
    expect(future.status).toBe(422);
    expect(future.body.details.closed_at[0]).toMatch(/future/);
    const open = await a.api.post('/projects', { project: { name: 'Open', closed_at: '2024-06-30' } });
    expect(open.status).toBe(422);
    expect(open.body.details.closed_at[0]).toMatch(/closed/);
    expect((await a.api.patch(`/projects/${p.id}`, { project: { closed_at: 'last week' } })).status).toBe(422);
  });

  it('cancelled and did_not_pursue close a project as lost in status, stay through edits, and cannot be cleared in a closed stage', async () => {
    const p = await make(a, { name: 'Warehouse', project_stage_id: stage(a, LOST), close_type: 'did_not_pursue' });
    expect(p).toMatchObject({ close_type: 'did_not_pursue', project_status: 'lost' });
    const edited = await a.api.patch(`/projects/${p.id}`, { project: { amount: 1000 } });
    expect(edited.body.project.close_type).toBe('did_not_pursue');
    const cancelled = await a.api.patch(`/projects/${p.id}`, { project: { close_type: 'cancelled' } });
    expect(cancelled.body.project).toMatchObject({ close_type: 'cancelled', project_status: 'lost' });
    const cleared = await a.api.patch(`/projects/${p.id}`, { project: { close_type: null } });
    expect(cleared.status).toBe(422);
    const wrong = await a.api.patch(`/projects/${p.id}`, { project: { close_type: 'won' } });
    expect(wrong.status).toBe(422);
    const inOpen = await a.api.post('/projects', { project: { name: 'x', close_type: 'cancelled' } });
    expect(inOpen.status).toBe(422);
    // An awarded job the owner cancels: cancelled in a won stage, status lost, out of the contracted work.
    const awarded = await make(a, { name: 'Awarded then cancelled', project_stage_id: stage(a, WON), close_type: 'cancelled' });
    expect(awarded).toMatchObject({ close_type: 'cancelled', project_status: 'lost' });

    const lostList = await a.api.get('/projects?project_status=lost&per_page=100');
    expect(lostList.body.projects.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([p.id, awarded.id]));
    const byType = await a.api.get('/projects?close_type=cancelled&per_page=100');
    expect(byType.body.projects.map((x: { id: string }) => x.id).sort()).toEqual([p.id, awarded.id].sort());
    const report = (await a.api.get('/reports/pipeline')).body.pipeline;
    expect(report.cancelled.count).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /insights/win_rates and the learned probability', () => {
  let c: TestAccount;
  const sector = (i: number) => String(c.lookup.marketSectors[i]);

  beforeAll(async () => {
    c = await createTestAccount('Win rate GC');
    const closed = async (name: string, i: number | null, type: 'won' | 'lost' | 'cancelled' | 'did_not_pursue', amount: number | null, daysAgo = 10) => {
      const p = await make(c, {
        name,
        amount,
        market_sector_id: i === null ? null : sector(i),
        project_stage_id: stage(c, type === 'won' ? WON : LOST),
        close_type: type,
      });
      await setClosedAt(p.id, new Date(Date.now() - daysAgo * DAY));
    };
    // Sector 0: 3 won (100, 200, 300 dollars), 2 lost (50, no amount); one cancelled, one did not pursue (counted nowhere).
    await closed('S0 won 1', 0, 'won', 100);
    await closed('S0 won 2', 0, 'won', 200);
    await closed('S0 won 3', 0, 'won', 300);
    await closed('S0 lost 1', 0, 'lost', 50);
    await closed('S0 lost 2', 0, 'lost', null);
    await closed('S0 cancelled', 0, 'cancelled', 999);
    await closed('S0 no bid', 0, 'did_not_pursue', 999);
    // Sector 1: 1 won, 2 lost (4 results with the old one outside the 36 months).
    await closed('S1 won', 1, 'won', 10);
    await closed('S1 lost 1', 1, 'lost', 20);
    await closed('S1 lost 2', 1, 'lost', 30);
    await closed('S1 old loss', 1, 'lost', 40, 365 * 4);
    // No sector: 1 lost.
    await closed('No sector lost', null, 'lost', 5);
    // Another account's history never counts.
    for (let i = 0; i < 6; i++) {
      const p = await make(b, { name: `B win ${i}`, amount: 1, market_sector_id: String(b.lookup.marketSectors[0]), project_stage_id: stage(b, WON) });
      expect(p.close_type).toBe('won');
    }
  });

  it('groups by market sector (the default) with counts, amounts in cents and both rates', async () => {
    const res = await c.api.get('/insights/win_rates');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['win_rates']);
    const rows = res.body.win_rates;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      group: expect.objectContaining({ id: sector(0), name: expect.any(String) }),
      won_count: 3,
      lost_count: 2,
      won_amount_in_cents: 60_000,
      lost_amount_in_cents: 5_000,
      win_rate: 0.6,
      amount_win_rate: 0.9231,
    });
    expect(rows[1]).toMatchObject({
      group: { id: sector(1) },
      won_count: 1,
      lost_count: 2,
      won_amount_in_cents: 1_000,
      lost_amount_in_cents: 5_000,
      win_rate: 0.3333,
      amount_win_rate: 0.1667,
    });
    expect(rows[2]).toEqual({ group: null, won_count: 0, lost_count: 1, won_amount_in_cents: 0, lost_amount_in_cents: 500, win_rate: 0, amount_win_rate: 0 });
  });

  it('takes since, and refuses an unknown grouping or a malformed date', async () => {
    const all = await c.api.get(`/insights/win_rates?since=2015-01-01`);
    const s1 = all.body.win_rates.find((r: { group: { id: string } | null }) => r.group?.id === sector(1));
    expect(s1).toMatchObject({ won_count: 1, lost_count: 3 });
    const recent = await c.api.get(`/insights/win_rates?since=${new Date(Date.now() + DAY).toISOString().slice(0, 10)}`);
    expect(recent.body.win_rates).toEqual([]);
    const bad = await c.api.get('/insights/win_rates?group_by=colour&since=soon');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['group_by', 'since']);
  });

  it('groups by the quarter of closed_at, oldest first', async () => {
    const q = (d: Date) => `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
    const four = await getDb().select({ id: projects.id }).from(projects).where(eq(projects.name, 'S1 won'));
    await setClosedAt(String(four[0]!.id), new Date('2025-02-10T12:00:00Z'));
    const res = await c.api.get('/insights/win_rates?group_by=quarter&since=2025-01-01');
    expect(res.status).toBe(200);
    const rows = res.body.win_rates;
    expect(rows[0]).toEqual({
      group: { id: '2025-Q1', name: 'Q1 2025' },
      won_count: 1,
      lost_count: 0,
      won_amount_in_cents: 1_000,
      lost_amount_in_cents: 0,
      win_rate: 1,
      amount_win_rate: 1,
    });
    expect(rows.map((r: { group: { id: string } }) => r.group.id)).toEqual([...new Set(['2025-Q1', q(new Date(Date.now() - 10 * DAY))])].sort());
    await setClosedAt(String(four[0]!.id), new Date(Date.now() - 10 * DAY));
  });

  it('lists the projects behind a group with the same filters on /projects', async () => {
    const rows = (await c.api.get('/insights/win_rates')).body.win_rates;
    const listed = await c.api.get(`/projects?market_sector_id=${sector(0)}&close_type=won&per_page=100`);
    expect(listed.body.projects).toHaveLength(rows[0].won_count);
    const lostListed = await c.api.get(`/projects?market_sector_id=${sector(0)}&close_type=lost`);
    expect(lostListed.headers.get('x-total-count')).toBe(String(rows[0].lost_count));
    for (const f of ['delivery_method_id', 'tender_type_id', 'contract_type_id', 'division_id']) {
      expect((await c.api.get(`/projects?${f}=1`)).status).toBe(200);
      expect((await c.api.get(`/projects?${f}=x`)).status).toBe(422);
    }
  });

  it('groups by company and by assignee with their references', async () => {
    const byUser = await c.api.get('/insights/win_rates?group_by=assigned_to');
    expect(byUser.status).toBe(200);
    expect(byUser.body.win_rates).toEqual([
      { group: null, won_count: 4, lost_count: 5, won_amount_in_cents: 61_000, lost_amount_in_cents: 10_500, win_rate: 0.4444, amount_win_rate: 0.8531 },
    ]);
    for (const g of ['company', 'delivery_method', 'tender_type', 'contract_type', 'division']) {
      expect((await c.api.get(`/insights/win_rates?group_by=${g}`)).status).toBe(200);
    }
  });

  it('suggests a probability for each open project from its sector, or the account when the sector is thin', async () => {
    const inS0 = await make(c, { name: 'Open in S0', market_sector_id: sector(0) });
    // Sector 0 has 5 results: (3 + 1) / (5 + 2).
    expect(inS0).toMatchObject({ suggested_probability: 0.5714, suggested_probability_basis: { group_by: 'market_sector', won: 3, lost: 2 } });
    // Sector 1 has 3 within the window: the account's 4 won, 5 lost: 5/11.
    const inS1 = await make(c, { name: 'Open in S1', market_sector_id: sector(1) });
    expect(inS1).toMatchObject({ suggested_probability: 0.4545, suggested_probability_basis: { group_by: 'account', won: 4, lost: 5 } });
    const none = await make(c, { name: 'Open, no sector' });
    expect(none.suggested_probability_basis).toEqual({ group_by: 'account', won: 4, lost: 5 });
    // The list and the single read say the same; a closed project has none.
    const list = await c.api.get('/projects?per_page=100');
    const listed = list.body.projects.find((p: { id: string }) => p.id === inS0.id);
    expect(listed.suggested_probability).toBe(0.5714);
    const closed = list.body.projects.find((p: { name: string }) => p.name === 'S0 won 1');
    expect(closed).toMatchObject({ suggested_probability: null, suggested_probability_basis: null });
    expect((await c.api.get(`/projects/${inS1.id}`)).body.project.suggested_probability).toBe(0.4545);
    // An account without history: a half.
    const fresh = await make(b, { name: 'B open', market_sector_id: String(b.lookup.marketSectors[0]) });
    expect(fresh).toMatchObject({ suggested_probability: 0.875, suggested_probability_basis: { group_by: 'market_sector', won: 6, lost: 0 } });
  });

  it('weights the forecast by the learned probabilities with probability_source=suggested', async () => {
    await make(c, {
      name: 'Scheduled S0 pursuit',
      amount: 1000,
      probability: 0.9,
      market_sector_id: sector(0),
      start_date: '2027-03-01',
      end_date: '2027-03-31',
      forecast_curve: 'linear',
    });
    const entered = await c.api.get('/forecast?from=2027-03&to=2027-03');
    expect(entered.body.forecast).toMatchObject({
      probability_source: 'entered',
      totals: { weighted_pipeline_in_cents: 90_000, unweighted_pipeline_in_cents: 100_000 },
    });
    const suggested = await c.api.get('/forecast?from=2027-03&to=2027-03&probability_source=suggested');
    expect(suggested.status).toBe(200);
    // Sector 0's 3 won and 2 lost: 4/7 = 0.5714 of 100,000 cents.
    expect(suggested.body.forecast).toMatchObject({
      probability_source: 'suggested',
      totals: { weighted_pipeline_in_cents: 57_140, unweighted_pipeline_in_cents: 100_000 },
    });
    const withSnapshot = await c.api.get('/forecast?probability_source=suggested&snapshot_id=1');
    expect(withSnapshot.status).toBe(422);
    expect(Object.keys(withSnapshot.body.details)).toEqual(['probability_source']);
    expect((await c.api.get('/forecast?probability_source=learned')).status).toBe(422);
  });

  it('ranks open pursuits by the money the learned and entered odds disagree on', async () => {
    // Sector 0 suggests 0.5714; the account 0.4545 (sector 1 and none).
    const big = await make(c, { name: 'Gap big', amount: 1_000_000, probability: 0.9, market_sector_id: sector(0) }); // 1,000,000 × 0.3286
    const agree = await make(c, { name: 'Gap none', amount: 5_000_000, probability: 0.5714, market_sector_id: sector(0) }); // no gap
    const small = await make(c, { name: 'Gap small', amount: 2_000_000, probability: 0.5, market_sector_id: sector(1) }); // 2,000,000 × 0.0455
    const res = await c.api.get('/insights/probability_gaps');
    expect(res.status).toBe(200);
    const ids = res.body.projects.map((p: { id: string }) => p.id);
    expect(ids.length).toBeLessThanOrEqual(3);
    expect(ids[0]).toBe(big.id);
    expect(ids).not.toContain(agree.id);
    expect(ids.indexOf(small.id)).toBeGreaterThan(0);
    expect(res.body.projects[0]).toMatchObject({ name: 'Gap big', probability: 0.9, suggested_probability: 0.5714 });
    expect((await c.api.get('/insights/probability_gaps?limit=1')).body.projects.map((p: { id: string }) => p.id)).toEqual([big.id]);
    expect((await c.api.get('/insights/probability_gaps?limit=0')).status).toBe(422);
    // Another account sees none of them.
    const other = await b.api.get('/insights/probability_gaps?limit=20');
    expect(other.body.projects.map((p: { id: string }) => p.id)).not.toContain(big.id);
  });

  it('needs the insights permission', async () => {
    const userId = await insertUser(getDb(), {
      accountId: c.accountId,
      email: `no.insights@example.com`,
      firstName: 'No',
      lastName: 'Insights',
      permissionInsights: 'none',
    });
    const api = client(await createApiToken(getDb(), { accountId: c.accountId, userId }));
    const res = await api.get('/insights/win_rates');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_permission', details: { area: 'insights' } });
  });
});
