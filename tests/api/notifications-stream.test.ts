import { describe, expect, it } from 'vitest';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { BASE, dispatch } from '../api';
import { serverEvents } from '../event-stream';
import { createTestAccount } from '../fixtures';

// The bell's push (docs/collaboration.md, lib/server/push.ts): GET /notifications/stream answers
// the caller's unread count at once and again at each change of their notifications, signalled
// by PostgreSQL (LISTEN/NOTIFY on PostgreSQL, the embedded database's own listen on PGlite).
// Across two app instances: tests/scale/instances.test.ts.

describe('GET /notifications/stream', () => {
  it('sends the unread count now, and again when a notification is made and when it is read', async () => {
    const t = await createTestAccount('Stream GC');
    const other = await createTestAccount('Other stream GC');
    const otherToken = await createApiToken(getDb(), { accountId: t.accountId, userId: t.otherUserId });
    const gone = new AbortController();
    const res = await dispatch(
      new Request(`${BASE}/api/2023-01/notifications/stream`, { headers: { authorization: `Bearer ${otherToken}` }, signal: gone.signal }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const events = serverEvents(res);
    try {
      expect(await events.next()).toEqual({ event: 'unread_count', data: { unread_count: 0 } });
      // The admin assigns a lead to the other user: a notification for them, pushed.
      const lead = await t.api.post('/leads', { lead: { name: 'Pushed lead', assigned_to_id: String(t.otherUserId) } });
      expect(lead.status).toBe(201);
      expect(await events.next()).toEqual({ event: 'unread_count', data: { unread_count: 1 } });
      // Someone else's notification pushes nothing here (an event now would say 1 again): the other
      // user assigns the admin a lead, another account's admin assigns their colleague one, then the
      // admin assigns them a second one.
      const forAdmin = await dispatch(
        new Request(`${BASE}/api/2023-01/leads`, {
          method: 'POST',
          headers: { authorization: `Bearer ${otherToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ lead: { name: 'For the admin', assigned_to_id: String(t.userId) } }),
        }),
      );
      expect(forAdmin.status).toBe(201);
      // Nor does a notification in another account.
      expect((await other.api.post('/leads', { lead: { name: 'Elsewhere', assigned_to_id: String(other.otherUserId) } })).status).toBe(201);
      await t.api.post('/leads', { lead: { name: 'Second for them', assigned_to_id: String(t.otherUserId) } });
      expect(await events.next()).toEqual({ event: 'unread_count', data: { unread_count: 2 } });
      // Reading one's own does.
      const read = await dispatch(
        new Request(`${BASE}/api/2023-01/notifications/read`, {
          method: 'POST',
          headers: { authorization: `Bearer ${otherToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ all: true }),
        }),
      );
      expect(read.status).toBe(200);
      expect(await events.next()).toEqual({ event: 'unread_count', data: { unread_count: 0 } });
    } finally {
      gone.abort();
      await events.close();
    }
  });

  it('answers 401 in JSON without credentials, as every route', async () => {
    const res = await dispatch(new Request(`${BASE}/api/2023-01/notifications/stream`));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('unauthorized');
  });
});
