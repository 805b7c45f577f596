import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { leads, projects, webhookMessages } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectRef, expectShape } from '../spec-shapes';

let a: TestAccount;
let b: TestAccount;
const stage = (i: number) => String(a.stageIds[i]);
// DEFAULT_STAGES: 0 Lead (open) … 4 Negotiating (open), 5 Won, 6 Lost.
const WON = 5;
const LOST = 6;

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  a = await createTestAccount('Project GC');
  b = await createTestAccount('Other GC');
});

describe('projects', () => {
  it('creates a project in the first open stage with the full shape and derived fields', async () => {
    const res = await a.api.post('/projects', {
      project: {
        name: 'Cedar Park Library',
        amount: 1_234_567.89,
        square_feet: 20_000,
        units: 4,
        probability: 0.5,
        bid_due_at: '2027-01-15T17:00:00-06:00',
        bid_due_at_includes_time: true,
        start_date: '2027-02-01',
        end_date: '2027-11-15',
        custom_fields: { permit: 'BP-1', phases: [1, 2] },
        assigned_to_id: String(a.userId),
        market_sector_id: String(a.lookup.marketSectors[1]),
        address: { city: 'Cedar Park', state: 'TX' },
      },
    });
    expect(res.status).toBe(201);
    const p = res.body.project;
    expectShape(p, 'project');
    expect(p).toMatchObject({
      name: 'Cedar Park Library',
      amount: 1_234_567.89,
      price_per_square_foot: 61.73,
      price_per_unit: 308_641.97,
      probability: 0.5,
      project_status: 'pursuit',
      close_type: null,
      stage_age: 0,
      pursuit_duration: 0,
      project_duration: 9,
      bid_due_at: '2027-01-15T23:00:00Z',
      custom_fields: { permit: 'BP-1', phases: [1, 2] },
      project_stage: { id: stage(0), name: 'Lead', category: 'open' },
      market_sector: { name: 'Education' },
      created_by: { id: String(a.userId) },
      address: { city: 'Cedar Park', state: 'TX', zip: null },
      import: null,
    });
    expectRef(p.project_stage, 'named');
    expectRef(p.assigned_to, 'user');
    const [row] = await getDb()
      .select()
      .from(projects)
      .where(eq(projects.id, Number(p.id)));
    expect(row!.amountInCents).toBe(123_456_789);
  });

  it('GET /projects/{id} answers the same shape; 404 for unknown, odd and foreign ids', async () => {
    const { id } = (await a.api.post('/projects', { project: { name: 'Depot' } })).body.project;
    const res = await a.api.get(`/projects/${id}`);
    expect(res.status).toBe(200);
    expectShape(res.body.project, 'project');
    for (const bad of ['999999999', 'abc', '0', '-1', '1%20OR%201=1']) {
      const r = await a.api.get(`/projects/${bad}`);
      expect(r.status, bad).toBe(404);
      expect(r.body.error).toBe('not_found');
    }
    expect((await b.api.get(`/projects/${id}`)).status).toBe(404);
    expect((await b.api.patch(`/projects/${id}`, { project: { name: 'x' } })).status).toBe(404);
    expect((await b.api.delete(`/projects/${id}`)).status).toBe(404);
    expect((await request('GET', `/projects/${id}`)).status).toBe(401);
  });

  it('follows the stage: closing sets close_type, reopening clears it, mismatches are refused', async () => {
    const { id } = (await a.api.post('/projects', { project: { name: 'Clinic' } })).body.project;
    const early = await a.api.patch(`/projects/${id}`, { project: { close_type: 'won' } });
    expect(early.status).toBe(422);
    expect(early.body.details.close_type[0]).toMatch(/closed/);

    const won = await a.api.patch(`/projects/${id}`, {
      project: { project_stage_id: stage(WON), start_date: isoDay(-10), end_date: isoDay(100) },
    });
    expect(won.status).toBe(200);
    expect(won.body.project).toMatchObject({ close_type: 'won', project_status: 'active', stage_age: 0 });

    const mismatch = await a.api.patch(`/projects/${id}`, { project: { close_type: 'lost' } });
    expect(mismatch.status).toBe(422);

    const lost = await a.api.patch(`/projects/${id}`, {
      project: { project_stage_id: stage(LOST), loss_reason_id: String(a.lookup.lossReasons[0]) },
    });
    expect(lost.body.project).toMatchObject({ close_type: 'lost', project_status: 'lost', loss_reason: { name: 'Price' } });

    const reopened = await a.api.patch(`/projects/${id}`, { project: { project_stage_id: stage(2) } });
    expect(reopened.body.project).toMatchObject({ close_type: null, project_status: 'pursuit' });
  });

  it('derives upcoming and complete from the dates of a won project, and filters by status', async () => {
    const mk = async (name: string, start: string | null, end: string | null) =>
      (
        await a.api.post('/projects', {
          project: { name, project_stage_id: stage(WON), start_date: start, end_date: end },
        })
      ).body.project;
    const upcoming = await mk('Future tower', isoDay(30), isoDay(300));
    const complete = await mk('Old school', isoDay(-300), isoDay(-3));
    expect(upcoming.project_status).toBe('upcoming');
    expect(complete.project_status).toBe('complete');
    const list = await a.api.get('/projects?project_status=complete');
    expect(list.status).toBe(200);
    expect(list.body.projects.map((p: { id: string }) => p.id)).toContain(complete.id);
    expect(list.body.projects.every((p: { project_status: string }) => p.project_status === 'complete')).toBe(true);
    const bad = await a.api.get('/projects?project_status=done');
    expect(bad.status).toBe(422);
    expect(bad.body.details).toHaveProperty('project_status');
  });

  it('PATCH keeps omitted fields, clears nulls, and refuses an end before the start', async () => {
    const { id } = (await a.api.post('/projects', { project: { name: 'Annex', description: 'd', amount: 10, units: 2 } })).body.project;
    const res = await a.api.patch(`/projects/${id}`, { project: { description: null, units: 5 } });
    expect(res.body.project).toMatchObject({ name: 'Annex', description: null, amount: 10, units: 5, price_per_unit: 2 });
    const bad = await a.api.patch(`/projects/${id}`, { project: { start_date: '2027-05-01', end_date: '2027-04-01' } });
    expect(bad.status).toBe(422);
    expect(bad.body.details).toHaveProperty('end_date');
    const cents = await a.api.patch(`/projects/${id}`, { project: { amount: 1.234 } });
    expect(cents.status).toBe(422);
  });

  it('converts a lead into a project once, archiving the lead', async () => {
    const lead = (
      await a.api.post('/leads', {
        lead: {
          name: 'Oak Hill Senior Living',
          value_in_cents: 10_000_000_000_000,
          square_feet: 80_000,
          market_sector_id: String(a.lookup.marketSectors[0]),
          lead_source_id: String(a.lookup.leadSources[0]),
          tender_type_id: String(a.lookup.tenderTypes[0]),
          delivery_method_id: String(a.lookup.deliveryMethods[0]),
          address: { city: 'Austin' },
        },
      })
    ).body.lead;
    expect(lead.value_in_cents).toBe(10_000_000_000_000);
    const res = await a.api.post(`/leads/${lead.id}/convert`);
    expect(res.status).toBe(201);
    expectShape(res.body.project, 'project');
    expect(res.body.project).toMatchObject({
      name: 'Oak Hill Senior Living',
      amount: 100_000_000_000,
      square_feet: 80_000,
      project_status: 'pursuit',
      market_sector: { name: 'Healthcare' },
      lead_source: { name: 'Referral' },
      tender_type: { name: 'Public' },
      delivery_method: { name: 'CM at Risk' },
      address: { city: 'Austin' },
      project_stage: { name: 'Lead' },
    });
    const after = await a.api.get(`/leads/${lead.id}`);
    expect(after.body.lead.archived_at).not.toBeNull();
    expect(after.body.lead.archived_by.id).toBe(String(a.userId));
    const again = await a.api.post(`/leads/${lead.id}/convert`);
    expect(again.status).toBe(409);
    expect((await b.api.post(`/leads/${lead.id}/convert`)).status).toBe(404);
    const events = await getDb()
      .select()
      .from(webhookMessages)
      .where(and(eq(webhookMessages.accountId, a.accountId), eq(webhookMessages.eventType, 'project.create')));
    expect(events.some((e) => e.payload.id === res.body.project.id)).toBe(true);
    const [leadRow] = await getDb()
      .select()
      .from(leads)
      .where(eq(leads.id, Number(lead.id)));
    expect(leadRow!.archivedById).toBe(a.userId);
  });

  it('deletes a project and records project.delete', async () => {
    const { id } = (await a.api.post('/projects', { project: { name: 'Temp' } })).body.project;
    expect((await a.api.delete(`/projects/${id}`)).status).toBe(204);
    expect((await a.api.get(`/projects/${id}`)).status).toBe(404);
    expect((await a.api.delete(`/projects/${id}`)).status).toBe(404);
  });

  it('refuses unknown relation ids with 422 on the field', async () => {
    const res = await a.api.post('/projects', {
      project: { name: 'X', project_stage_id: String(b.stageIds[0]), company_id: '123456789' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(['company_id', 'project_stage_id']);
  });
});

describe('project sorting', () => {
  it('sorts by the given field, ascending or descending with "-", empty values last', async () => {
    const c = await createTestAccount('Project sort GC');
    for (const [name, amount, bid] of [
      ['Bravo Clinic', 300, '2027-03-01'],
      ['Alpha Depot', null, null],
      ['Charlie Lofts', 100, '2027-01-15'],
    ] as const) {
      expect((await c.api.post('/projects', { project: { name, amount, bid_due_date: bid } })).status).toBe(201);
    }
    const names = async (sort: string) => (await c.api.get(`/projects?sort=${sort}`)).body.projects.map((p: { name: string }) => p.name);
    expect(await names('name')).toEqual(['Alpha Depot', 'Bravo Clinic', 'Charlie Lofts']);
    expect(await names('-name')).toEqual(['Charlie Lofts', 'Bravo Clinic', 'Alpha Depot']);
    expect(await names('amount')).toEqual(['Charlie Lofts', 'Bravo Clinic', 'Alpha Depot']);
    expect(await names('-amount')).toEqual(['Bravo Clinic', 'Charlie Lofts', 'Alpha Depot']);
    expect(await names('bid_due_date')).toEqual(['Charlie Lofts', 'Bravo Clinic', 'Alpha Depot']);
    expect(await names('-created_at')).toEqual(['Charlie Lofts', 'Alpha Depot', 'Bravo Clinic']);
    // Sorting composes with the filters and pagination.
    const page = await c.api.get('/projects?sort=-amount&per_page=1&page=2&q=o');
    expect(page.body.projects.map((p: { name: string }) => p.name)).toEqual(['Charlie Lofts']);
    expect(page.headers.get('x-total-count')).toBe('3');
    const bad = await c.api.get('/projects?sort=amount_in_cents');
    expect(bad.status).toBe(422);
    expect(bad.body.details).toHaveProperty('sort');
  });
});

describe('projects: bid due and closed filters', () => {
  let c: TestAccount;
  const ids = (res: { body: { projects: { id: string }[] } }) => res.body.projects.map((p) => p.id).sort();
  const make = async (project: Record<string, unknown>) => (await c.api.post('/projects', { project })).body.project.id as string;

  beforeAll(async () => {
    c = await createTestAccount('Bid GC');
  });

  it('bid_due_from and bid_due_to bound bid_due_date, both ends included; projects without one are left out', async () => {
    const early = await make({ name: 'Early bid', bid_due_date: '2031-03-01' });
    const mid = await make({ name: 'Mid bid', bid_due_date: '2031-03-10' });
    const late = await make({ name: 'Late bid', bid_due_date: '2031-03-15' });
    await make({ name: 'No bid date' });
    expect(ids(await c.api.get('/projects?bid_due_from=2031-03-01&bid_due_to=2031-03-10'))).toEqual([early, mid].sort());
    expect(ids(await c.api.get('/projects?bid_due_from=2031-03-02'))).toEqual([mid, late].sort());
    const to = await c.api.get('/projects?bid_due_to=2031-03-14');
    expect(ids(to)).toEqual([early, mid].sort());
    expect(to.headers.get('x-total-count')).toBe('2');
    // The Link header keeps the filters.
    expect(to.headers.get('link')).toContain('bid_due_to=2031-03-14');
    const bad = await c.api.get('/projects?bid_due_from=2031-13-01&bid_due_to=soon');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['bid_due_from', 'bid_due_to']);
    expect((await c.api.get('/projects?bid_due_from=2031-03-01&bid_due_from=2031-03-02')).status).toBe(422);
  });

  it('closed_since lists the projects closed (closed_at) on or after the day', async () => {
    const stage = (i: number) => String(c.stageIds[i]);
    const recentWin = await make({ name: 'Recent win', project_stage_id: stage(WON) });
    const recentLoss = await make({ name: 'Recent loss', project_stage_id: stage(LOST) });
    const oldWin = await make({ name: 'Old win', project_stage_id: stage(WON) });
    await make({ name: 'Still open', project_stage_id: stage(1) });
    await getDb()
      .update(projects)
      .set({ closedAt: new Date(Date.now() - 200 * 86_400_000) })
      .where(eq(projects.id, Number(oldWin)));
    expect(ids(await c.api.get(`/projects?closed_since=${isoDay(-90)}`))).toEqual([recentWin, recentLoss].sort());
    expect(ids(await c.api.get(`/projects?closed_since=${isoDay(-90)}&close_type=won`))).toEqual([recentWin]);
    expect(ids(await c.api.get(`/projects?closed_since=${isoDay(-365)}&close_type=won`))).toEqual([recentWin, oldWin].sort());
    expect((await c.api.get('/projects?closed_since=yesterday')).status).toBe(422);
    // Another account's projects never show.
    expect((await b.api.get(`/projects?closed_since=${isoDay(-90)}`)).body.projects).toEqual([]);
  });
});
