import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '@/db/queries/accounts';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { BASE, client, dispatch } from '../api';
import { createTestAccount, sessionClient, type SessionClient, type TestAccount } from '../fixtures';

// Issue 19, the bid calendar: events in a window (bid due dates and times, project starts, task
// deadlines), filters, team scope, and the personal iCalendar feed, parsed with ical.js.

type Rec = Record<string, unknown> & { id: string };
let a: TestAccount;
let b: TestAccount;
let session: SessionClient;
// DEFAULT_STAGES: 0 Lead (open) … 5 Won, 6 Lost.
const stage = (t: TestAccount, i: number) => String(t.stageIds[i]);

async function create(t: TestAccount, path: string, key: string, body: Record<string, unknown>): Promise<Rec> {
  const res = await t.api.post(path, { [key]: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body[key];
}

let bid: Rec;
let timed: Rec;
let start: Rec;
let task: Rec;

beforeAll(async () => {
  a = await createTestAccount('Calendar GC');
  b = await createTestAccount('Other calendar GC');
  session = await sessionClient(a.userId);
  bid = await create(a, '/projects', 'project', { name: 'Clinic bid', bid_due_date: '2027-03-10', assigned_to_id: String(a.userId) });
  timed = await create(a, '/projects', 'project', {
    name: 'Depot bid',
    bid_due_date: '2027-03-12',
    bid_due_at: '2027-03-12T21:00:00Z',
    bid_due_at_includes_time: true,
    project_stage_id: stage(a, 2),
  });
  start = await create(a, '/projects', 'project', { name: 'School build', project_stage_id: stage(a, 5), start_date: '2027-03-15', end_date: '2027-09-30' });
  task = await create(a, '/tasks', 'task', { title: 'Site walk', deadline: '2027-03-12', project_id: timed.id });
  // Outside the window, closed, or done: not on the calendar.
  await create(a, '/projects', 'project', { name: 'Lost bid', bid_due_date: '2027-03-11', project_stage_id: stage(a, 6) });
  await create(a, '/projects', 'project', { name: 'April bid', bid_due_date: '2027-04-01' });
  const done = await create(a, '/tasks', 'task', { title: 'Done already', deadline: '2027-03-13' });
  expect((await a.api.patch(`/tasks/${done.id}`, { task: { completed_at: new Date().toISOString() } })).status).toBe(200);
  await create(b, '/projects', 'project', { name: 'Their bid', bid_due_date: '2027-03-10' });
});

describe('GET /calendar_events', () => {
  it('lists the window’s bids due, starts and task deadlines by day, all-day first, each with a stable uid', async () => {
    const res = await a.api.get('/calendar_events?from=2027-03-01&to=2027-03-31');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const events = res.body.calendar_events as Rec[];
    expect(events.map((e) => [e.date, e.type, e.title, e.all_day, e.starts_at])).toEqual([
      ['2027-03-10', 'bid_due', 'Bid due: Clinic bid', true, null],
      ['2027-03-12', 'task_deadline', 'Task due: Site walk', true, null],
      ['2027-03-12', 'bid_due', 'Bid due: Depot bid', false, '2027-03-12T21:00:00Z'],
      ['2027-03-15', 'project_start', 'Start: School build', true, null],
    ]);
    expect(events[0]).toMatchObject({
      uid: `bid_due-project-${bid.id}@groundwork`,
      project: { id: bid.id, name: 'Clinic bid' },
      task: null,
      assigned_to: { id: String(a.userId) },
      project_stage: { name: 'Lead', category: 'open' },
    });
    expect(events[1]).toMatchObject({ uid: `task_deadline-task-${task.id}@groundwork`, task: { id: task.id, title: 'Site walk' }, project: { id: timed.id } });
    expect(events[3]).toMatchObject({ uid: `project_start-project-${start.id}@groundwork`, project_stage: { category: 'won' } });
  });

  it('filters by type, stage, assignee and mine; defaults to this month; refuses a bad window', async () => {
    const titles = async (q: string) =>
      ((await a.api.get(`/calendar_events?from=2027-03-01&to=2027-03-31&${q}`)).body.calendar_events as Rec[]).map((e) => e.title);
    expect(await titles('type=task_deadline')).toEqual(['Task due: Site walk']);
    expect(await titles(`project_stage_id=${stage(a, 2)}`)).toEqual(['Task due: Site walk', 'Bid due: Depot bid']);
    expect(await titles(`assigned_to_id=${a.userId}`)).toEqual(['Bid due: Clinic bid']);
    expect(await titles('mine=true')).toEqual(['Bid due: Clinic bid']);
    expect((await a.api.get('/calendar_events')).status).toBe(200);
    const bad = await a.api.get('/calendar_events?from=2027-03-01&to=2028-06-01&type=meeting');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['type']);
    expect((await a.api.get('/calendar_events?from=2027-03-01&to=2028-06-01')).body.details).toHaveProperty('to');
    expect((await a.api.get('/calendar_events?from=2027-03-31&to=2027-03-01')).status).toBe(422);
  });

  it('shows a team-limited user only their teams’ projects and tasks, and needs the projects area', async () => {
    const userId = await insertUser(getDb(), {
      accountId: a.accountId,
      email: 'team.cal@example.com',
      firstName: 'Team',
      lastName: 'Only',
      projectAccess: 'team',
    });
    const team = client(await createApiToken(getDb(), { accountId: a.accountId, userId }));
    expect((await team.get('/calendar_events?from=2027-03-01&to=2027-03-31')).body.calendar_events).toEqual([]);
    await create(a, '/project_team_memberships', 'project_team_membership', { project_id: timed.id, user_id: String(userId), roles: ['estimator'] });
    const mine = (await team.get('/calendar_events?from=2027-03-01&to=2027-03-31')).body.calendar_events as Rec[];
    expect(mine.map((e) => e.title)).toEqual(['Task due: Site walk', 'Bid due: Depot bid']);
    const noneId = await insertUser(getDb(), {
      accountId: a.accountId,
      email: 'no.projects.cal@example.com',
      firstName: 'No',
      lastName: 'Projects',
      permissionProjects: 'none',
    });
    const none = client(await createApiToken(getDb(), { accountId: a.accountId, userId: noneId }));
    expect((await none.get('/calendar_events')).status).toBe(403);
  });
});

describe('the calendar feed', () => {
  it('is managed from a browser session: created (token and URL once), shown, replaced and revoked', async () => {
    expect((await a.api.post('/calendar_feed')).status).toBe(403);
    expect((await session.get('/api/2023-01/calendar_feed')).body.calendar_feed).toEqual({ active: false, hint: null, created_at: null });
    const made = await session.post('/api/2023-01/calendar_feed');
    expect(made.status).toBe(201);
    const feed = made.body.calendar_feed;
    expect(feed.token).toMatch(/^gw_cal_/);
    expect(feed.url).toMatch(/\/api\/2023-01\/calendar\.ics\?token=gw_cal_/);
    expect((await session.get('/api/2023-01/calendar_feed')).body.calendar_feed).toEqual({
      active: true,
      hint: feed.token.slice(-4),
      created_at: feed.created_at,
    });

    const ics = await icsResponse(feed.token);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');
  });

  it('is RFC 5545 a calendar app reads: one VEVENT per item, stable UIDs, all-day dates, UTC times, a new SEQUENCE on change', async () => {
    const token = (await session.post('/api/2023-01/calendar_feed')).body.calendar_feed.token as string;
    const text = await fetchIcs(token);
    const vevents = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const byUid = new Map(vevents.map((e) => [e.uid, e]));
    // The feed runs from 90 days back to a year ahead: these items are dated from today.
    const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const near = await create(a, '/projects', 'project', { name: 'Feed bid', bid_due_date: soon });
    const at = new Date(Date.now() + 21 * 86_400_000);
    at.setUTCHours(21, 0, 0, 0);
    const near2 = await create(a, '/projects', 'project', { name: 'Feed timed bid', bid_due_at: at.toISOString(), bid_due_at_includes_time: true });
    const after = new Map(
      new ICAL.Component(ICAL.parse(await fetchIcs(token)))
        .getAllSubcomponents('vevent')
        .map((v) => new ICAL.Event(v))
        .map((e) => [e.uid, e]),
    );
    const allDay = after.get(`bid_due-project-${near.id}@groundwork`)!;
    expect(allDay.summary).toBe('Bid due: Feed bid');
    expect(allDay.startDate.isDate).toBe(true);
    expect(allDay.startDate.toString()).toBe(soon);
    const timedEvent = after.get(`bid_due-project-${near2.id}@groundwork`)!;
    expect(timedEvent.startDate.isDate).toBe(false);
    expect(timedEvent.startDate.zone.tzid).toBe('UTC');
    expect(timedEvent.startDate.toJSDate().toISOString()).toBe(at.toISOString());
    expect(text).not.toContain('Their bid');
    expect(byUid.size).toBeLessThanOrEqual(after.size);

    // A change keeps the UID and raises the SEQUENCE.
    const before = allDay.component.getFirstPropertyValue('sequence') as unknown as number;
    await new Promise((r) => setTimeout(r, 1100));
    await a.api.patch(`/projects/${near.id}`, { project: { name: 'Feed bid, renamed' } });
    const changed = new ICAL.Component(ICAL.parse(await fetchIcs(token)))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .find((e) => e.uid === `bid_due-project-${near.id}@groundwork`)!;
    expect(changed.summary).toBe('Bid due: Feed bid, renamed');
    expect(changed.component.getFirstPropertyValue('sequence') as unknown as number).toBeGreaterThan(before);
  });

  it('stops working once revoked or replaced', async () => {
    const first = (await session.post('/api/2023-01/calendar_feed')).body.calendar_feed.token as string;
    const second = (await session.post('/api/2023-01/calendar_feed')).body.calendar_feed.token as string;
    expect((await icsResponse(first)).status).toBe(401);
    expect((await icsResponse(second)).status).toBe(200);
    expect((await session.delete('/api/2023-01/calendar_feed')).status).toBe(204);
    const revoked = await icsResponse(second);
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { error: string }).error).toBe('unauthorized');
    expect((await session.delete('/api/2023-01/calendar_feed')).status).toBe(404);
    expect((await client(null).get('/calendar.ics')).status).toBe(422);
    // The feed token is no API token.
    expect((await client(second).get('/projects')).status).toBe(401);
  });
});

describe('calendar feed links in the security log', () => {
  it('records each link created, replaced and revoked, never the token', async () => {
    const c = await createTestAccount('Feed log GC');
    const owner = await sessionClient(c.userId);
    const first = (await owner.post('/api/2023-01/calendar_feed')).body.calendar_feed.token as string;
    const second = (await owner.post('/api/2023-01/calendar_feed')).body.calendar_feed.token as string;
    expect((await owner.delete('/api/2023-01/calendar_feed')).status).toBe(204);
    expect((await owner.delete('/api/2023-01/calendar_feed')).status).toBe(404); // nothing to revoke, nothing recorded
    const list = (await c.api.get('/security_events?kind=calendar_feed.created,calendar_feed.revoked')).body.security_events;
    const about = { subject_type: 'user', subject_id: String(c.userId), actor: { id: String(c.userId) }, auth_method: 'session' };
    expect(list).toMatchObject([
      { kind: 'calendar_feed.revoked', ...about, details: { reason: 'revoked' } },
      { kind: 'calendar_feed.created', ...about, details: { replaced: true, hint: second.slice(-4) } },
      { kind: 'calendar_feed.created', ...about, details: { replaced: false, hint: first.slice(-4) } },
    ]);
    expect(list).toHaveLength(3);
    expect(JSON.stringify(list)).not.toContain(first);
    expect(JSON.stringify(list)).not.toContain(second);
  });
});

/** The feed as a calendar app asks for it: no Authorization, the token in the URL. */
const icsResponse = (token: string) => dispatch(new Request(`${BASE}/api/2023-01/calendar.ics?token=${encodeURIComponent(token)}`));

async function fetchIcs(token: string): Promise<string> {
  const res = await icsResponse(token);
  expect(res.status).toBe(200);
  return res.text();
}
