import { beforeAll, describe, expect, it } from 'vitest';
import { webhookMessages } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, TIMESTAMP, type TestAccount } from '../fixtures';
import { expectShape } from '../spec-shapes';

let a: TestAccount;
let b: TestAccount;

const types = (list: { event_type: string }[]) => list.map((m) => m.event_type);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Messages at known times, written straight to the outbox. */
async function seed(t: TestAccount, messages: [eventType: string, id: string, at: string][]) {
  await getDb()
    .insert(webhookMessages)
    .values(
      messages.map(([eventType, id, at]) => ({
        accountId: t.accountId,
        eventType,
        payload: { id, url: `http://localhost:3000/api/2023-01/${eventType.split('.')[0]}s/${id}` },
        timestamp: new Date(at),
      })),
    );
}

beforeAll(async () => {
  a = await createTestAccount('Feed GC');
  b = await createTestAccount('Other GC');
});

describe('GET /webhook_messages (operation 17)', () => {
  it("lists the events of API writes, newest first, in the spec's shape", async () => {
    const c = await createTestAccount('Writes GC');
    const created = await c.api.post('/workforce/employees', { workforce_employee: { legal_first_name: 'Ana', last_name: 'Diaz' } });
    const id = created.body.workforce_employee.id;
    await c.api.patch(`/workforce/employees/${id}`, { workforce_employee: { notes: 'Crew lead' } });
    await c.api.delete(`/workforce/employees/${id}`);
    const lead = (await c.api.post('/leads', { lead: { name: 'Clinic' } })).body.lead;

    const res = await c.api.get('/webhook_messages');
    expect(res.status).toBe(200);
    const list = res.body.webhook_messages;
    expect(types(list)).toEqual(['lead.create', 'workforce_employee.delete', 'workforce_employee.update', 'workforce_employee.create']);
    for (const m of list) {
      expectShape(m, 'webhook_message');
      expect(Object.keys(m).sort()).toEqual(['event_id', 'event_type', 'id', 'payload', 'timestamp']);
      expect(m.id).toMatch(/^\d+$/);
      expect(m.event_id).toMatch(UUID);
      expect(m.timestamp).toMatch(TIMESTAMP);
      expect(Object.keys(m.payload).sort()).toEqual(['id', 'url']);
    }
    expect(list[0].payload).toEqual({ id: lead.id, url: `http://localhost:3000/api/2023-01/leads/${lead.id}` });
    expect(list[1].payload).toEqual({ id, url: `http://localhost:3000/api/2023-01/workforce/employees/${id}` });
    expect(new Set(list.map((m: { event_id: string }) => m.event_id)).size).toBe(4);
    expect(res.headers.get('x-total-count')).toBe('4');
  });

  it('filters by one or several event types, repeated or comma-separated', async () => {
    await seed(a, [
      ['project.create', '1', '2024-01-01T10:00:00Z'],
      ['lead.create', '2', '2024-01-02T10:00:00Z'],
      ['lead.update', '2', '2024-01-03T10:00:00Z'],
      ['task.delete', '3', '2024-01-04T10:00:00Z'],
      ['project_team_membership.update', '4', '2024-01-05T10:00:00Z'],
    ]);
    const get = async (query: string) => types((await a.api.get(`/webhook_messages?${query}`)).body.webhook_messages);
    expect(await get('event_type=project.create')).toEqual(['project.create']);
    expect(await get('event_type=lead.create,lead.update')).toEqual(['lead.update', 'lead.create']);
    expect(await get('event_type=lead.create&event_type=task.delete')).toEqual(['task.delete', 'lead.create']);
    expect(await get('event_type=lead.create,%20task.delete&event_type=project_team_membership.update')).toEqual([
      'project_team_membership.update',
      'task.delete',
      'lead.create',
    ]);
    expect(await get('event_type=lead.create,lead.create')).toEqual(['lead.create']);
    expect(await get('event_type=call.create')).toEqual([]);
  });

  it('answers 422 for an unknown or empty event type', async () => {
    for (const query of [
      'event_type=lead.archive',
      'event_type=user.create',
      'event_type=project',
      'event_type=',
      'event_type=lead.create,',
      'event_type=lead.create&event_type=bogus',
      'event_type=PROJECT.CREATE',
    ]) {
      const res = await a.api.get(`/webhook_messages?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.error).toBe('validation_failed');
      expect(Object.keys(res.body.details), query).toEqual(['event_type']);
    }
    const res = await a.api.get('/webhook_messages?event_type=lead.archive');
    expect(res.body.details.event_type[0]).toMatch(/"lead.archive" is not an event type/);
  });

  it('filters by since (inclusive) and treats updated_since the same way', async () => {
    const c = await createTestAccount('Since GC');
    await seed(c, [
      ['call.create', '1', '2025-03-01T00:00:00Z'],
      ['call.update', '1', '2025-03-02T00:00:00Z'],
      ['call.delete', '1', '2025-03-03T00:00:00Z'],
    ]);
    const get = async (query: string) => types((await c.api.get(`/webhook_messages?${query}`)).body.webhook_messages);
    expect(await get('since=2025-03-02T00:00:00Z')).toEqual(['call.delete', 'call.update']);
    expect(await get('since=2025-03-02T01:00:00%2B01:00')).toEqual(['call.delete', 'call.update']);
    expect(await get('since=2025-03-03T00:00:00.001Z')).toEqual([]);
    expect(await get('updated_since=2025-03-03T00:00:00Z')).toEqual(['call.delete']);
    expect(await get('since=2025-03-01T00:00:00Z&updated_since=2025-03-03T00:00:00Z')).toEqual(['call.delete']);
    expect(await get('since=2025-03-01T00:00:00Z&event_type=call.update,call.create')).toEqual(['call.update', 'call.create']);
    for (const bad of ['since=yesterday', 'since=2025-03-01', 'since=a&since=b']) {
      const res = await c.api.get(`/webhook_messages?${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.details).toHaveProperty('since');
    }
  });

  it('paginates newest first with Link and X-Total-Count', async () => {
    const c = await createTestAccount('Paging GC');
    await seed(c, [
      ['task.create', '1', '2025-01-01T00:00:00Z'],
      ['task.create', '2', '2025-01-02T00:00:00Z'],
      ['task.create', '3', '2025-01-03T00:00:00Z'],
    ]);
    const ids = async (query: string) =>
      (await c.api.get(`/webhook_messages?${query}`)).body.webhook_messages.map((m: { payload: { id: string } }) => m.payload.id);
    const first = await c.api.get('/webhook_messages?per_page=2&event_type=task.create');
    expect(first.headers.get('x-total-count')).toBe('3');
    const link = first.headers.get('link')!;
    expect(link).toContain('rel="next"');
    expect(link).toContain('event_type=task.create');
    expect(await ids('per_page=2')).toEqual(['3', '2']);
    expect(await ids('per_page=2&page=2')).toEqual(['1']);
    expect(await ids('per_page=2&page=3')).toEqual([]);
    expect((await c.api.get('/webhook_messages?per_page=0')).status).toBe(422);
  });

  it('isolates accounts', async () => {
    await seed(b, [['company.create', '77', '2025-05-05T00:00:00Z']]);
    const mine = await a.api.get('/webhook_messages?event_type=company.create');
    expect(mine.body.webhook_messages).toEqual([]);
    const theirs = await b.api.get('/webhook_messages');
    expect(types(theirs.body.webhook_messages)).toEqual(['company.create']);
  });

  it('answers 401 without a token, 405 for writes, and is readable with a read token', async () => {
    const none = await request('GET', '/webhook_messages');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await request('GET', '/webhook_messages', { token: 'gw_pat_wrong' })).status).toBe(401);
    expect((await a.readApi.get('/webhook_messages')).status).toBe(200);
    const post = await a.api.post('/webhook_messages', { webhook_message: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
