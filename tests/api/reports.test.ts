import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { statementCount } from '@/db';
import { projects } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { createTestAccount, type TestAccount } from '../fixtures';

let a: TestAccount;
let b: TestAccount;
// DEFAULT_STAGES: 0 Lead (open) … 4 Negotiating (open), 5 Won, 6 Lost.
const WON = 5;
const LOST = 6;
const stage = (i: number) => String(a.stageIds[i]);
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function make(project: Record<string, unknown>) {
  const res = await a.api.post('/projects', { project });
  expect(res.status).toBe(201);
  return res.body.project.id as string;
}

async function closedAt(id: string, at: Date) {
  await getDb()
    .update(projects)
    .set({ closedAt: at })
    .where(eq(projects.id, Number(id)));
}

beforeAll(async () => {
  a = await createTestAccount('Report GC');
  b = await createTestAccount('Other GC');
});

describe('GET /reports/pipeline', () => {
  it('answers every stage with zero totals for an account without projects', async () => {
    const res = await a.api.get('/reports/pipeline');
    expect(res.status).toBe(200);
    const r = res.body.pipeline;
    expect(Object.keys(r).sort()).toEqual(['cancelled', 'closed_since', 'days', 'did_not_pursue', 'lost', 'open', 'stages', 'won']);
    expect(r.days).toBe(90);
    expect(r.closed_since).toBe(isoDay(-90));
    expect(r.stages.map((s: { project_stage: { name: string } }) => s.project_stage.name)).toEqual([
      'Lead',
      'Qualifying',
      'Estimating',
      'Bid Submitted',
      'Negotiating',
      'Won',
      'Lost',
    ]);
    expect(r.stages[0]).toEqual({
      project_stage: {
        id: stage(0),
        name: 'Lead',
        category: 'open',
        position: expect.any(Number),
        default_probability: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      count: 0,
      amount: 0,
    });
    expect(r.open).toEqual({ count: 0, amount: 0 });
    expect(r.won).toEqual({ count: 0, amount: 0 });
    expect(r.lost).toEqual({ count: 0, amount: 0 });
  });

  it('sums the projects per stage, the open pipeline, and what closed in the window', async () => {
    await make({ name: 'Clinic', amount: 100.5 });
    await make({ name: 'No amount yet' });
    await make({ name: 'Library', amount: 1000, project_stage_id: stage(2) });
    await make({ name: 'Won school', amount: 5000.25, project_stage_id: stage(WON) });
    await make({ name: 'Lost depot', amount: 700, project_stage_id: stage(LOST) });
    await closedAt(await make({ name: 'Old win', amount: 9999, project_stage_id: stage(WON) }), new Date(Date.now() - 200 * 86_400_000));
    // The window starts at midnight (UTC) of closed_since: its first second counts, the one before does not.
    await closedAt(await make({ name: 'Edge loss', amount: 1, project_stage_id: stage(LOST) }), new Date(`${isoDay(-90)}T00:00:00Z`));
    await closedAt(await make({ name: 'Outside loss', amount: 2, project_stage_id: stage(LOST) }), new Date(`${isoDay(-91)}T23:59:59Z`));

    const r = (await a.api.get('/reports/pipeline')).body.pipeline;
    const byName = Object.fromEntries(
      r.stages.map((s: { project_stage: { name: string }; count: number; amount: number }) => [s.project_stage.name, [s.count, s.amount]]),
    );
    expect(byName).toEqual({
      Lead: [2, 100.5],
      Qualifying: [0, 0],
      Estimating: [1, 1000],
      'Bid Submitted': [0, 0],
      Negotiating: [0, 0],
      Won: [2, 14_999.25],
      Lost: [3, 703],
    });
    expect(r.open).toEqual({ count: 3, amount: 1100.5 });
    expect(r.won).toEqual({ count: 1, amount: 5000.25 });
    expect(r.lost).toEqual({ count: 2, amount: 701 });

    const year = (await a.api.get('/reports/pipeline?days=365')).body.pipeline;
    expect(year).toMatchObject({ days: 365, closed_since: isoDay(-365), won: { count: 2, amount: 14_999.25 } });
    const week = (await a.api.get('/reports/pipeline?days=7')).body.pipeline;
    expect(week.lost).toEqual({ count: 1, amount: 700 });
  });

  it('counts the same projects as the list behind each number', async () => {
    const r = (await a.api.get('/reports/pipeline')).body.pipeline;
    const total = async (query: string) => Number((await a.api.get(`/projects?${query}&per_page=1`)).headers.get('x-total-count'));
    expect(await total(`close_type=won&closed_since=${r.closed_since}`)).toBe(r.won.count);
    expect(await total(`close_type=lost&closed_since=${r.closed_since}`)).toBe(r.lost.count);
    expect(await total('project_status=pursuit')).toBe(r.open.count);
    expect(await total(`project_stage_id=${stage(0)}`)).toBe(r.stages[0].count);
  });

  it('keeps accounts apart', async () => {
    const other = (await b.api.get('/reports/pipeline')).body.pipeline;
    expect(other.open).toEqual({ count: 0, amount: 0 });
    expect(other.won.count).toBe(0);
    expect(other.stages.map((s: { project_stage: { id: string } }) => s.project_stage.id)).toEqual(b.stageIds.map(String));
  });

  it('refuses a bad window with 422 on days', async () => {
    for (const days of ['0', '3651', 'abc', '1.5', '-3']) {
      const res = await a.api.get(`/reports/pipeline?days=${days}`);
      expect(res.status, days).toBe(422);
      expect(res.body.details).toHaveProperty('days');
    }
    expect((await a.api.get('/reports/pipeline?days=30&days=60')).status).toBe(422);
  });

  it('is read-only: a read token may call it, and writing methods answer 405', async () => {
    expect((await a.readApi.get('/reports/pipeline')).status).toBe(200);
    const res = await a.api.post('/reports/pipeline', { pipeline: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('runs a fixed number of statements, however many projects there are', async () => {
    const count = async () => {
      const before = statementCount();
      expect((await b.api.get('/reports/pipeline')).status).toBe(200);
      return statementCount() - before;
    };
    const empty = await count();
    for (let i = 0; i < 5; i++) await b.api.post('/projects', { project: { name: `P${i}`, amount: 10 } });
    expect(await count()).toBe(empty);
    expect(empty).toBeLessThanOrEqual(3); // the token lookup, the stages, the closed totals
  });
});
