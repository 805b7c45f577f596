import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { insertUser } from '@/db/queries/accounts';
import { projectTeamMemberships } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { BASE, client, dispatch, type Client } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// Issue 18, project access `team`: a user sees only the projects whose team includes them, with
// their tasks, task lists, calls, team memberships, staffing and forecast rows — in lists and their
// totals, single reads, writes, reports and exports — and never another project's id.

let a: TestAccount;
/** A project of T's team, and one T is not on. */
let mine: { id: string; name: string };
let theirs: { id: string; name: string };
/** Ids of the hidden project's records, by the key of their lists. */
const hidden: Record<string, string[]> = { projects: [], project_team_memberships: [], tasks: [], calls: [], task_lists: [] };
let t: { userId: number; token: string; api: Client };

const won = { project_stage_id: '', amount: 120000, start_date: '2027-01-01', end_date: '2027-12-31' };

beforeAll(async () => {
  a = await createTestAccount('Team access GC');
  const wonStage = (await a.api.get('/project_stages')).body.project_stages.find((s: { category: string }) => s.category === 'won').id;
  won.project_stage_id = wonStage;
  const userId = await insertUser(getDb(), {
    accountId: a.accountId,
    email: `team.${Date.now().toString(36)}@example.com`,
    firstName: 'Tess',
    lastName: 'Team',
    projectAccess: 'team',
    permissionProjects: 'admin',
    permissionWorkforce: 'collaborator',
  });
  const token = await createApiToken(getDb(), { accountId: a.accountId, userId });
  t = { userId, token, api: client(token) };

  mine = (await a.api.post('/projects', { project: { name: 'Team project', ...won } })).body.project;
  theirs = (await a.api.post('/projects', { project: { name: 'Hidden project', ...won } })).body.project;
  hidden.projects!.push(theirs.id);
  expect(
    (await a.api.post('/project_team_memberships', { project_team_membership: { project_id: mine.id, user_id: String(userId), roles: ['project_manager'] } }))
      .status,
  ).toBe(201);
  const hiddenMembership = await a.api.post('/project_team_memberships', {
    project_team_membership: { project_id: theirs.id, user_id: String(a.otherUserId), roles: ['project_manager'] },
  });
  hidden.project_team_memberships!.push(hiddenMembership.body.project_team_membership.id);
  for (const project of [mine, theirs]) {
    const task = (await a.api.post('/tasks', { task: { title: `Task of ${project.name}`, project_id: project.id } })).body.task;
    const call = (await a.api.post('/calls', { call: { subject: `Call on ${project.name}`, project_id: project.id } })).body.call;
    const list = (await a.api.post('/task_lists', { task_list: { name: `List of ${project.name}`, project_id: project.id } })).body.task_list;
    if (project === theirs) {
      hidden.tasks!.push(task.id);
      hidden.calls!.push(call.id);
      hidden.task_lists!.push(list.id);
    }
  }
  await a.api.post('/tasks', { task: { title: 'Nobody’s project' } });
});

/**
 * Nothing of the hidden project is in the body: every record of it carries its name (the project,
 * its tasks, calls and task lists are named after it; memberships and others embed it), and the
 * ids of a list are not theirs.
 */
function expectNothingHidden(body: Record<string, unknown>) {
  expect(JSON.stringify(body)).not.toContain('Hidden project');
  for (const [key, list] of Object.entries(body)) {
    if (Array.isArray(list)) for (const record of list as { id: string }[]) expect(hidden[key] ?? []).not.toContain(record.id);
  }
}

describe('a user who sees their teams’ projects', () => {
  it('lists and counts only those, with their tasks, calls, task lists and memberships', async () => {
    const projects = await t.api.get('/projects');
    expect(projects.body.projects.map((p: { id: string }) => p.id)).toEqual([mine.id]);
    expect(projects.headers.get('x-total-count')).toBe('1');
    expectNothingHidden(projects.body);

    const tasks = await t.api.get('/tasks');
    expect(tasks.body.tasks.map((x: { title: string }) => x.title).sort()).toEqual(['Nobody’s project', 'Task of Team project']);
    expect(tasks.headers.get('x-total-count')).toBe('2');
    for (const path of ['/tasks', '/calls', '/task_lists', '/team_memberships', '/reports/pipeline', '/forecast']) {
      const res = await t.api.get(path);
      expect(res.status, path).toBe(200);
      expectNothingHidden(res.body);
    }
    expect((await t.api.get('/calls')).body.calls).toHaveLength(1);
    expect((await t.api.get(`/project_team_memberships?project_id=${theirs.id}`)).status).toBe(404);
    const csv = await dispatch(new Request(`${BASE}/api/2023-01/projects?format=csv`, { headers: { authorization: `Bearer ${t.token}` } }));
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Team project');
    expect(text).not.toContain('Hidden project');
  });

  it('finds no other project, nor what hangs off it: reads, writes and deletes are 404s', async () => {
    expect((await t.api.get(`/projects/${theirs.id}`)).status).toBe(404);
    expect((await t.api.patch(`/projects/${theirs.id}`, { project: { name: 'Renamed' } })).status).toBe(404);
    expect((await t.api.delete(`/projects/${theirs.id}`)).status).toBe(404);
    expect((await t.api.get(`/projects/${theirs.id}/forecast`)).status).toBe(404);
    expect((await t.api.get(`/tasks/${hidden.tasks![0]}`)).status).toBe(404);
    expect((await t.api.get(`/calls/${hidden.calls![0]}`)).status).toBe(404);
    expect((await t.api.get(`/task_lists/${hidden.task_lists![0]}`)).status).toBe(404);
    // Naming it in a write is naming nothing.
    const task = await t.api.post('/tasks', { task: { title: 'Sneaky', project_id: theirs.id } });
    expect(task.status).toBe(422);
    expect(task.body.details).toHaveProperty('project_id');
    const assignment = await t.api.post('/workforce/assignments', {
      workforce_assignment: { project_id: theirs.id, role_id: String(a.lookup.workforceRoles[0]), start_date: '2027-01-01', end_date: '2027-02-01' },
    });
    expect(assignment.status).toBe(422);
    // Still there for the admin.
    expect((await a.api.get(`/projects/${theirs.id}`)).body.project.name).toBe('Hidden project');
  });

  it('counts only its projects in reports and the forecast', async () => {
    const admin = Object.values((await a.api.get('/forecast?from=2027-01&to=2027-12')).body)[0] as { totals: { contracted_in_cents: number } };
    const team = Object.values((await t.api.get('/forecast?from=2027-01&to=2027-12')).body)[0] as { totals: { contracted_in_cents: number } };
    expect(admin.totals.contracted_in_cents).toBe(2 * 12_000_000);
    expect(team.totals.contracted_in_cents).toBe(12_000_000);
  });

  it('joins the team of a project it creates, so the project stays visible', async () => {
    const created = await t.api.post('/projects', { project: { name: 'Made by Tess' } });
    expect(created.status).toBe(201);
    const [membership] = await getDb()
      .select()
      .from(projectTeamMemberships)
      .where(and(eq(projectTeamMemberships.projectId, Number(created.body.project.id)), eq(projectTeamMemberships.userId, t.userId)));
    expect(membership).toBeDefined();
    expect((await t.api.get(`/projects/${created.body.project.id}`)).status).toBe(200);
  });

  it('cannot import projects (re-imports match across the account)', async () => {
    const res = await t.api.post('/imports?resource=projects', undefined, { rawBody: 'Name\nX\n', headers: { 'content-type': 'text/csv' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('insufficient_permission');
  });

  it('backfills time off only on its projects: no unfilled assignment appears on a hidden one', async () => {
    const role = String(a.lookup.workforceRoles[0]);
    const e = (await a.api.post('/workforce/employees', { workforce_employee: { legal_first_name: 'Bea', last_name: 'Backfill' } })).body.workforce_employee;
    for (const project of [mine, theirs]) {
      const res = await a.api.post('/workforce/assignments', {
        workforce_assignment: {
          project_id: project.id,
          role_id: role,
          employee_id: e.id,
          allocation_percent: 50,
          start_date: '2027-03-01',
          end_date: '2027-03-31',
        },
      });
      expect(res.status).toBe(201);
    }
    const off = await t.api.post('/workforce/time_off', {
      workforce_time_off: { employee_id: e.id, start_date: '2027-03-08', end_date: '2027-03-10', backfill: true },
    });
    expect(off.status).toBe(201);
    const unfilled = (project: { id: string }) => a.api.get(`/workforce/assignments?project_id=${project.id}&unfilled=true`);
    expect((await unfilled(mine)).body.workforce_assignments).toHaveLength(1);
    expect((await unfilled(theirs)).body.workforce_assignments).toEqual([]);
  });

  it('counts only its projects in a forecast snapshot, and hears no hidden project’s id from a conversion', async () => {
    const snapshot = (await a.api.post('/forecast/snapshots')).body.forecast_snapshot;
    const all = snapshot.project_count as number;
    expect(all).toBeGreaterThanOrEqual(2);
    const seen = (await t.api.get(`/forecast/snapshots/${snapshot.id}`)).body.forecast_snapshot.project_count as number;
    const listed = (await t.api.get('/forecast/snapshots')).body.forecast_snapshots.find((s: { id: string }) => s.id === snapshot.id).project_count;
    const visible = (await t.api.get('/projects?per_page=100')).body.projects.filter((p: { project_status: string }) => p.project_status !== 'lost').length;
    expect(seen).toBe(listed);
    expect(seen).toBeLessThan(all);
    expect(seen).toBeLessThanOrEqual(visible);

    const lead = (await a.api.post('/leads', { lead: { name: 'Converted elsewhere' } })).body.lead;
    const project = (await a.api.post(`/leads/${lead.id}/convert`)).body.project;
    const again = await t.api.post(`/leads/${lead.id}/convert`);
    expect(again.status).toBe(409);
    // The request id is random hex: it may hold the digits of the id by chance, so it is left out.
    expect(JSON.stringify({ ...again.body, request_id: null })).not.toContain(project.id);
    expect((await a.api.post(`/leads/${lead.id}/convert`)).body.details).toEqual({ project_id: [project.id] });
  });
});
