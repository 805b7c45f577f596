import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contractTypes, projectStages, webhookMessages, workforceRoles } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectShape } from '../spec-shapes';

let a: TestAccount;
let b: TestAccount;

beforeAll(async () => {
  a = await createTestAccount('Lookup GC');
  b = await createTestAccount('Other GC');
});

const names = (list: { name: string }[]) => list.map((r) => r.name);

// The named lookups: path, wrapper keys, and the names the fixture account already has.
const NAMED = [
  ['contract_types', 'contract_type', ['Design/Build', 'Hard Bid']],
  ['delivery_methods', 'delivery_method', ['CM at Risk']],
  ['divisions', 'division', ['Commercial']],
  ['lead_sources', 'lead_source', ['Referral']],
  ['market_sectors', 'market_sector', ['Healthcare', 'Education']],
  ['tender_types', 'tender_type', ['Public']],
  ['loss_reasons', 'loss_reason', ['Price']],
  ['call_outcomes', 'call_outcome', ['Left voicemail']],
  ['industries', 'industry', ['Architecture', 'Real Estate']],
] as const;

describe.each(NAMED)('/%s', (path, singular, seeded) => {
  it("lists the account's values ordered by name, as Named references with their archive state and use", async () => {
    const res = await a.api.get(`/${path}`);
    expect(res.status).toBe(200);
    const list = res.body[path];
    expect(names(list)).toEqual([...seeded].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    for (const item of list) {
      expectShape(item, 'named');
      expect(Object.keys(item).sort()).toEqual(['archived_at', 'created_at', 'id', 'name', 'updated_at', 'usage_count']);
      expect(item.archived_at).toBeNull();
      expect(Number.isInteger(item.usage_count)).toBe(true);
    }
    expect(res.headers.get('x-total-count')).toBe(String(seeded.length));
  });

  it('creates a value (201) and refuses a duplicate name in any case (409)', async () => {
    const res = await a.api.post(`/${path}`, { [singular]: { name: `  Zeta ${singular}  ` } });
    expect(res.status).toBe(201);
    expectShape(res.body[singular], 'named');
    expect(res.body[singular].name).toBe(`Zeta ${singular}`);
    const dup = await a.api.post(`/${path}`, { [singular]: { name: `ZETA ${singular.toUpperCase()}` } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 'conflict', details: { name: ['has already been taken'] } });
    // Another account may use the same name.
    expect((await b.api.post(`/${path}`, { [singular]: { name: `Zeta ${singular}` } })).status).toBe(201);
    const list = await a.api.get(`/${path}`);
    expect(names(list.body[path]).at(-1)).toBe(`Zeta ${singular}`);
  });

  it('answers 422 for a blank or missing name and 400 without the wrapper', async () => {
    for (const body of [{ name: '' }, { name: '   ' }, {}, { name: 12 }, { name: 'x'.repeat(256) }]) {
      const res = await a.api.post(`/${path}`, { [singular]: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.details).toHaveProperty('name');
    }
    expect((await a.api.post(`/${path}`, { name: 'Loose' })).status).toBe(400);
  });

  it('answers 401 without a token and 403 for a read token writing', async () => {
    expect((await request('GET', `/${path}`)).status).toBe(401);
    expect((await request('POST', `/${path}`, { body: { [singular]: { name: 'x' } } })).status).toBe(401);
    expect((await a.readApi.get(`/${path}`)).status).toBe(200);
    expect((await a.readApi.post(`/${path}`, { [singular]: { name: 'Read only' } })).status).toBe(403);
  });
});

describe('named lookups', () => {
  it('store the value in the account and record no webhook event', async () => {
    const before = await getDb().select().from(webhookMessages).where(eq(webhookMessages.accountId, a.accountId));
    const res = await a.api.post('/contract_types', { contract_type: { name: 'Cost Plus' } });
    const [row] = await getDb()
      .select()
      .from(contractTypes)
      .where(eq(contractTypes.id, Number(res.body.contract_type.id)));
    expect(row).toMatchObject({ accountId: a.accountId, name: 'Cost Plus' });
    const after = await getDb().select().from(webhookMessages).where(eq(webhookMessages.accountId, a.accountId));
    expect(after).toHaveLength(before.length);
  });

  it('isolate accounts', async () => {
    const mine = (await a.api.post('/divisions', { division: { name: 'Secret Division' } })).body.division;
    const theirs = await b.api.get('/divisions');
    expect(theirs.body.divisions.map((d: { id: string }) => d.id)).not.toContain(mine.id);
    expect(names(theirs.body.divisions)).not.toContain('Secret Division');
  });

  it('paginate like every list', async () => {
    const c = await createTestAccount('Paging GC');
    for (const name of ['Alpha', 'bravo', 'Charlie', 'delta']) {
      expect((await c.api.post('/lead_sources', { lead_source: { name } })).status).toBe(201);
    }
    const first = await c.api.get('/lead_sources?per_page=2');
    expect(names(first.body.lead_sources)).toEqual(['Alpha', 'bravo']);
    expect(first.headers.get('x-total-count')).toBe('5');
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await c.api.get('/lead_sources?per_page=2&page=2');
    expect(names(second.body.lead_sources)).toEqual(['Charlie', 'delta']);
    const third = await c.api.get('/lead_sources?per_page=2&page=3');
    expect(names(third.body.lead_sources)).toEqual(['Referral']);
    expect(third.headers.get('link')).not.toContain('rel="next"');
    const past = await c.api.get('/lead_sources?per_page=2&page=9');
    expect(past.status).toBe(200);
    expect(past.body.lead_sources).toEqual([]);
    for (const q of ['per_page=0', 'per_page=101', 'page=x', 'page=1&page=2', 'updated_since=2020-01-01']) {
      expect((await c.api.get(`/lead_sources?${q}`)).status, q).toBe(422);
    }
    expect((await c.api.get('/lead_sources?updated_since=2200-01-01T00:00:00Z')).body.lead_sources).toEqual([]);
    expect((await c.api.get('/lead_sources?updated_since=2000-01-01T00:00:00Z')).body.lead_sources).toHaveLength(5);
  });

  it('are changed one value at a time, never as a whole list', async () => {
    expect((await a.api.patch('/contract_types', { contract_type: { name: 'x' } })).status).toBe(405);
    expect((await a.api.delete('/contract_types')).status).toBe(405);
  });
});

describe('/project_stages', () => {
  it('lists the stages by position with category and position', async () => {
    const res = await a.api.get('/project_stages');
    expect(res.status).toBe(200);
    const list = res.body.project_stages;
    expect(list.map((s: { id: string }) => s.id)).toEqual(a.stageIds.map(String));
    expect(list.map((s: { position: number }) => s.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const s of list) {
      expectShape(s, 'named');
      expect(Object.keys(s).sort()).toEqual(['category', 'color', 'created_at', 'default_probability', 'id', 'name', 'position', 'updated_at', 'usage_count']);
    }
    expect(list.at(-2)).toMatchObject({ name: 'Won', category: 'won' });
    expect(list[0]).toMatchObject({ name: 'Lead', category: 'open' });
  });

  it('creates a stage after the last one by default, or at a given position', async () => {
    const c = await createTestAccount('Stages GC');
    const appended = await c.api.post('/project_stages', { project_stage: { name: 'On Hold', category: 'open' } });
    expect(appended.status).toBe(201);
    expect(appended.body.project_stage).toMatchObject({ name: 'On Hold', category: 'open', position: 7 });
    const placed = await c.api.post('/project_stages', { project_stage: { name: 'Prequal', category: 'open', position: 1 } });
    expect(placed.body.project_stage.position).toBe(1);
    const list = (await c.api.get('/project_stages')).body.project_stages;
    const order = list.map((s: { name: string }) => s.name);
    expect(order.slice(0, 3)).toEqual(['Lead', 'Qualifying', 'Prequal']);
    expect(order.at(-1)).toBe('On Hold');
    const [row] = await getDb()
      .select()
      .from(projectStages)
      .where(and(eq(projectStages.accountId, c.accountId), eq(projectStages.name, 'On Hold')));
    expect(row!.position).toBe(7);
    // The first stage of an account without stages starts at 0.
    await getDb().delete(projectStages).where(eq(projectStages.accountId, c.accountId));
    const firstStage = await c.api.post('/project_stages', { project_stage: { name: 'Only', category: 'won' } });
    expect(firstStage.body.project_stage.position).toBe(0);
  });

  it('validates name, category and position, and refuses a duplicate name', async () => {
    const bad = await a.api.post('/project_stages', { project_stage: { name: '', category: 'maybe', position: -1 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['category', 'name', 'position']);
    const missing = await a.api.post('/project_stages', { project_stage: { name: 'No category' } });
    expect(missing.status).toBe(422);
    expect(missing.body.details).toHaveProperty('category');
    const dup = await a.api.post('/project_stages', { project_stage: { name: 'won', category: 'won' } });
    expect(dup.status).toBe(409);
  });

  it('isolates accounts', async () => {
    const mine = (await a.api.post('/project_stages', { project_stage: { name: 'Mine only', category: 'lost' } })).body.project_stage;
    const theirs = (await b.api.get('/project_stages')).body.project_stages;
    expect(theirs.map((s: { id: string }) => s.id)).not.toContain(mine.id);
    expect(theirs.map((s: { id: string }) => s.id)).toEqual(b.stageIds.map(String));
  });
});

describe('/workforce/roles', () => {
  it('lists roles with their abbreviation, ordered by name', async () => {
    const created = await a.api.post('/workforce/roles', { workforce_role: { name: 'Carpenter', abbreviation: 'CARP' } });
    expect(created.status).toBe(201);
    expect(created.body.workforce_role).toMatchObject({ name: 'Carpenter', abbreviation: 'CARP' });
    expectShape(created.body.workforce_role, 'workforce_role');
    const bare = await a.api.post('/workforce/roles', { workforce_role: { name: 'Laborer' } });
    expect(bare.body.workforce_role.abbreviation).toBeNull();
    const res = await a.api.get('/workforce/roles');
    expect(res.status).toBe(200);
    expect(names(res.body.workforce_roles)).toEqual(['Carpenter', 'Laborer', 'Superintendent']);
    for (const r of res.body.workforce_roles) expectShape(r, 'workforce_role');
    const [row] = await getDb()
      .select()
      .from(workforceRoles)
      .where(eq(workforceRoles.id, Number(created.body.workforce_role.id)));
    expect(row).toMatchObject({ accountId: a.accountId, abbreviation: 'CARP' });
    expect(names((await b.api.get('/workforce/roles')).body.workforce_roles)).toEqual(['Superintendent']);
  });

  it('refuses a duplicate name (409) and bad fields (422)', async () => {
    expect((await a.api.post('/workforce/roles', { workforce_role: { name: 'SUPERINTENDENT' } })).status).toBe(409);
    const bad = await a.api.post('/workforce/roles', { workforce_role: { name: '', abbreviation: 3 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['abbreviation', 'name']);
    expect((await request('GET', '/workforce/roles')).status).toBe(401);
    expect((await a.readApi.post('/workforce/roles', { workforce_role: { name: 'R' } })).status).toBe(403);
  });
});

// The two fixed sets Buildr lists in its sidebar: every account has the same values, with ids and
// timestamps that never change (2023-01-01, when the 2023-01 API defined them).
const FIXED_AT = '2023-01-01T00:00:00Z';

describe('/project_team_roles (read-only, a fixed set)', () => {
  const ROLES = [
    ['project_admin', 'Project Admin'],
    ['project_executive', 'Project Executive'],
    ['project_manager', 'Project Manager'],
    ['assistant_project_manager', 'Assistant Project Manager'],
    ['estimator', 'Estimator'],
    ['superintendent', 'Superintendent'],
    ['project_engineer', 'Project Engineer'],
    ['foreman', 'Foreman'],
    ['safety_manager', 'Safety Manager'],
    ['accountant', 'Accountant'],
  ] as const;

  it('lists the roles a member can hold, with stable ids, as {id, created_at, updated_at, role, name}', async () => {
    const res = await a.api.get('/project_team_roles');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['project_team_roles']);
    expect(res.body.project_team_roles).toEqual(
      ROLES.map(([role, name], i) => ({ id: String(i + 1), created_at: FIXED_AT, updated_at: FIXED_AT, role, name })),
    );
    expect(res.headers.get('x-total-count')).toBe('10');
    // The same for every account: the set is the API's, not the account's.
    expect((await b.readApi.get('/project_team_roles')).body).toEqual(res.body);
  });

  it("names each role as a membership's roles do, and every listed role is one a membership takes", async () => {
    const project = (await a.api.post('/projects', { project: { name: 'Roles Tower' } })).body.project;
    const listed = (await a.api.get('/project_team_roles')).body.project_team_roles as { role: string; name: string }[];
    const created = await a.api.post(`/project_team_memberships?project_id=${project.id}`, {
      project_team_membership: { user_id: String(a.userId), roles: listed.map((r) => r.role) },
    });
    expect(created.status).toBe(201);
    const held = created.body.project_team_membership.roles.map((r: { role: string; name: string }) => [r.role, r.name]);
    expect(held.sort()).toEqual(listed.map((r) => [r.role, r.name]).sort());
  });

  it('pages, filters by updated_since, validates its query and refuses writes', async () => {
    const second = await a.api.get('/project_team_roles?per_page=3&page=2');
    expect(second.body.project_team_roles.map((r: { id: string }) => r.id)).toEqual(['4', '5', '6']);
    expect(second.headers.get('x-total-count')).toBe('10');
    expect(second.headers.get('link')).toContain('rel="prev"');
    expect(second.headers.get('link')).toContain('rel="next"');
    expect((await a.api.get('/project_team_roles?per_page=3&page=9')).body.project_team_roles).toEqual([]);
    expect((await a.api.get(`/project_team_roles?updated_since=${FIXED_AT}`)).body.project_team_roles).toHaveLength(10);
    const later = await a.api.get('/project_team_roles?updated_since=2023-01-01T00:00:01Z');
    expect(later.body.project_team_roles).toEqual([]);
    expect(later.headers.get('x-total-count')).toBe('0');
    for (const q of ['per_page=0', 'page=x', 'updated_since=yesterday']) {
      expect((await a.api.get(`/project_team_roles?${q}`)).status, q).toBe(422);
    }
    const post = await a.api.post('/project_team_roles', { project_team_role: { role: 'x', name: 'X' } });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await request('GET', '/project_team_roles')).status).toBe(401);
  });
});

describe('/company_categories (read-only, a fixed set)', () => {
  const CATEGORIES = ['client', 'architect', 'engineer', 'subcontractor', 'supplier', 'owner', 'consultant', 'other', 'competitor'];

  it('lists the categories a company takes: a Named reference plus the `category` value', async () => {
    const res = await a.api.get('/company_categories');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['company_categories']);
    const list = res.body.company_categories;
    expect(list).toEqual(
      CATEGORIES.map((category, i) => ({
        id: String(i + 1),
        created_at: FIXED_AT,
        updated_at: FIXED_AT,
        name: category[0]!.toUpperCase() + category.slice(1),
        category,
      })),
    );
    for (const item of list) expectShape(item, 'named');
    expect(res.headers.get('x-total-count')).toBe('9');
    expect((await b.readApi.get('/company_categories')).body).toEqual(res.body);
  });

  it('lists exactly the values companies.category takes', async () => {
    const list = (await a.api.get('/company_categories')).body.company_categories as { category: string }[];
    for (const { category } of list) {
      const res = await a.api.post('/companies', { company: { name: `A ${category}`, category } });
      expect(res.status, category).toBe(201);
      expect(res.body.company.category).toBe(category);
      expect((await a.api.get(`/companies?category=${category}`)).status).toBe(200);
    }
    expect((await a.api.post('/companies', { company: { name: 'Unlisted', category: 'vendor' } })).status).toBe(422);
  });

  it('pages like every list and refuses writes', async () => {
    const page = await a.api.get('/company_categories?per_page=5&page=2');
    expect(page.body.company_categories.map((c: { category: string }) => c.category)).toEqual(['owner', 'consultant', 'other', 'competitor']);
    expect(page.headers.get('x-total-count')).toBe('9');
    expect(page.headers.get('link')).toContain('rel="first"');
    expect((await a.api.get('/company_categories?updated_since=2024-01-01T00:00:00Z')).body.company_categories).toEqual([]);
    expect((await a.api.get('/company_categories?per_page=101')).status).toBe(422);
    expect((await a.api.post('/company_categories', { company_category: { name: 'Vendor' } })).status).toBe(405);
    expect((await a.api.delete('/company_categories')).status).toBe(405);
  });
});
