import { beforeAll, describe, expect, it } from 'vitest';
import { statementCount } from '@/db';
import { getDb } from '@/lib/server/db';
import { takeDueWeeklySnapshots, takeWeeklySnapshot } from '@/lib/server/services/forecast';
import { createTestAccount, sessionClient, TIMESTAMP, type TestAccount } from '../fixtures';

// The forecast through the API: a project's months, the company's months over a seeded mix (won,
// open with and without probability, lost, unscheduled), targets and gaps, filters, snapshots and
// slips, isolation. The numbers are the hand-computed ones of lib/shared/domain/forecast.test.ts.

let a: TestAccount;
let b: TestAccount;
const [LEAD, QUALIFYING, , , , WON, LOST] = [0, 1, 2, 3, 4, 5, 6];
const Q1 = { start_date: '2027-01-01', end_date: '2027-03-31' };

async function project(fields: Record<string, unknown>, t: TestAccount = a) {
  const res = await t.api.post('/projects', { project: { name: 'Forecast project', ...fields } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.project as { id: string } & Record<string, unknown>;
}

beforeAll(async () => {
  a = await createTestAccount('Forecast GC');
  b = await createTestAccount('Other forecast GC');
});

describe('a project’s forecast', () => {
  it('spreads the amount and the estimated cost on the curve, with cumulative and margin', async () => {
    const p = await project({ ...Q1, amount: 1000, estimated_cost: 600, forecast_curve: 'linear' });
    expect(p).toMatchObject({ forecast_curve: 'linear', forecast_manual_percentages: null, estimated_cost: 600 });
    const res = await a.api.get(`/projects/${p.id}/forecast`);
    expect(res.status).toBe(200);
    expect(res.body.project_forecast).toEqual({
      project_id: p.id,
      curve: 'linear',
      amount_in_cents: 100_000,
      estimated_cost_in_cents: 60_000,
      missing: [],
      months: [
        { month: '2027-01', revenue_in_cents: 34_444, cumulative_in_cents: 34_444, cost_in_cents: 20_667, margin_in_cents: 13_777 },
        { month: '2027-02', revenue_in_cents: 31_112, cumulative_in_cents: 65_556, cost_in_cents: 18_666, margin_in_cents: 12_446 },
        { month: '2027-03', revenue_in_cents: 34_444, cumulative_in_cents: 100_000, cost_in_cents: 20_667, margin_in_cents: 13_777 },
      ],
    });
  });

  it('defaults to the S-curve, without cost; names what is missing when it cannot be scheduled', async () => {
    const p = await project({ ...Q1, amount: 1000 });
    expect(p.forecast_curve).toBe('s_curve');
    const months = (await a.api.get(`/projects/${p.id}/forecast`)).body.project_forecast.months;
    expect(months.map((m: { revenue_in_cents: number }) => m.revenue_in_cents)).toEqual([27_419, 45_162, 27_419]);
    expect(months[0]).toMatchObject({ cost_in_cents: null, margin_in_cents: null });
    const bare = await project({ start_date: '2027-01-01' });
    expect((await a.api.get(`/projects/${bare.id}/forecast`)).body.project_forecast).toMatchObject({
      months: [],
      missing: ['end_date', 'amount'],
      amount_in_cents: null,
    });
  });

  it('takes manual cumulative percentages, one per month, and refuses them with a reason otherwise', async () => {
    const ok = await project({
      start_date: '2027-01-10',
      end_date: '2027-03-05',
      amount: 1000.01,
      forecast_curve: 'manual',
      forecast_manual_percentages: [20, 50, 100],
    });
    const months = (await a.api.get(`/projects/${ok.id}/forecast`)).body.project_forecast.months;
    expect(months.map((m: { revenue_in_cents: number }) => m.revenue_in_cents)).toEqual([20_000, 30_001, 50_000]);
    const refused = [
      [{ ...Q1, forecast_curve: 'manual' }, /required/],
      [{ ...Q1, forecast_curve: 'manual', forecast_manual_percentages: [50, 100] }, /one cumulative percentage per month/],
      [{ forecast_curve: 'manual', forecast_manual_percentages: [100] }, /start_date and end_date/],
      [{ ...Q1, forecast_curve: 'manual', forecast_manual_percentages: [60, 50, 100] }, /below the month before/],
      [{ ...Q1, forecast_curve: 'manual', forecast_manual_percentages: [20, 50, 99] }, /exactly 100/],
      [{ ...Q1, forecast_curve: 'bell' }, /./],
    ] as const;
    for (const [fields, message] of refused) {
      const res = await a.api.post('/projects', { project: { name: 'Refused', ...fields } });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      const details = Object.entries(res.body.details as Record<string, string[]>).filter(([k]) => k.startsWith('forecast_'));
      expect(details.flatMap(([, v]) => v).join(' '), JSON.stringify(fields)).toMatch(message);
    }
    // Moving its dates changes its months: the percentages must follow in the same change.
    const moved = await a.api.patch(`/projects/${ok.id}`, { project: { end_date: '2027-04-30' } });
    expect(moved.status).toBe(422);
    expect(moved.body.details.forecast_manual_percentages[0]).toMatch(/\(4\), not 3/);
    const withNew = await a.api.patch(`/projects/${ok.id}`, { project: { end_date: '2027-04-30', forecast_manual_percentages: [10, 40, 70, 100] } });
    expect(withNew.status).toBe(200);
    expect(withNew.body.project.forecast_manual_percentages).toEqual([10, 40, 70, 100]);
  });

  it('is a 404 for another account’s project or a bad id', async () => {
    const theirs = await project({ ...Q1, amount: 5 }, b);
    for (const id of [theirs.id, '999999999', 'abc']) expect((await a.api.get(`/projects/${id}/forecast`)).status, id).toBe(404);
  });
});

describe('the company forecast', () => {
  let c: TestAccount;
  let admin: Awaited<ReturnType<typeof sessionClient>>;
  const stage = (i: number) => String(c.stageIds[i]);

  beforeAll(async () => {
    c = await createTestAccount('Company forecast GC');
    admin = await sessionClient(c.userId);
    // The qualifying stage gives its projects without a probability of their own 25 %.
    expect((await c.api.patch(`/project_stages/${stage(QUALIFYING)}`, { project_stage: { default_probability: 0.25 } })).body.project_stage).toMatchObject({
      default_probability: 0.25,
    });
    const mix: Record<string, unknown>[] = [
      { ...Q1, amount: 1000, forecast_curve: 'linear', project_stage_id: stage(WON), assigned_to_id: String(c.otherUserId) },
      { start_date: '2027-04-01', end_date: '2027-04-30', amount: 50, forecast_curve: 'linear', project_stage_id: stage(WON) },
      { ...Q1, amount: 1000, probability: 0.5, project_stage_id: stage(QUALIFYING) },
      { ...Q1, amount: 1000, forecast_curve: 'linear', project_stage_id: stage(QUALIFYING) },
      { start_date: '2027-02-01', end_date: '2027-02-28', amount: 30, forecast_curve: 'linear', project_stage_id: stage(LEAD) },
      { start_date: '2027-01-01', amount: 70, project_stage_id: stage(LEAD) },
      { ...Q1, project_stage_id: stage(WON) },
      { ...Q1, amount: 1000, forecast_curve: 'linear', project_stage_id: stage(LOST) },
    ];
    for (const fields of mix) await project(fields, c);
  });

  const putTargets = (body: unknown) => admin.put('/revenue_targets', body);

  it('sets targets (admins), null clears one, and answers every target', async () => {
    const set = await putTargets({
      revenue_targets: [
        { month: '2027-01', amount_in_cents: 100_000 },
        { month: '2027-02', amount_in_cents: 50_000 },
        { month: '2027-05', amount_in_cents: 9 },
      ],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const cleared = await putTargets({ revenue_targets: [{ month: '2027-05', amount_in_cents: null }] });
    expect(cleared.body).toEqual({
      revenue_targets: [
        { month: '2027-01', amount_in_cents: 100_000 },
        { month: '2027-02', amount_in_cents: 50_000 },
      ],
    });
    expect((await c.api.get('/revenue_targets?from=2027-02')).body.revenue_targets).toEqual([{ month: '2027-02', amount_in_cents: 50_000 }]);
    for (const bad of [
      { revenue_targets: [{ month: '2027-13', amount_in_cents: 1 }] },
      { revenue_targets: [{ month: '2027-01', amount_in_cents: -1 }] },
      {
        revenue_targets: [
          { month: '2027-01', amount_in_cents: 1 },
          { month: '2027-01', amount_in_cents: 2 },
        ],
      },
      { revenue_targets: {} },
    ]) {
      expect((await putTargets(bad)).status, JSON.stringify(bad)).toBe(422);
    }
    expect((await putTargets({ targets: [] })).status).toBe(400);
    // Members and read tokens do not set targets; another account does not see them.
    const member = await sessionClient(c.otherUserId);
    expect((await member.put('/revenue_targets', { revenue_targets: [] })).status).toBe(403);
    expect((await c.readApi.put('/revenue_targets', { revenue_targets: [] })).status).toBe(403);
    // An admin's token sets them too (targets are not credentials).
    expect((await c.api.put('/revenue_targets', { revenue_targets: [] })).status).toBe(200);
    expect((await b.api.get('/revenue_targets')).body.revenue_targets).toEqual([]);
  });

  it('answers contracted, weighted and unweighted pipeline, backlog, targets and gaps by month', async () => {
    const res = await c.api.get('/forecast?from=2027-01&to=2027-03');
    expect(res.status).toBe(200);
    const f = res.body.forecast;
    expect(f).toMatchObject({ from: '2027-01', to: '2027-03', snapshot_id: null });
    expect(f.months).toEqual([
      {
        month: '2027-01',
        contracted_in_cents: 34_444,
        weighted_pipeline_in_cents: 22_321,
        unweighted_pipeline_in_cents: 61_863,
        total_weighted_in_cents: 56_765,
        backlog_in_cents: 70_556,
        target_in_cents: 100_000,
        gap_in_cents: 43_235,
      },
      {
        month: '2027-02',
        contracted_in_cents: 31_112,
        weighted_pipeline_in_cents: 30_359,
        unweighted_pipeline_in_cents: 79_274,
        total_weighted_in_cents: 61_471,
        backlog_in_cents: 39_444,
        target_in_cents: 50_000,
        gap_in_cents: -11_471,
      },
      {
        month: '2027-03',
        contracted_in_cents: 34_444,
        weighted_pipeline_in_cents: 22_321,
        unweighted_pipeline_in_cents: 61_863,
        total_weighted_in_cents: 56_765,
        backlog_in_cents: 5_000,
        target_in_cents: null,
        gap_in_cents: null,
      },
    ]);
    expect(f.totals).toEqual({
      contracted_in_cents: 100_000,
      weighted_pipeline_in_cents: 75_001,
      unweighted_pipeline_in_cents: 203_000,
      total_weighted_in_cents: 175_001,
      backlog_in_cents: 115_000,
      target_in_cents: 150_000,
      gap_in_cents: 31_764,
    });
    expect(f.unscheduled).toEqual({ count: 2, amount_in_cents: 7_000 });
    // Won ÷ (won + lost) over projects closed in the last 36 months: 3 won, 1 lost.
    expect(f.closing_the_gap).toMatchObject({ won_count: 3, lost_count: 1, win_rate: 0.75, average_contract_in_cents: 52_500 });
    // Only January has a gap to close: 43,235 ÷ 0.75 ÷ 52,500 = 1.098… awards.
    expect(f.closing_the_gap.months).toEqual([{ month: '2027-01', gap_in_cents: 43_235, awards_needed: 1.1 }]);
  });

  it('runs a fixed number of statements whatever the number of projects', async () => {
    const count = async (t: TestAccount) => {
      const before = statementCount();
      expect((await t.api.get('/forecast?from=2027-01&to=2028-12')).status).toBe(200);
      return statementCount() - before;
    };
    const small = await createTestAccount('Small forecast GC');
    await project({ ...Q1, amount: 1 }, small);
    // The token, then the projects, the targets and the record of wins and losses.
    expect(await count(small)).toBe(4);
    expect(await count(c)).toBe(4);
  });

  it('filters, defaults to 18 months from this one, and refuses a bad range', async () => {
    const mine = (await c.api.get(`/forecast?from=2027-01&to=2027-03&assigned_to_id=${c.otherUserId}`)).body.forecast;
    expect(mine.months.map((m: { contracted_in_cents: number }) => m.contracted_in_cents)).toEqual([34_444, 31_112, 34_444]);
    expect(mine.unscheduled).toEqual({ count: 0, amount_in_cents: 0 });
    const qualifying = (await c.api.get(`/forecast?from=2027-01&to=2027-01&project_stage_id=${stage(QUALIFYING)}`)).body.forecast;
    expect(qualifying.months[0]).toMatchObject({ contracted_in_cents: 0, unweighted_pipeline_in_cents: 61_863, weighted_pipeline_in_cents: 22_321 });
    const plain = (await c.api.get('/forecast')).body.forecast;
    expect(plain.months).toHaveLength(18);
    expect(plain.from).toBe(new Date().toISOString().slice(0, 7));
    for (const bad of [
      'from=2027-13',
      'to=2027-1',
      'from=2027-05&to=2027-04',
      'from=2027-01&to=2032-01',
      'division_id=abc',
      'from=2027-01&from=2027-02',
      'to=2020-01',
      'to=2099-01',
    ]) {
      const res = await c.api.get(`/forecast?${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.error).toBe('validation_failed');
    }
    expect((await c.api.get('/forecast?from=2027-01&to=2031-12')).status).toBe(200);
    // Another account's forecast holds none of these projects: only its own $5 pursuit.
    expect((await b.api.get('/forecast?from=2027-01&to=2027-03')).body.forecast.totals.unweighted_pipeline_in_cents).toBe(500);
  });

  it('keeps a snapshot, answers the forecast as it stood then, and lists what slipped since', async () => {
    const taken = await c.api.post('/forecast/snapshots');
    expect(taken.status).toBe(201);
    expect(taken.body.forecast_snapshot).toMatchObject({
      source: 'manual',
      project_count: 7,
      created_by: { id: String(c.userId) },
      created_at: expect.stringMatching(TIMESTAMP),
    });
    const snapshotId = taken.body.forecast_snapshot.id as string;
    const before = (await c.api.get('/forecast?from=2027-01&to=2027-03')).body.forecast;

    // A pursuit slips ten days and shrinks; another's probability rises.
    const projects = (await c.api.get('/projects?per_page=100')).body.projects as {
      id: string;
      probability: number | null;
      amount: number | null;
      project_stage: { id: string };
    }[];
    const halfProbable = projects.find((p) => p.probability === 0.5)!;
    const stageDefault = projects.find((p) => p.probability === null && p.project_stage.id === stage(QUALIFYING))!;
    expect((await c.api.patch(`/projects/${halfProbable.id}`, { project: { start_date: '2027-01-11', amount: 900 } })).status).toBe(200);
    expect((await c.api.patch(`/projects/${stageDefault.id}`, { project: { probability: 0.75 } })).status).toBe(200);

    const now = (await c.api.get('/forecast?from=2027-01&to=2027-03')).body.forecast;
    expect(now.totals).not.toEqual(before.totals);
    const then = (await c.api.get(`/forecast?from=2027-01&to=2027-03&snapshot_id=${snapshotId}`)).body.forecast;
    expect(then).toEqual({ ...before, snapshot_id: snapshotId });

    const slips = (await c.api.get(`/forecast/slips?since_snapshot_id=${snapshotId}`)).body.forecast_slips;
    expect(slips).toHaveLength(2);
    expect(slips.find((s: { project: { id: string } }) => s.project.id === halfProbable.id)).toMatchObject({
      start_date_before: '2027-01-01',
      start_date_now: '2027-01-11',
      days_slipped: 10,
      amount_before_in_cents: 100_000,
      amount_now_in_cents: 90_000,
      amount_change_in_cents: -10_000,
      closed_since: false,
    });
    expect(slips.find((s: { project: { id: string } }) => s.project.id === stageDefault.id)).toMatchObject({
      probability_before: 0.25,
      probability_now: 0.75,
      days_slipped: null,
    });

    const list = await c.api.get('/forecast/snapshots');
    expect(list.body.forecast_snapshots.map((s: { id: string }) => s.id)).toContain(snapshotId);
    expect(Number(list.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
    expect((await c.api.get(`/forecast/snapshots/${snapshotId}`)).body.forecast_snapshot.id).toBe(snapshotId);
    // Another account's snapshot is not there.
    for (const path of [`/forecast/snapshots/${snapshotId}`, `/forecast?snapshot_id=${snapshotId}`, `/forecast/slips?since_snapshot_id=${snapshotId}`]) {
      expect((await b.api.get(path)).status, path).toBe(404);
    }
    expect((await c.api.get('/forecast/slips')).status).toBe(422);
  });

  it('takes the weekly snapshot once a week', async () => {
    const d = await createTestAccount('Weekly snapshot GC');
    await project({ ...Q1, amount: 10 }, d);
    // Days ahead, so that a snapshot a running worker may take today does not count.
    const day = (n: number) => new Date(Date.now() + n * 86_400_000);
    expect(await takeWeeklySnapshot(getDb(), d.accountId, day(30))).toBe(true);
    expect(await takeWeeklySnapshot(getDb(), d.accountId, day(36))).toBe(false);
    expect(await takeWeeklySnapshot(getDb(), d.accountId, day(38))).toBe(true);
    const list = (await d.api.get('/forecast/snapshots')).body.forecast_snapshots;
    expect(list.filter((s: { source: string; created_by: unknown }) => s.source === 'scheduled' && s.created_by === null).length).toBeGreaterThanOrEqual(2);
    // The worker's hourly check takes every account's due snapshot (this one's among them), once.
    expect(await takeDueWeeklySnapshots(getDb(), day(60))).toBeGreaterThanOrEqual(1);
    expect(await takeDueWeeklySnapshots(getDb(), day(60))).toBe(0);
    const after = (await d.api.get('/forecast/snapshots')).body.forecast_snapshots;
    expect(after[0].created_at.slice(0, 10)).toBe(day(60).toISOString().slice(0, 10));
  });
});
