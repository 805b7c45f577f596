import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@/db';
import { rows } from '@/db/queries/sql';
import { forecastSnapshots, leads, mailOutbox } from '@/db/schema';
import { CRONTAB } from '@/lib/server/jobs/scheduled';
import { migrateQueue } from '@/lib/server/jobs/worker';
import { makeDigests } from '@/lib/server/mail/digest';
import { takeDueWeeklySnapshots } from '@/lib/server/services/forecast';
import { getDatabase, getDb, setDatabase } from '@/lib/server/db';
import { BASE, dispatch } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { freshDatabase } from '../fresh-database';
import { spawnWorker } from '../spawn-app';

// Issue 32: the scheduled jobs (lib/server/jobs/scheduled.ts) and queued imports run once per due
// time with two `npm run worker` processes over one PostgreSQL database (reminders:
// tests/faults/reminder-workers.test.ts).
// - graphile-worker's crontab: a trigger of this test's own records every job queued in the
//   database; across a minute's turn each minute job is queued once, by one of the two workers.
// - Imports queued while both run: every row is written once.
// - Snapshots and digests: two runs at once, each on a pool of its own (a cron route called while a
//   worker runs, or two hosts' clocks): one snapshot per account, one digest per user and day.
// - Workers starting together on a new database install the queue's schema one at a time (four
//   at once failed 28 times in 40 before: `create schema if not exists` is not safe against a twin).

let shared: Database;
let own: Awaited<ReturnType<typeof freshDatabase>>;
const workers: ChildProcess[] = [];
/** What each worker said (its last 4 kB), for a failure's message. */
const said: string[] = [];

const EVERY_MINUTE = CRONTAB.split('\n')
  .filter((line) => line.startsWith('* * * * * '))
  .map((line) => line.split(' ').at(-1)!)
  .sort();

beforeAll(async () => {
  shared = getDatabase();
  own = await freshDatabase({ poolMax: 4 });
  await own.database.migrate();
  setDatabase(own.database);
  const env = { DATABASE_URL: own.database.url! };
  workers.push(...(await Promise.all([spawnWorker(env), spawnWorker(env)])));
  workers.forEach((w, i) => {
    said[i] = '';
    const keep = (chunk: Buffer) => (said[i] = (said[i] + chunk.toString()).slice(-4096));
    w.stdout!.on('data', keep);
    w.stderr!.on('data', keep);
  });
  // The queue's schema is there once a worker runs: record what is queued, with its crontab time.
  await getDb().execute(sql`create table queued_jobs (task text not null, cron_ts text, queued_at timestamptz not null default clock_timestamp())`);
  await getDb().execute(sql`create function record_queued_job() returns trigger language plpgsql as $$
    begin
      insert into public.queued_jobs (task, cron_ts)
        select t.identifier, new.payload -> '_cron' ->> 'ts' from graphile_worker._private_tasks t where t.id = new.task_id;
      return new;
    end $$`);
  await getDb().execute(sql`create trigger record_queued_job after insert on graphile_worker._private_jobs for each row execute function record_queued_job()`);
}, 120_000);

afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await Promise.all(workers.map((w) => (w.exitCode === null && w.signalCode === null ? new Promise((r) => w.once('exit', r)) : null)));
  setDatabase(shared);
  await own?.drop();
});

async function importLeads(t: TestAccount, count: number, label: string): Promise<string> {
  const lines = ['Lead Name,Value', ...Array.from({ length: count }, (_, i) => `${label} lead ${i},${(i + 1) * 100}`)];
  const form = new FormData();
  form.set('resource', 'leads');
  form.set('file', new Blob([lines.join('\n')]), `${label}.csv`);
  const res = await dispatch(
    new Request(new URL('/api/2023-01/imports', BASE), { method: 'POST', headers: { authorization: `Bearer ${t.token}` }, body: form }),
  );
  expect(res.status).toBe(202);
  return ((await res.json()) as { import: { id: string } }).import.id;
}

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs: number, seen?: () => Promise<string>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${seen ? `; seen: ${await seen()}` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('two worker processes', () => {
  it('queue each minute job of the crontab once per minute, and run queued imports once', async () => {
    const t = await createTestAccount('Crontab GC');
    const ids = await Promise.all(['North', 'South', 'East'].map((label) => importLeads(t, 400, label)));

    // Every import finished, every row once.
    await until(
      'the imports',
      async () => {
        const states = await Promise.all(ids.map(async (id) => (await t.api.get(`/imports/${id}`)).body.import.status as string));
        return states.every((s) => s === 'completed') && states;
      },
      90_000,
    );
    for (const id of ids) expect((await t.api.get(`/imports/${id}`)).body.import).toMatchObject({ status: 'completed', created_count: 400 });
    const [{ n, names }] = await rows<{ n: number; names: number }>(
      getDb(),
      sql`select count(*)::int as n, count(distinct name)::int as names from ${leads} where account_id = ${t.accountId}`,
    );
    expect({ n, names }).toEqual({ n: 1200, names: 1200 });

    // A minute's turn with both workers up: the crontab's minute jobs queued for it, each once.
    const turn = await until(
      "a minute's turn",
      async () => {
        const [row] = await rows<{ ts: string | null }>(
          getDb(),
          sql`select max(cron_ts) as ts from queued_jobs where cron_ts is not null group by cron_ts having count(distinct task) = ${EVERY_MINUTE.length} order by 1 desc limit 1`,
        );
        return row?.ts ?? null;
      },
      150_000,
      async () =>
        JSON.stringify({
          queued: await rows(getDb(), sql`select task, cron_ts, queued_at from queued_jobs order by queued_at`),
          known: await rows(getDb(), sql`select * from graphile_worker._private_known_crontabs`),
          now: new Date().toISOString(),
          workers: workers.map((w, i) => ({ exit: w.exitCode, signal: w.signalCode, said: said[i] })),
        }),
    );
    const queued = await rows<{ task: string; times: number }>(
      getDb(),
      sql`select task, count(*)::int as times from queued_jobs where cron_ts = ${turn} group by task order by task`,
    );
    expect(queued).toEqual(EVERY_MINUTE.map((task) => ({ task, times: 1 })));
    // And no minute, of any job, queued twice.
    const twice = await rows<{ task: string }>(getDb(), sql`select task from queued_jobs where cron_ts is not null group by task, cron_ts having count(*) > 1`);
    expect(twice).toEqual([]);
  }, 200_000);
});

describe('two runs at once, each on a pool of its own', () => {
  let other: Database;
  beforeAll(() => {
    other = openDatabase({ kind: 'postgres', url: own.database.url!, poolMax: 4 });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('take one weekly snapshot per account', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, (_, i) => createTestAccount(`Snapshot GC ${i}`)));
    for (const a of accounts) await a.api.post('/projects', { project: { name: 'Tower', project_stage_id: String(a.stageIds[2]), amount_in_cents: 100_000 } });
    const now = new Date();
    const [one, two] = await Promise.all([takeDueWeeklySnapshots(getDb(), now), takeDueWeeklySnapshots(other.db, now)]);
    const taken = await rows<{ account_id: string; n: number }>(
      getDb(),
      sql`select account_id::text, count(*)::int as n from ${forecastSnapshots} where source = 'scheduled' group by account_id`,
    );
    for (const a of accounts) expect(taken.find((r) => Number(r.account_id) === a.accountId)?.n).toBe(1);
    expect(taken.every((r) => r.n === 1)).toBe(true);
    // The two runs took (at least) ours; the workers' crontab may take others' at the hour's turn.
    expect(one + two).toBeGreaterThanOrEqual(accounts.length);
  });

  it('make one digest per user and day', async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, (_, i) => createTestAccount(`Digest GC ${i}`)));
    for (const a of accounts)
      await a.api.post('/projects', {
        project: { name: 'Harbor Clinic', project_stage_id: String(a.stageIds[2]), assigned_to_id: String(a.userId), bid_due_date: '2031-03-05' },
      });
    const at = new Date('2031-03-04T15:05:00Z');
    const [one, two] = await Promise.all([makeDigests(getDb(), at), makeDigests(other.db, at)]);
    expect(one + two).toBeGreaterThanOrEqual(accounts.length);
    for (const a of accounts) {
      const mails = await getDb()
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, a.userId), eq(mailOutbox.accountId, a.accountId)));
      expect(mails).toHaveLength(1);
    }
    // Again the same day: nothing.
    expect(await Promise.all([makeDigests(getDb(), at), makeDigests(other.db, at)])).toEqual([0, 0]);
  });
});

describe('workers starting together on a new database', () => {
  it('install the queue’s schema one at a time: four at once all start', async () => {
    const fresh = await freshDatabase({ poolMax: 4 });
    try {
      const url = fresh.database.url!;
      const started = await Promise.allSettled(Array.from({ length: 4 }, () => migrateQueue(fresh.database.db, { connectionString: url })));
      expect(started.filter((s) => s.status === 'rejected')).toEqual([]);
      const [{ n }] = await rows<{ n: number }>(fresh.database.db, sql`select count(*)::int as n from graphile_worker.migrations`);
      expect(n).toBeGreaterThan(10);
    } finally {
      await fresh.drop();
    }
  });
});
