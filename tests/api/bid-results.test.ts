import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { insertUser } from '@/db/queries/accounts';
import { bidResults, projects, webhookMessages } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { runDueImports } from '@/lib/server/imports/service';
import { BASE, client, dispatch, type Client } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// Issue 31, bid results: who bid on a project, at what price, who won; the project's awarded_to,
// bid_count and price to win; the competitors insight. Every number below is computed by hand.

// DEFAULT_STAGES: 0 Lead (open) … 4 Negotiating (open), 5 Won, 6 Lost.
const WON = 5;
const LOST = 6;
const KEYS = ['amount_in_cents', 'company', 'created_at', 'id', 'is_us', 'is_winner', 'notes', 'project', 'rank', 'updated_at'];

let a: TestAccount;
let b: TestAccount;

const stage = (t: TestAccount, i: number) => String(t.stageIds[i]);

async function project(t: TestAccount, fields: Record<string, unknown>) {
  const res = await t.api.post('/projects', { project: { name: `Project ${Math.random().toString(36).slice(2, 7)}`, ...fields } });
  expect(res.status).toBe(201);
  return res.body.project as { id: string } & Record<string, unknown>;
}

async function company(t: TestAccount, name: string) {
  const res = await t.api.post('/companies', {
    company: { name, category: 'competitor', website: `https://${name.split(' ')[0]!.toLowerCase()}.example.com` },
  });
  expect(res.status).toBe(201);
  return res.body.company as { id: string; name: string };
}

async function bid(t: TestAccount | Client, projectId: string, fields: Record<string, unknown>) {
  const api = 'api' in t ? t.api : t;
  return api.post(`/projects/${projectId}/bid_results`, { bid_result: fields });
}

async function result(t: TestAccount, projectId: string, fields: Record<string, unknown>) {
  const res = await bid(t, projectId, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.bid_result as { id: string } & Record<string, unknown>;
}

beforeAll(async () => {
  a = await createTestAccount('Bids GC');
  b = await createTestAccount('Other bids GC');
});

describe('bid results', () => {
  it('records a company’s bid and ours in the house’s shape, listed lowest price first', async () => {
    const p = await project(a, { amount: 1_000_000 });
    const apex = await company(a, 'Apex Builders');
    const summit = await company(a, 'Summit Constructors');
    const theirs = await result(a, p.id, { company_id: apex.id, amount_in_cents: 95_000_000, rank: 1, is_winner: true, notes: 'Opened publicly' });
    expect(Object.keys(theirs).sort()).toEqual(KEYS);
    expect(theirs).toMatchObject({
      project: { id: p.id, name: p.name },
      company: { id: apex.id, name: 'Apex Builders', website: 'https://apex.example.com' },
      is_us: false,
      amount_in_cents: 95_000_000,
      rank: 1,
      is_winner: true,
      notes: 'Opened publicly',
    });
    const ours = await result(a, p.id, { is_us: true, amount_in_cents: 100_000_000, rank: 2 });
    expect(ours).toMatchObject({ company: null, is_us: true, is_winner: false, notes: null });
    await result(a, p.id, { company_id: summit.id });

    const list = await a.api.get(`/projects/${p.id}/bid_results`);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('3');
    // Rank, then amount; unknowns last.
    expect(list.body.bid_results.map((r: { rank: number | null }) => r.rank)).toEqual([1, 2, null]);
    expect((await a.api.get(`/bid_results/${theirs.id}`)).body.bid_result).toEqual(theirs);
    const byCompany = await a.api.get(`/bid_results?company_id=${apex.id}`);
    expect(byCompany.body.bid_results.map((r: { id: string }) => r.id)).toEqual([theirs.id]);

    const updated = await a.api.get(`/projects/${p.id}`);
    expect(updated.body.project.bid_count).toBe(3);
    expect(updated.body.project.awarded_to).toMatchObject({ id: apex.id, name: 'Apex Builders', website: 'https://apex.example.com' });
  });

  it('refuses a second winner, a second bid of ours or of a company, and a bidder that is neither: 422 naming the field', async () => {
    const p = await project(a, {});
    const apex = await company(a, 'Apex Two');
    await result(a, p.id, { company_id: apex.id, is_winner: true });
    const twice = await bid(a, p.id, { company_id: apex.id });
    expect(twice.status).toBe(422);
    expect(twice.body.details).toHaveProperty('company_id');
    const secondWinner = await bid(a, p.id, { is_us: true, is_winner: true });
    expect(secondWinner.status).toBe(422);
    expect(secondWinner.body.details).toHaveProperty('is_winner');
    await result(a, p.id, { is_us: true });
    const secondUs = await bid(a, p.id, { is_us: true });
    expect(secondUs.status).toBe(422);
    expect(secondUs.body.details).toHaveProperty('is_us');
    expect((await bid(a, p.id, {})).body.details).toHaveProperty('company_id');
    expect((await bid(a, p.id, { is_us: true, company_id: apex.id })).status).toBe(422);
    expect((await bid(a, p.id, { company_id: apex.id, amount_in_cents: -1 })).status).toBe(422);
    expect((await bid(a, p.id, { company_id: apex.id, rank: 0 })).status).toBe(422);
    expect((await bid(a, p.id, { company_id: '999999999' })).body.details).toEqual({ company_id: ['does not exist'] });
    const rows = await getDb()
      .select()
      .from(bidResults)
      .where(eq(bidResults.projectId, Number(p.id)));
    expect(rows).toHaveLength(2);
  });

  it('moves the winner by PATCH (If-Match honoured), deletes with events, and another account sees none of it', async () => {
    const p = await project(a, { project_stage_id: stage(a, LOST) });
    const apex = await company(a, 'Apex Three');
    const summit = await company(a, 'Summit Three');
    const first = await result(a, p.id, { company_id: apex.id, is_winner: true });
    const second = await result(a, p.id, { company_id: summit.id });
    // Two winners: refused; the first one gives it up, then the second takes it.
    expect((await a.api.patch(`/bid_results/${second.id}`, { bid_result: { is_winner: true } })).status).toBe(422);
    const stale = await a.api.patch(`/bid_results/${first.id}`, { bid_result: { is_winner: false } }, { headers: { 'If-Match': '"stale"' } });
    expect(stale.status).toBe(412);
    expect((await a.api.patch(`/bid_results/${first.id}`, { bid_result: { is_winner: false } })).status).toBe(200);
    const moved = await a.api.patch(`/bid_results/${second.id}`, { bid_result: { is_winner: true, amount_in_cents: 12_345 } });
    expect(moved.status).toBe(200);
    expect(moved.body.bid_result).toMatchObject({ is_winner: true, amount_in_cents: 12_345 });
    expect((await a.api.get(`/projects?awarded_to_id=${summit.id}`)).body.projects.map((x: { id: string }) => x.id)).toEqual([p.id]);
    expect((await a.api.get(`/projects?awarded_to_id=${apex.id}`)).body.projects).toEqual([]);
    expect((await a.api.get(`/projects?competitor_id=${apex.id}`)).body.projects.map((x: { id: string }) => x.id)).toEqual([p.id]);

    // Our bid: PATCHing is_us on drops the company.
    const ours = await a.api.patch(`/bid_results/${first.id}`, { bid_result: { is_us: true } });
    expect(ours.status).toBe(200);
    expect(ours.body.bid_result).toMatchObject({ is_us: true, company: null });

    expect((await b.api.get(`/bid_results/${first.id}`)).status).toBe(404);
    expect((await b.api.patch(`/bid_results/${first.id}`, { bid_result: { notes: 'x' } })).status).toBe(404);
    expect((await b.api.get(`/projects/${p.id}/bid_results`)).status).toBe(404);
    expect((await bid(b, p.id, { is_us: true })).status).toBe(404);
    expect((await b.api.get('/bid_results')).body.bid_results).toEqual([]);

    expect((await a.api.delete(`/bid_results/${first.id}`)).status).toBe(204);
    expect((await a.api.get(`/bid_results/${first.id}`)).status).toBe(404);
    const events = await getDb()
      .select({ type: webhookMessages.eventType, payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(eq(webhookMessages.accountId, a.accountId))
      .orderBy(webhookMessages.id);
    const of = (id: string) => events.filter((e) => (e.payload as { id: string }).id === id && e.type.startsWith('bid_result.')).map((e) => e.type);
    expect(of(first.id)).toEqual(['bid_result.create', 'bid_result.update', 'bid_result.update', 'bid_result.delete']);
  });

  it('go with their project, and with their company, each with a bid_result.delete', async () => {
    const p = await project(a, {});
    const apex = await company(a, 'Apex Doomed');
    const other = await project(a, {});
    const ours = await result(a, p.id, { is_us: true });
    const theirs = await result(a, other.id, { company_id: apex.id });
    expect((await a.api.delete(`/projects/${p.id}`)).status).toBe(204);
    expect((await a.api.delete(`/companies/${apex.id}`)).status).toBe(204);
    const left = await getDb()
      .select()
      .from(bidResults)
      .where(inArray(bidResults.id, [Number(ours.id), Number(theirs.id)]));
    expect(left).toEqual([]);
    const deleted = await getDb()
      .select({ payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(and(eq(webhookMessages.accountId, a.accountId), eq(webhookMessages.eventType, 'bid_result.delete')));
    const ids = deleted.map((d) => (d.payload as { id: string }).id);
    expect(ids).toEqual(expect.arrayContaining([ours.id, theirs.id]));
  });

  it('are seen by a team-only user on their teams’ projects only', async () => {
    const userId = await insertUser(getDb(), {
      accountId: a.accountId,
      email: `t.${Math.random().toString(36).slice(2, 9)}@example.com`,
      firstName: 'Tess',
      lastName: 'Team',
      projectAccess: 'team',
    });
    const tess = client(await createApiToken(getDb(), { accountId: a.accountId, userId }));
    const mine = await project(a, {});
    const hidden = await project(a, {});
    await a.api.post('/project_team_memberships', { project_team_membership: { project_id: mine.id, user_id: String(userId), roles: ['estimator'] } });
    const seen = await result(a, mine.id, { is_us: true });
    const unseen = await result(a, hidden.id, { is_us: true });
    expect((await tess.get(`/bid_results/${seen.id}`)).status).toBe(200);
    expect((await tess.get(`/bid_results/${unseen.id}`)).status).toBe(404);
    expect((await tess.get(`/projects/${hidden.id}/bid_results`)).status).toBe(404);
    expect((await bid(tess, hidden.id, { company_id: null, is_us: false })).status).toBe(404);
    expect((await tess.patch(`/bid_results/${unseen.id}`, { bid_result: { notes: 'Peek' } })).status).toBe(404);
    const all = (await tess.get('/bid_results')).body.bid_results.map((r: { id: string }) => r.id);
    expect(all).toContain(seen.id);
    expect(all).not.toContain(unseen.id);
  });
});

describe('awarded_to', () => {
  it('is the winning company, or us (the account’s name, no id) when our bid won or the project closed as won', async () => {
    const t = await createTestAccount('Awarded GC');
    const ours = await project(t, {});
    await result(t, ours.id, { is_us: true, is_winner: true });
    const got = (await t.api.get(`/projects/${ours.id}`)).body.project;
    expect(got.awarded_to).toEqual({ id: null, created_at: null, updated_at: null, name: expect.stringMatching(/^Awarded GC /), website: null });
    expect(got.bid_count).toBe(1);
    const won = await project(t, { project_stage_id: stage(t, WON) });
    expect(won.awarded_to).toMatchObject({ id: null, name: expect.stringMatching(/^Awarded GC /) });
    const open = await project(t, {});
    expect(open).toMatchObject({ awarded_to: null, bid_count: 0, price_to_win: null });
  });
});

describe('the competitors insight, by hand', () => {
  it('counts bids, wins and head-to-head, and the median price gap, per company', async () => {
    const t = await createTestAccount('Competitors GC');
    const x = await company(t, 'Xavier Contracting');
    const y = await company(t, 'Yards Construction');
    // P1 lost to X: ours $1,000,000 (our result), X $950,000 (winner), Y $1,020,000.
    const p1 = await project(t, { project_stage_id: stage(t, LOST), amount: 1_000_000, bid_due_date: '2026-01-10' });
    await result(t, p1.id, { is_us: true, amount_in_cents: 100_000_000 });
    await result(t, p1.id, { company_id: x.id, amount_in_cents: 95_000_000, is_winner: true });
    await result(t, p1.id, { company_id: y.id, amount_in_cents: 102_000_000 });
    // P2 won by our bid: ours $2,000,000, X $2,100,000.
    const p2 = await project(t, { project_stage_id: stage(t, WON), amount: 2_000_000, bid_due_date: '2026-03-05' });
    await result(t, p2.id, { is_us: true, amount_in_cents: 200_000_000, is_winner: true });
    await result(t, p2.id, { company_id: x.id, amount_in_cents: 210_000_000 });
    // P3 lost to Y: ours $500,000, X $480,000, Y $470,000 (winner).
    const p3 = await project(t, { project_stage_id: stage(t, LOST), amount: 500_000, bid_due_date: '2026-05-20' });
    await result(t, p3.id, { is_us: true, amount_in_cents: 50_000_000 });
    await result(t, p3.id, { company_id: x.id, amount_in_cents: 48_000_000 });
    await result(t, p3.id, { company_id: y.id, amount_in_cents: 47_000_000, is_winner: true });
    // P4 open, no result of ours: our price is the project's $310,000; X $300,000.
    const p4 = await project(t, { amount: 310_000, bid_due_date: '2026-09-01' });
    await result(t, p4.id, { company_id: x.id, amount_in_cents: 30_000_000 });
    // P5 closed as won without a winner recorded: ours; X's price unknown.
    const p5 = await project(t, { project_stage_id: stage(t, WON), amount: 800_000, bid_due_date: '2026-02-01' });
    await result(t, p5.id, { company_id: x.id });

    const res = await t.api.get('/insights/competitors');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    const [rowX, rowY] = res.body.competitors;
    expect(rowX).toEqual({
      company: { id: x.id, created_at: expect.any(String), updated_at: expect.any(String), name: 'Xavier Contracting', website: 'https://xavier.example.com' },
      bids_against_us: 5,
      their_wins: 1,
      our_wins_when_both_bid: 2,
      // 2 ÷ (2 + 1)
      head_to_head_win_rate: 0.6667,
      // Gaps −0.05 (P1), +0.05 (P2), −0.04 (P3), −10,000 ÷ 310,000 = −0.032258… (P4): median (−0.04 − 0.032258) ÷ 2.
      median_price_gap: -0.0361,
      last_met_at: '2026-09-01T00:00:00Z',
    });
    expect(rowY).toMatchObject({
      company: { id: y.id },
      bids_against_us: 2,
      their_wins: 1,
      our_wins_when_both_bid: 0,
      head_to_head_win_rate: 0,
      // +0.02 (P1), −0.06 (P3).
      median_price_gap: -0.02,
      last_met_at: '2026-05-20T00:00:00Z',
    });

    const since = (await t.api.get('/insights/competitors?since=2026-04-01')).body.competitors;
    expect(since.map((r: { company: { id: string }; bids_against_us: number }) => [r.company.id, r.bids_against_us])).toEqual([
      [x.id, 2],
      [y.id, 1],
    ]);
    const bySector = await t.api.get(`/insights/competitors?market_sector_id=${t.lookup.marketSectors[0]}`);
    expect(bySector.body.competitors).toEqual([]);
    expect((await t.api.get('/insights/competitors?since=2026-13-01')).status).toBe(422);
    expect((await b.api.get('/insights/competitors')).body.competitors).toEqual([]);
    // Each row leads to its projects.
    const xs = (await t.api.get(`/projects?competitor_id=${x.id}&per_page=10`)).body.projects.map((q: { id: string }) => q.id).sort();
    expect(xs).toEqual([p1.id, p2.id, p3.id, p4.id, p5.id].sort());
  });
});

describe('price to win, by hand', () => {
  it('is the 25th–75th percentile of winning ÷ our price over 5 or more closed projects of the sector, times the amount', async () => {
    const t = await createTestAccount('Price GC');
    const sector = String(t.lookup.marketSectors[0]);
    const other = String(t.lookup.marketSectors[1]);
    const x = await company(t, 'Xenon Builders');
    const closedLost = (amount: number) => project(t, { project_stage_id: stage(t, LOST), market_sector_id: sector, amount });
    // Q1 lost: ours $1,000,000 (the project's), winner $900,000 → 0.90
    const q1 = await closedLost(1_000_000);
    await result(t, q1.id, { company_id: x.id, amount_in_cents: 90_000_000, is_winner: true });
    // Q2 lost: ours $2,000,000 (our result, over the project's $2,100,000), winner $1,900,000 → 0.95
    const q2 = await closedLost(2_100_000);
    await result(t, q2.id, { is_us: true, amount_in_cents: 200_000_000 });
    await result(t, q2.id, { company_id: x.id, amount_in_cents: 190_000_000, is_winner: true });
    // Q3 won by our result at $500,000 → 1.00
    const q3 = await project(t, { project_stage_id: stage(t, WON), market_sector_id: sector, amount: 500_000 });
    await result(t, q3.id, { is_us: true, is_winner: true });
    // Q4 lost: ours $800,000, winner $760,000 → 0.95
    const q4 = await closedLost(800_000);
    await result(t, q4.id, { company_id: x.id, amount_in_cents: 76_000_000, is_winner: true });
    // Not counted: no winning price, another sector, closed 40 months ago, still open.
    await closedLost(300_000);
    const elsewhere = await project(t, { project_stage_id: stage(t, LOST), market_sector_id: other, amount: 100_000 });
    await result(t, elsewhere.id, { company_id: x.id, amount_in_cents: 1, is_winner: true });
    const old = await closedLost(100_000);
    await result(t, old.id, { company_id: x.id, amount_in_cents: 1, is_winner: true });
    await getDb()
      .update(projects)
      .set({ closedAt: new Date(Date.now() - 40 * 30 * 86_400_000) })
      .where(eq(projects.id, Number(old.id)));

    // Four projects: not enough.
    const open = await project(t, { market_sector_id: sector, amount: 1_234_567.89 });
    expect(open.price_to_win).toBeNull();

    // Q5 lost: ours $400,000, winner $340,000 → 0.85. Ratios 0.85, 0.90, 0.95, 0.95, 1.00: p25 0.90, p75 0.95.
    const q5 = await closedLost(400_000);
    await result(t, q5.id, { company_id: x.id, amount_in_cents: 34_000_000, is_winner: true });
    const now = (await t.api.get(`/projects/${open.id}`)).body.project;
    // 0.90 × 123,456,789 = 111,111,110.1 → 111,111,110; 0.95 × 123,456,789 = 117,283,949.55 → 117,283,950.
    expect(now.price_to_win).toEqual({ low_in_cents: 111_111_110, high_in_cents: 117_283_950, basis: { count: 5, market_sector_id: sector } });
    // Closed projects, projects without an amount or a sector have none.
    expect((await t.api.get(`/projects/${q5.id}`)).body.project.price_to_win).toBeNull();
    expect((await project(t, { market_sector_id: sector })).price_to_win).toBeNull();
    expect((await project(t, { amount: 1000 })).price_to_win).toBeNull();
    // The list answers the same.
    const listed = (await t.api.get(`/projects?project_status=pursuit&market_sector_id=${sector}`)).body.projects.find((q: { id: string }) => q.id === open.id);
    expect(listed.price_to_win).toEqual(now.price_to_win);

    // A sixth between: ratios 0.85, 0.90, 0.92, 0.95, 0.95, 1.00: p25 at rank 1.25 = 0.905, p75 at 3.75 = 0.95.
    const q6 = await closedLost(1_000_000);
    await result(t, q6.id, { company_id: x.id, amount_in_cents: 92_000_000, is_winner: true });
    const six = (await t.api.get(`/projects/${open.id}`)).body.project.price_to_win;
    // 0.905 × 123,456,789 = 111,728,394.045 → 111,728,394.
    expect(six).toEqual({ low_in_cents: 111_728_394, high_in_cents: 117_283_950, basis: { count: 6, market_sector_id: sector } });
  });
});

async function importFile(t: TestAccount, fields: Record<string, string>, text: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([text]), 'bids.csv');
  const res = await dispatch(
    new Request(new URL('/api/2023-01/imports', BASE), { method: 'POST', headers: { authorization: `Bearer ${t.token}` }, body: form }),
  );
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(fields.dry_run === 'true' ? 200 : 202);
  if (fields.dry_run === 'true') return body.import_preview;
  await runDueImports(getDb());
  return (await t.api.get(`/imports/${body.import.id}`)).body.import;
}

describe('imports of bid results', () => {
  it('historical closed projects take Awarded To and Winning Amount: the winner’s result and our bid', async () => {
    const t = await createTestAccount('Award import GC');
    const apex = await company(t, 'Apex Harbor Builders');
    const csv = [
      'Name,Result,Amount,Awarded To,Winning Amount',
      'Pier 3 Shed,Lost,"$1,000,000",Apex Harbor Builders,"$950,000.50"',
      'Pier 4 Office,Won,"$2,000,000",,',
      'Pier 5 Yard,Won,"$500,000",Us,"$480,000"',
      'Pier 6 Crane,Lost,"$700,000",Nobody Marine,"$600,000"',
      'Pier 7 Fender,Lost,"$300,000",,"$250,000"',
    ].join('\n');
    const done = await importFile(t, { resource: 'projects', kind: 'historical_closed' }, csv);
    expect(done).toMatchObject({ created_count: 3, error_count: 2 });
    expect(done.errors.map((e: { error: string }) => e.error)).toEqual([
      'awarded_to_name: no company named "Nobody Marine" (create_missing=true creates it)',
      'winning_amount: needs Awarded To: who won it (Us for our own win)',
    ]);
    const byName = async (name: string) => (await t.api.get(`/projects?q=${encodeURIComponent(name)}`)).body.projects[0];
    const shed = await byName('Pier 3 Shed');
    expect(shed).toMatchObject({ awarded_to: { id: apex.id }, bid_count: 2 });
    const shedBids = (await t.api.get(`/projects/${shed.id}/bid_results`)).body.bid_results;
    expect(shedBids.map((r: { is_us: boolean; is_winner: boolean; amount_in_cents: number }) => [r.is_us, r.is_winner, r.amount_in_cents])).toEqual(
      expect.arrayContaining([
        [false, true, 95_000_050],
        [true, false, 100_000_000],
      ]),
    );
    // Won without an award named: no result (the project's close says we won).
    expect(await byName('Pier 4 Office')).toMatchObject({ bid_count: 0, awarded_to: { id: null } });
    const yard = await byName('Pier 5 Yard');
    const yardBids = (await t.api.get(`/projects/${yard.id}/bid_results`)).body.bid_results;
    expect(yardBids).toEqual([expect.objectContaining({ is_us: true, is_winner: true, amount_in_cents: 48_000_000 })]);
    // The failed rows left nothing: no project, no result.
    expect(await byName('Pier 6 Crane')).toBeUndefined();
    expect(await byName('Pier 7 Fender')).toBeUndefined();
  });

  it('resource=bid_results: project by number or name, bidder by name or Us, amount, rank, winner; a second import updates in place', async () => {
    const t = await createTestAccount('Bid import GC');
    const p1 = await project(t, { name: 'Harbor Warehouse', project_number: 'HP-101', project_stage_id: stage(t, LOST), amount: 1_000_000 });
    const p2 = await project(t, { name: 'Marina Office', project_number: 'HP-102' });
    const known = await company(t, 'Known Marine');
    const csv = [
      'Project Number,Project,Bidder,Amount,Rank,Winner,Notes',
      'HP-101,,Us,"$1,000,000",2,no,',
      'HP-101,,Known Marine,"$950,000",1,yes,Public opening',
      ',marina office,New Rival,"$400,000",,no,',
      'HP-999,,Known Marine,"$1",,,',
      ',Harbor Warehouse,Unknown Co,$5,,,',
    ].join('\n');
    const preview = await importFile(t, { resource: 'bid_results', dry_run: 'true', create_missing: 'true' }, csv);
    expect(preview).toMatchObject({ created_count: 4, error_count: 1, companies_to_create: 2 });
    expect(preview.errors).toEqual([{ row: 5, error: 'project_number: no project numbered "HP-999"' }]);
    expect(await getDb().select().from(bidResults).where(eq(bidResults.accountId, t.accountId))).toEqual([]);

    const done = await importFile(t, { resource: 'bid_results', create_missing: 'true' }, csv);
    expect(done).toMatchObject({ created_count: 4, updated_count: 0, error_count: 1 });
    const first = (await t.api.get(`/projects/${p1.id}/bid_results`)).body.bid_results;
    expect(
      first.map((r: { company: { name: string } | null; rank: number; is_winner: boolean; amount_in_cents: number; notes: string | null }) => [
        r.company?.name ?? 'us',
        r.rank,
        r.is_winner,
        r.amount_in_cents,
        r.notes,
      ]),
    ).toEqual([
      ['Known Marine', 1, true, 95_000_000, 'Public opening'],
      ['us', 2, false, 100_000_000, null],
      ['Unknown Co', null, false, 500, null],
    ]);
    const second = (await t.api.get(`/projects/${p2.id}/bid_results`)).body.bid_results;
    expect(second).toEqual([expect.objectContaining({ company: expect.objectContaining({ name: 'New Rival' }), amount_in_cents: 40_000_000 })]);
    const rival = (await t.api.get(`/companies/${second[0].company.id}`)).body.company;
    expect(rival.category).toBe('competitor');
    expect((await t.api.get(`/projects/${p1.id}`)).body.project.awarded_to.id).toBe(known.id);

    // Again, with our bid now the winner: the same rows updated, the win moved, nothing doubled.
    const again = await importFile(t, { resource: 'bid_results' }, 'Project Number,Bidder,Amount,Winner\nHP-101,Us,"$990,000",yes\n');
    expect(again).toMatchObject({ created_count: 0, updated_count: 1, error_count: 0 });
    const after = (await t.api.get(`/projects/${p1.id}/bid_results`)).body.bid_results;
    expect(after).toHaveLength(3);
    expect(after.filter((r: { is_winner: boolean }) => r.is_winner)).toEqual([expect.objectContaining({ is_us: true, amount_in_cents: 99_000_000 })]);

    // Undo removes what the first import created, and only that.
    expect((await t.api.delete(`/imports/${done.id}`)).status).toBe(200);
    expect(await getDb().select().from(bidResults).where(eq(bidResults.accountId, t.accountId))).toEqual([]);
  });
});
