import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { companyIndustries, divisions, leads, projects, projectStages, webhookMessages, workforceEmployees } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { client } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// Settings → Lists and Pipeline through the API (docs/settings.md): a value of a list is read,
// renamed, archived, counted, deleted when unused and merged into another (its records re-pointed
// in one transaction); stages take a colour and a board order at once.

let a: TestAccount;
let b: TestAccount;
let member: ReturnType<typeof client>;

beforeAll(async () => {
  a = await createTestAccount('Lists GC');
  b = await createTestAccount('Other Lists GC');
  member = client(await createApiToken(getDb(), { accountId: a.accountId, userId: a.otherUserId }));
});

const lead = async (t: TestAccount, fields: Record<string, unknown>) => {
  const res = await t.api.post('/leads', { lead: { name: `Lead ${Math.random()}`, ...fields } });
  expect(res.status).toBe(201);
  return res.body.lead as { id: string; updated_at: string };
};
const project = async (t: TestAccount, fields: Record<string, unknown>) => {
  const res = await t.api.post('/projects', { project: { name: `Project ${Math.random()}`, ...fields } });
  expect(res.status).toBe(201);
  return res.body.project as { id: string; updated_at: string };
};

describe('a value of a list', () => {
  it('is read with how many records hold it, across leads, projects and people', async () => {
    const division = (await a.api.post('/divisions', { division: { name: 'Healthcare East' } })).body.division;
    expect(division).toMatchObject({ name: 'Healthcare East', archived_at: null, usage_count: 0 });
    await lead(a, { division_id: division.id });
    await project(a, { division_id: division.id });
    await project(a, { division_id: division.id });
    const one = await a.api.get(`/divisions/${division.id}`);
    expect(one.status).toBe(200);
    expect(one.body.division).toMatchObject({ id: division.id, name: 'Healthcare East', usage_count: 3 });
    expect(one.headers.get('etag')).toMatch(/^"/);
    const listed = (await a.api.get('/divisions')).body.divisions.find((d: { id: string }) => d.id === division.id);
    expect(listed.usage_count).toBe(3);
    // Another account's value is not there.
    expect((await b.api.get(`/divisions/${division.id}`)).status).toBe(404);
  });

  it('is renamed (a name taken is a 409), with If-Match honoured', async () => {
    const sector = (await a.api.post('/market_sectors', { market_sector: { name: 'Hospitality' } })).body.market_sector;
    const read = await a.api.get(`/market_sectors/${sector.id}`);
    const etag = read.headers.get('etag')!;
    const renamed = await a.api.patch(`/market_sectors/${sector.id}`, { market_sector: { name: 'Hotels & Hospitality' } }, { headers: { 'If-Match': etag } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.market_sector).toMatchObject({ id: sector.id, name: 'Hotels & Hospitality', archived_at: null, usage_count: 0 });
    const stale = await a.api.patch(`/market_sectors/${sector.id}`, { market_sector: { name: 'Lodging' } }, { headers: { 'If-Match': etag } });
    expect(stale.status).toBe(412);
    expect(stale.body.details.current.name).toBe('Hotels & Hospitality');
    const taken = await a.api.patch(`/market_sectors/${sector.id}`, { market_sector: { name: 'HEALTHCARE' } });
    expect(taken.status).toBe(409);
    expect(taken.body.details).toEqual({ name: ['has already been taken'] });
    const blank = await a.api.patch(`/market_sectors/${sector.id}`, { market_sector: { name: ' ' } });
    expect(blank.status).toBe(422);
  });

  it('is archived: kept by its records, left out of `archived=false`, restored', async () => {
    const source = (await a.api.post('/lead_sources', { lead_source: { name: 'Trade show' } })).body.lead_source;
    const held = await lead(a, { lead_source_id: source.id });
    const archived = await a.api.patch(`/lead_sources/${source.id}`, { lead_source: { archived: true } });
    expect(archived.status).toBe(200);
    expect(archived.body.lead_source.archived_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(archived.body.lead_source.usage_count).toBe(1);
    const live = (await a.api.get('/lead_sources?archived=false')).body.lead_sources.map((s: { id: string }) => s.id);
    const gone = (await a.api.get('/lead_sources?archived=true')).body.lead_sources.map((s: { id: string }) => s.id);
    expect(live).not.toContain(source.id);
    expect(gone).toEqual([source.id]);
    expect((await a.api.get(`/leads/${held.id}`)).body.lead.lead_source).toMatchObject({ id: source.id, name: 'Trade show' });
    const restored = await a.api.patch(`/lead_sources/${source.id}`, { lead_source: { archived: false } });
    expect(restored.body.lead_source.archived_at).toBeNull();
    expect((await a.api.get('/lead_sources?archived=maybe')).status).toBe(422);
  });

  it('is deleted when no record holds it; in use it is a 409 that says to merge', async () => {
    const unused = (await a.api.post('/tender_types', { tender_type: { name: 'Invited' } })).body.tender_type;
    expect((await a.api.delete(`/tender_types/${unused.id}`)).status).toBe(204);
    expect((await a.api.get(`/tender_types/${unused.id}`)).status).toBe(404);
    const used = (await a.api.post('/tender_types', { tender_type: { name: 'Negotiated' } })).body.tender_type;
    await project(a, { tender_type_id: used.id });
    const refused = await a.api.delete(`/tender_types/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'conflict', details: { usage_count: ['is 1'] } });
    expect(refused.body.message).toContain('merge it into another');
    expect((await a.api.get(`/tender_types/${used.id}`)).status).toBe(200);
  });

  it('is merged into another: its records move there in one transaction, their updated_at moves, and it is gone', async () => {
    const db = getDb();
    const [keep, merged] = await Promise.all(
      ['Public Works', 'Public works (old)'].map(async (name) => (await a.api.post('/divisions', { division: { name } })).body.division),
    );
    const l = await lead(a, { division_id: merged.id });
    const p = await project(a, { division_id: merged.id });
    const untouched = await project(a, { division_id: keep.id });
    await db.insert(workforceEmployees).values({ accountId: a.accountId, legalFirstName: 'Sam', lastName: 'Rivera', divisionId: Number(merged.id) });
    const before = await db.select({ id: webhookMessages.id }).from(webhookMessages).where(eq(webhookMessages.accountId, a.accountId));

    const res = await a.api.post(`/divisions/${merged.id}/merge`, { merge: { into_id: keep.id } });
    expect(res.status).toBe(200);
    expect(res.body.division).toMatchObject({ id: keep.id, name: 'Public Works', usage_count: 4 });
    expect((await a.api.get(`/divisions/${merged.id}`)).status).toBe(404);
    const movedLead = (await a.api.get(`/leads/${l.id}`)).body.lead;
    expect(movedLead.division).toMatchObject({ id: keep.id, name: 'Public Works' });
    expect(movedLead.updated_at >= l.updated_at).toBe(true);
    expect((await a.api.get(`/projects/${p.id}`)).body.project.division.id).toBe(keep.id);
    expect((await a.api.get(`/projects/${untouched.id}`)).body.project.division.id).toBe(keep.id);
    const [employee] = await db.select({ divisionId: workforceEmployees.divisionId }).from(workforceEmployees).where(eq(workforceEmployees.lastName, 'Rivera'));
    expect(employee!.divisionId).toBe(Number(keep.id));
    const rows = await db
      .select()
      .from(divisions)
      .where(inArray(divisions.id, [Number(merged.id)]));
    expect(rows).toEqual([]);
    // Lists are configuration: a merge writes no webhook event.
    const after = await db.select({ id: webhookMessages.id }).from(webhookMessages).where(eq(webhookMessages.accountId, a.accountId));
    expect(after.length).toBe(before.length);
  });

  it('merges industries so a company holding both keeps one', async () => {
    const db = getDb();
    const [x, y] = a.lookup.industries as [number, number];
    const both = await a.api.post('/companies', { company: { name: 'Both Industries Inc', industry_ids: [String(x), String(y)] } });
    expect(both.status).toBe(201);
    const res = await a.api.post(`/industries/${y}/merge`, { merge: { into_id: String(x) } });
    expect(res.status).toBe(200);
    const held = await db
      .select()
      .from(companyIndustries)
      .where(eq(companyIndustries.companyId, Number(both.body.company.id)));
    expect(held.map((r) => r.industryId)).toEqual([x]);
    expect(res.body.industry.usage_count).toBe(1);
  });

  it('refuses a merge into itself, into another account’s value or one that is not there (422), and from a value not there (404)', async () => {
    const own = (await a.api.post('/call_outcomes', { call_outcome: { name: 'Reached' } })).body.call_outcome;
    const other = (await b.api.post('/call_outcomes', { call_outcome: { name: 'Reached' } })).body.call_outcome;
    const self = await a.api.post(`/call_outcomes/${own.id}/merge`, { merge: { into_id: own.id } });
    expect(self.status).toBe(422);
    expect(Object.keys(self.body.details)).toEqual(['into_id']);
    const foreign = await a.api.post(`/call_outcomes/${own.id}/merge`, { merge: { into_id: other.id } });
    expect(foreign.status).toBe(422);
    expect((await a.api.post(`/call_outcomes/${other.id}/merge`, { merge: { into_id: own.id } })).status).toBe(404);
    expect((await a.api.post(`/call_outcomes/${own.id}/merge`, { merge: {} })).status).toBe(422);
    expect((await a.api.post(`/call_outcomes/${own.id}/merge`, { into_id: other.id })).status).toBe(400);
    // Nothing moved: both still there.
    expect((await a.api.get(`/call_outcomes/${own.id}`)).status).toBe(200);
    expect((await b.api.get(`/call_outcomes/${other.id}`)).status).toBe(200);
  });

  it('is changed only by admins, and not with a read token', async () => {
    const id = a.lookup.contractTypes[0]!;
    expect((await member.patch(`/contract_types/${id}`, { contract_type: { name: 'Mine now' } })).status).toBe(403);
    expect((await member.delete(`/contract_types/${id}`)).status).toBe(403);
    expect((await member.post(`/contract_types/${id}/merge`, { merge: { into_id: String(a.lookup.contractTypes[1]) } })).status).toBe(403);
    expect((await a.readApi.patch(`/contract_types/${id}`, { contract_type: { name: 'Mine now' } })).status).toBe(403);
    expect((await member.get(`/contract_types/${id}`)).status).toBe(200);
  });

  it('of workforce roles: renamed with its abbreviation, archived, merged across employees and assignments', async () => {
    const role = (await a.api.post('/workforce/roles', { workforce_role: { name: 'Project Engineer', abbreviation: 'PE' } })).body.workforce_role;
    expect(role).toMatchObject({ abbreviation: 'PE', archived_at: null, usage_count: 0 });
    const changed = await a.api.patch(`/workforce/roles/${role.id}`, { workforce_role: { abbreviation: 'PENG', archived: true } });
    expect(changed.body.workforce_role).toMatchObject({ name: 'Project Engineer', abbreviation: 'PENG' });
    expect(changed.body.workforce_role.archived_at).not.toBeNull();
    await getDb()
      .insert(workforceEmployees)
      .values({ accountId: a.accountId, legalFirstName: 'Jo', lastName: 'Park', roleId: Number(role.id) });
    const merged = await a.api.post(`/workforce/roles/${role.id}/merge`, { merge: { into_id: String(a.lookup.workforceRoles[0]) } });
    expect(merged.status).toBe(200);
    expect(merged.body.workforce_role).toMatchObject({ name: 'Superintendent', usage_count: 1 });
  });
});

describe('pipeline stages', () => {
  it('take a colour, and refuse one that is not #rrggbb', async () => {
    const stage = await a.api.patch(`/project_stages/${a.stageIds[2]}`, { project_stage: { color: '#2563EB' } });
    expect(stage.status).toBe(200);
    expect(stage.body.project_stage).toMatchObject({ name: 'Estimating', color: '#2563eb', usage_count: 0 });
    expect((await a.api.patch(`/project_stages/${a.stageIds[2]}`, { project_stage: { color: 'blue' } })).status).toBe(422);
    const created = await a.api.post('/project_stages', { project_stage: { name: 'Prequalified', category: 'open', color: '#16a34a' } });
    expect(created.body.project_stage).toMatchObject({ color: '#16a34a', usage_count: 0 });
    expect((await a.api.delete(`/project_stages/${created.body.project_stage.id}`)).status).toBe(204);
  });

  it('are put in a new board order at once, every stage named once', async () => {
    const ids = a.stageIds.map(String);
    const reversed = [...ids].reverse();
    const res = await a.api.put('/project_stages/order', { project_stage_order: { ids: reversed } });
    expect(res.status).toBe(200);
    expect(res.body.project_stages.map((s: { id: string }) => s.id)).toEqual(reversed);
    expect(res.body.project_stages.map((s: { position: number }) => s.position)).toEqual(ids.map((_, i) => i));
    expect((await a.api.get('/project_stages')).body.project_stages.map((s: { id: string }) => s.id)).toEqual(reversed);
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), String(b.stageIds[0])]]) {
      const refused = await a.api.put('/project_stages/order', { project_stage_order: { ids: bad } });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.details)).toEqual(['ids']);
    }
    expect((await member.put('/project_stages/order', { project_stage_order: { ids } })).status).toBe(403);
    await a.api.put('/project_stages/order', { project_stage_order: { ids } });
    // Another account's order is its own.
    expect((await b.api.get('/project_stages')).body.project_stages.map((s: { id: string }) => s.id)).toEqual(b.stageIds.map(String));
  });

  it('with projects are deleted by moving them to a stage of the same category', async () => {
    const db = getDb();
    const extra = (await a.api.post('/project_stages', { project_stage: { name: 'Shortlisted', category: 'open' } })).body.project_stage;
    const p = await project(a, { project_stage_id: extra.id });
    expect((await a.api.delete(`/project_stages/${extra.id}`)).status).toBe(409);
    const wrongCategory = await a.api.post(`/project_stages/${extra.id}/merge`, { merge: { into_id: String(a.stageIds[5]) } });
    expect(wrongCategory.status).toBe(422);
    expect(wrongCategory.body.details.into_id[0]).toContain('same category');
    const moved = await a.api.post(`/project_stages/${extra.id}/merge`, { merge: { into_id: String(a.stageIds[3]) } });
    expect(moved.status).toBe(200);
    expect(moved.body.project_stage).toMatchObject({ id: String(a.stageIds[3]), name: 'Bid Submitted' });
    expect((await a.api.get(`/projects/${p.id}`)).body.project.project_stage.id).toBe(String(a.stageIds[3]));
    expect(
      await db
        .select()
        .from(projectStages)
        .where(eq(projectStages.id, Number(extra.id))),
    ).toEqual([]);
    const [row] = await db
      .select({ stage: projects.projectStageId })
      .from(projects)
      .where(eq(projects.id, Number(p.id)));
    expect(row!.stage).toBe(a.stageIds[3]);
    expect(await db.select({ id: leads.id }).from(leads).where(eq(leads.accountId, b.accountId))).toEqual([]);
  });
});
