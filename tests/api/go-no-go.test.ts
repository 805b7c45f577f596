import { beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '@/db/queries/accounts';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { capacityAnswer, goNoGoScore, valuePerHour } from '@/lib/shared/domain/insights';
import { client } from '../api';
import { createTestAccount, TIMESTAMP, type TestAccount } from '../fixtures';

// Issue 19, go / no-go: the account's scorecard, a project's answers, score and decision, the
// capacity suggestion from the workforce demand, and the value per estimating hour.

type Rec = Record<string, unknown> & { id: string };
let a: TestAccount;
let b: TestAccount;
let criteria: (Rec & { weight: number; kind: string; name: string })[];

async function create(t: TestAccount, path: string, key: string, body: Record<string, unknown>): Promise<Rec> {
  const res = await t.api.post(path, { [key]: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body[key];
}
const project = (t: TestAccount, fields: Record<string, unknown> = {}) => create(t, '/projects', 'project', { name: 'Pursuit', ...fields });

beforeAll(async () => {
  a = await createTestAccount('Scorecard GC');
  b = await createTestAccount('Other scorecard GC');
  criteria = (await a.api.get('/go_no_go_criteria')).body.go_no_go_criteria;
});

describe('the formulas, by hand', () => {
  it('score: Σ w (a − 1) / 4 ÷ Σ w × 100 over the live criteria answered, two decimals', () => {
    // Weights 3, 2, 2, 3, 2 answered 5, 4, 3, 2, 1: (3 + 1.5 + 1 + 0.75 + 0) / 12 = 0.520833…
    expect(goNoGoScore({ 1: 5, 2: 4, 3: 3, 4: 2, 5: 1 }, { 1: 3, 2: 2, 3: 2, 4: 3, 5: 2 })).toBe(52.08);
    // Only the answered count: (3 + 1.5) / 5.
    expect(goNoGoScore({ 1: 5, 2: 4 }, { 1: 3, 2: 2, 3: 2 })).toBe(90);
    // An answer to a criterion no longer live counts in nothing.
    expect(goNoGoScore({ 9: 5 }, { 1: 3 })).toBeNull();
    expect(goNoGoScore({ 1: 1 }, { 1: 3 })).toBe(0);
  });

  it('capacity answer from the shortfall, and the value per estimating hour to the cent', () => {
    expect([0, 0.2, 0.5, 0.51, 1, 1.5, 2, 2.01].map(capacityAnswer)).toEqual([5, 4, 4, 3, 3, 2, 2, 1]);
    expect(valuePerHour(100_000_000, 0.5, 100)).toBe(5_000);
    expect(valuePerHour(100_000, 0.3333, 7)).toBe(47.61);
    expect(valuePerHour(100_000, 0.5, null)).toBeNull();
  });
});

describe('the scorecard: GET/POST/PATCH/DELETE /go_no_go_criteria', () => {
  it('every account starts with five criteria, one of them capacity', () => {
    expect(criteria.map((c) => [c.name, c.weight, c.kind])).toEqual([
      ['Relationship with the owner', 3, 'manual'],
      ['Project size fit', 2, 'manual'],
      ['Competition', 2, 'manual'],
      ['Expected margin', 3, 'manual'],
      ['Our capacity at the planned start', 2, 'capacity'],
    ]);
    expect(criteria[0]).toMatchObject({ created_at: expect.stringMatching(TIMESTAMP), archived: false, position: 0, description: expect.any(String) });
  });

  it('admins add, change and delete criteria; others read them only; another account never sees them', async () => {
    const made = await create(a, '/go_no_go_criteria', 'go_no_go_criterion', { name: 'Bonding capacity', weight: 5 });
    expect(made).toMatchObject({ name: 'Bonding capacity', weight: 5, kind: 'manual', position: 5, archived: false, description: null });
    const changed = await a.api.patch(`/go_no_go_criteria/${made.id}`, { go_no_go_criterion: { weight: 4, description: 'Can we bond it?' } });
    expect(changed.body.go_no_go_criterion).toMatchObject({ weight: 4, description: 'Can we bond it?' });
    expect((await a.api.patch(`/go_no_go_criteria/${made.id}`, { go_no_go_criterion: { weight: 0 } })).status).toBe(422);
    expect((await a.api.post('/go_no_go_criteria', { go_no_go_criterion: { name: '', kind: 'gut' } })).status).toBe(422);

    const userId = await insertUser(getDb(), { accountId: a.accountId, email: 'estimator@scorecard.example.com', firstName: 'Est', lastName: 'Imator' });
    const member = client(await createApiToken(getDb(), { accountId: a.accountId, userId }));
    expect((await member.get('/go_no_go_criteria')).status).toBe(200);
    const refused = await member.post('/go_no_go_criteria', { go_no_go_criterion: { name: 'Mine' } });
    expect(refused.status).toBe(403);

    expect((await b.api.get(`/go_no_go_criteria/${made.id}`)).status).toBe(404);
    expect((await b.api.get('/go_no_go_criteria')).body.go_no_go_criteria.map((c: Rec) => c.id)).not.toContain(made.id);
    expect((await a.api.delete(`/go_no_go_criteria/${made.id}`)).status).toBe(204);
    expect((await a.api.get(`/go_no_go_criteria/${made.id}`)).status).toBe(404);
  });
});

describe("a project's go / no-go: GET/PUT /projects/{id}/go_no_go", () => {
  it('answers merge, the score follows the live weights, and the decision records who and when', async () => {
    const p = await project(a, { amount: 1_000_000, estimating_hours: 100 });
    expect(p.go_no_go).toEqual({ answers: {}, score: null, decision: 'undecided', decided_by: null, decided_at: null });
    const [c1, c2, c3, c4, c5] = criteria.map((c) => c.id);
    const first = await a.api.put(`/projects/${p.id}/go_no_go`, { go_no_go: { answers: { [c1!]: 5, [c2!]: 4 } } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.go_no_go).toMatchObject({ answers: { [c1!]: 5, [c2!]: 4 }, score: 90, decision: 'undecided' });
    // A fresh account's learned probability is a half: 1,000,000 × 0.5 ÷ 100 hours.
    expect(first.body.go_no_go.expected_value_per_estimating_hour).toBe(5_000);
    expect(first.body.go_no_go.criteria).toHaveLength(5);

    const all = await a.api.put(`/projects/${p.id}/go_no_go`, { go_no_go: { answers: { [c3!]: 3, [c4!]: 2, [c5!]: 1 }, decision: 'go' } });
    expect(all.body.go_no_go).toMatchObject({
      score: 52.08,
      decision: 'go',
      decided_by: { id: String(a.userId) },
      decided_at: expect.stringMatching(TIMESTAMP),
    });
    // The project carries it too, and a null removes an answer.
    const removed = await a.api.put(`/projects/${p.id}/go_no_go`, { go_no_go: { answers: { [c5!]: null } } });
    expect(Object.keys(removed.body.go_no_go.answers)).toHaveLength(4);
    const read = (await a.api.get(`/projects/${p.id}`)).body.project;
    // (3 + 1.5 + 1 + 0.75) / 10.
    expect(read.go_no_go).toMatchObject({ score: 62.5, decision: 'go' });
    // Archiving a criterion takes its answer out of the score.
    expect((await a.api.patch(`/go_no_go_criteria/${c1}`, { go_no_go_criterion: { archived: true } })).status).toBe(200);
    expect((await a.api.get(`/projects/${p.id}`)).body.project.go_no_go.score).toBe(46.43); // (1.5 + 1 + 0.75) / 7
    await a.api.patch(`/go_no_go_criteria/${c1}`, { go_no_go_criterion: { archived: false } });

    const undecided = await a.api.put(`/projects/${p.id}/go_no_go`, { go_no_go: { decision: 'undecided' } });
    expect(undecided.body.go_no_go).toMatchObject({ decision: 'undecided', decided_by: null, decided_at: null });
  });

  it('refuses unknown criteria, answers outside 1–5 and a close without a no-go, writing nothing', async () => {
    const p = await project(a);
    const bad = await a.api.put(`/projects/${p.id}/go_no_go`, { go_no_go: { answers: { '999999': 3 } } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details)).toEqual(['answers.999999']);
    const range = await a.api.put(`/projects/${p.id}/go_no_go`, { go_no_go: { answers: { [criteria[0]!.id]: 6 } } });
    expect(range.status).toBe(422);
    const close = await a.api.put(`/projects/${p.id}/go_no_go`, { go_no_go: { decision: 'go', close_as_did_not_pursue: true } });
    expect(close.status).toBe(422);
    expect(Object.keys(close.body.details)).toEqual(['close_as_did_not_pursue']);
    expect((await a.api.get(`/projects/${p.id}`)).body.project.go_no_go).toMatchObject({ answers: {}, decision: 'undecided' });
    expect((await a.api.put(`/projects/${p.id}/go_no_go`, { go_no_go: { decision: 'maybe' } })).status).toBe(422);
  });

  it('a no-go closes the project as did_not_pursue in the first lost stage, in the same step', async () => {
    const p = await project(a, { amount: 50_000 });
    const res = await a.api.put(`/projects/${p.id}/go_no_go`, { go_no_go: { decision: 'no_go', close_as_did_not_pursue: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = (await a.api.get(`/projects/${p.id}`)).body.project;
    expect(read).toMatchObject({
      close_type: 'did_not_pursue',
      project_status: 'lost',
      project_stage: { name: 'Lost' },
      stage_age: 0,
      closed_at: expect.stringMatching(TIMESTAMP),
    });
    expect(read.go_no_go.decision).toBe('no_go');
    // It is not a loss in the win rates.
    const rates = (await a.api.get('/insights/win_rates')).body.win_rates;
    expect(rates.reduce((n: number, r: { lost_count: number }) => n + r.lost_count, 0)).toBe(0);
    const again = await a.api.put(`/projects/${p.id}/go_no_go`, { go_no_go: { close_as_did_not_pursue: true } });
    expect(again.status).toBe(422);
  });

  it("suggests the capacity answer from the shortfall of the project's roles in its start month", async () => {
    const p = await project(a, { start_date: '2027-03-01', end_date: '2027-03-31', probability: 1 });
    const capacity = criteria.find((c) => c.kind === 'capacity')!;
    // No roles yet: no suggestion.
    expect((await a.api.get(`/projects/${p.id}/go_no_go`)).body.go_no_go).toMatchObject({ suggested_answers: {}, capacity_shortfall_fte: null });
    const role = String(a.lookup.workforceRoles[0]);
    await create(a, '/workforce/assignments', 'workforce_assignment', { project_id: p.id, role_id: role });
    // One full-time pursuit at probability 1 against nobody: 1 FTE short → 3.
    const short = (await a.api.get(`/projects/${p.id}/go_no_go`)).body.go_no_go;
    expect(short).toMatchObject({ capacity_shortfall_fte: 1, suggested_answers: { [capacity.id]: 3 } });
    for (let i = 0; i < 2; i++)
      await create(a, '/workforce/employees', 'workforce_employee', { legal_first_name: 'Pat', last_name: `Super ${i}`, role_id: role });
    expect((await a.api.get(`/projects/${p.id}/go_no_go`)).body.go_no_go).toMatchObject({ capacity_shortfall_fte: 0, suggested_answers: { [capacity.id]: 5 } });
    // The shortfall comes from the workforce's staffing: nothing of it for a user without the workforce.
    const userId = await insertUser(getDb(), {
      accountId: a.accountId,
      email: `nowf.${Date.now().toString(36)}@example.com`,
      firstName: 'No',
      lastName: 'Workforce',
      permissionInsights: 'collaborator',
      permissionWorkforce: 'none',
    });
    const noWorkforce = client(await createApiToken(getDb(), { accountId: a.accountId, userId }));
    const theirs = await noWorkforce.get(`/projects/${p.id}/go_no_go`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.go_no_go).toMatchObject({ capacity_shortfall_fte: null, suggested_answers: {} });
  });

  it('is 404 for another account, checks If-Match against the project, and needs the insights area', async () => {
    const p = await project(a);
    expect((await b.api.get(`/projects/${p.id}/go_no_go`)).status).toBe(404);
    expect((await b.api.put(`/projects/${p.id}/go_no_go`, { go_no_go: { decision: 'go' } })).status).toBe(404);
    const stale = await a.api.put(`/projects/${p.id}/go_no_go`, { go_no_go: { decision: 'go' } }, { headers: { 'If-Match': '"stale"' } });
    expect(stale.status).toBe(412);
    const userId = await insertUser(getDb(), {
      accountId: a.accountId,
      email: 'no.insights@scorecard.example.com',
      firstName: 'No',
      lastName: 'Insights',
      permissionInsights: 'none',
    });
    const api = client(await createApiToken(getDb(), { accountId: a.accountId, userId }));
    const refused = await api.get(`/projects/${p.id}/go_no_go`);
    expect(refused.status).toBe(403);
    expect(refused.body.details).toMatchObject({ area: 'insights' });
  });
});
