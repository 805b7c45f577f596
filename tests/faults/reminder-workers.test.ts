import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db';
import { reminders } from '@/db/schema';
import { getDatabase, getDb, setDatabase } from '@/lib/server/db';
import { createTestAccount } from '../fixtures';
import { freshDatabase } from '../fresh-database';
import { spawnWorker } from '../spawn-app';
import { remind, reminderNotifications } from '../reminders';

// Issue 28: a reminder fires once with two `npm run worker` processes over one PostgreSQL
// database (graphile-worker): each reminder's job, and the minute's sweep, are claimed once
// between them; one killed, the other carries on.

describe('reminders with two worker processes', () => {
  let shared: Database;
  let own: Awaited<ReturnType<typeof freshDatabase>>;
  const workers: ChildProcess[] = [];

  async function startWorker(url: string): Promise<ChildProcess> {
    const child = await spawnWorker({ DATABASE_URL: url });
    workers.push(child);
    return child;
  }

  async function until(done: () => Promise<boolean>) {
    for (let i = 0; i < 600 && !(await done()); i++) await new Promise((r) => setTimeout(r, 250));
  }

  beforeAll(async () => {
    shared = getDatabase();
    own = await freshDatabase({ poolMax: 4 });
    await own.database.migrate();
    setDatabase(own.database);
  });
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await Promise.all(workers.map((w) => (w.exitCode === null && w.signalCode === null ? new Promise((r) => w.once('exit', r)) : null)));
    setDatabase(shared);
    await own.drop();
  });

  it('each reminder makes exactly one notification, even after one worker is killed', async () => {
    const [first, second] = await Promise.all([startWorker(own.database.url!), startWorker(own.database.url!)]);
    const t = await createTestAccount('Two workers GC');
    const p = (await t.api.post('/projects', { project: { name: 'Watched' } })).body.project;
    const soon = new Date(Date.now() + 1_500).toISOString();
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) => remind(t.api, { remindable_type: 'project', remindable_id: p.id, remind_at: soon, note: `Batch ${i}` })),
    );
    expect(made.map((r) => r.status)).toEqual(Array(12).fill(201));
    const notified = async () =>
      (
        await getDb()
          .select()
          .from(reminders)
          .where(and(eq(reminders.accountId, t.accountId), sql`${reminders.notifiedAt} is not null`))
      ).length;
    await until(async () => (await notified()) === 12);
    expect(await notified()).toBe(12);
    expect(await reminderNotifications(t.userId)).toHaveLength(12);

    first.kill('SIGKILL');
    const after = await remind(t.api, {
      remindable_type: 'project',
      remindable_id: p.id,
      remind_at: new Date(Date.now() + 1_500).toISOString(),
      note: 'After the kill',
    });
    expect(after.status).toBe(201);
    await until(async () => (await notified()) === 13);
    const all = await reminderNotifications(t.userId);
    expect(all).toHaveLength(13);
    expect(new Set(all.map((n) => n.detail)).size).toBe(13);
    second.kill('SIGTERM');
  });
});
