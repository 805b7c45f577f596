import { execFileSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '@/db';
import { rows } from '@/db/queries/sql';
import { getDatabase, getDb, setDatabase } from '@/lib/server/db';
import { createTestAccount, type TestAccount } from '../fixtures';
import { freshDatabase } from '../fresh-database';
import { startReceiver, type Receiver } from '../receiver';
import { spawnWorker } from '../spawn-app';

// Issue 32: webhook deliveries with two `npm run worker` processes (graphile-worker) over one
// PostgreSQL database, in a database of this file's own (a worker takes every due job of its
// database). A clean run delivers each message to each endpoint once. Then the worker holding
// deliveries in flight is SIGKILLed mid-batch: the other frees its jobs once it has been silent
// for JOB_WORKER_TIMEOUT_SECONDS (db/schema/job-workers.ts), takes its deliveries over when their
// lease (WEBHOOK_LEASE_SECONDS) runs out, and every message arrives; duplicates are only of
// deliveries that were in flight, and their attempts say so (`possible_duplicate`).

const WORKER_ENV = { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_CONCURRENCY: '4', WEBHOOK_LEASE_SECONDS: '20', JOB_WORKER_TIMEOUT_SECONDS: '10' };

let shared: Database;
let own: Awaited<ReturnType<typeof freshDatabase>>;
let receiver: Receiver;
const workers: ChildProcess[] = [];

async function subscribe(t: TestAccount, path: string) {
  const res = await t.api.post('/webhooks', { webhook: { url: receiver.url(path), rate_limit: 100_000 } });
  expect(res.status).toBe(201);
  return res.body.webhook as { id: string };
}

/** What each endpoint got: webhook-id → how many times. */
function tally(paths: string[]) {
  const counts = new Map<string, number>();
  for (const r of receiver.received)
    if (paths.includes(r.path)) counts.set(`${r.path} ${r.headers['webhook-id']}`, (counts.get(`${r.path} ${r.headers['webhook-id']}`) ?? 0) + 1);
  return counts;
}

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
  receiver = await startReceiver();
  shared = getDatabase();
  own = await freshDatabase({ poolMax: 4 });
  await own.database.migrate();
  setDatabase(own.database);
  const env = { ...WORKER_ENV, DATABASE_URL: own.database.url! };
  workers.push(...(await Promise.all([spawnWorker(env), spawnWorker(env)])));
}, 120_000);

afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await Promise.all(workers.map((w) => (w.exitCode === null && w.signalCode === null ? new Promise((r) => w.once('exit', r)) : null)));
  delete process.env.WEBHOOKS_ALLOW_PRIVATE_URLS;
  setDatabase(shared);
  await own?.drop();
  await receiver?.close();
});

describe('webhook deliveries with two worker processes', () => {
  it('a clean run delivers every message to every endpoint, each webhook-id once', async () => {
    const t = await createTestAccount('Two workers clean GC');
    const paths = ['/clean-a', '/clean-b', '/clean-c'];
    for (const p of paths) await subscribe(t, p);
    for (let i = 0; i < 40; i += 1) expect((await t.api.post('/contacts', { contact: { first_name: `Clean ${i}` } })).status).toBe(201);
    await receiver.waitFor(() => tally(paths).size === 120, 60_000);
    await new Promise((r) => setTimeout(r, 1_000));
    const counts = tally(paths);
    expect(counts.size).toBe(120);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const [attempts] = await rows<{ n: number; dup: number }>(
      getDb(),
      sql`select count(*)::int as n, count(*) filter (where possible_duplicate)::int as dup from webhook_attempts where account_id = ${t.accountId}`,
    );
    expect(attempts).toEqual({ n: 120, dup: 0 });
  }, 90_000);

  it('one worker killed mid-batch: every message still arrives, duplicates only of deliveries in flight, marked in the attempt log', async () => {
    const t = await createTestAccount('Two workers kill GC');
    const paths = ['/kill-a', '/kill-b', '/kill-c', '/kill-d'];
    const hooks = [];
    for (const p of paths) hooks.push(await subscribe(t, p));
    // The endpoints answer slowly, so batches are in flight when the worker dies.
    receiver.delayMs = 2_000;
    for (let i = 0; i < 30; i += 1) expect((await t.api.post('/contacts', { contact: { first_name: `Kill ${i}` } })).status).toBe(201);
    await receiver.waitFor(() => tally(paths).size >= 8, 30_000);

    // The process whose workers hold deliveries' jobs right now.
    const [holder] = await rows<{ process: string }>(
      getDb(),
      sql`select w.process from graphile_worker.jobs j join job_workers w on w.worker_id = j.locked_by
          where j.task_identifier = 'deliver_webhook' limit 1`,
    );
    expect(holder).toBeDefined();
    const pid = Number(holder!.process.split(':').at(-1));
    const victim = workers.find((w) => w.pid === pid)!;
    expect(victim).toBeDefined();
    victim.kill('SIGKILL');
    await new Promise((r) => victim.once('exit', r));
    // What had reached an endpoint by the kill: read once the receiver has taken in what the
    // victim wrote before it died (a request read a moment after the exit was sent before it).
    // The other worker takes the victim's deliveries over no sooner than JOB_WORKER_TIMEOUT_SECONDS
    // (10) later; until then any request here is a first sending.
    await new Promise((r) => setTimeout(r, 500));
    const inFlight = new Set(tally(paths).keys());
    receiver.delayMs = 0;

    // 30 messages × 4 endpoints, each at least once and recorded delivered: the killed worker's
    // batch once the other has freed its jobs and the lease ran out.
    const succeeded = async () =>
      (
        await rows<{ n: number }>(getDb(), sql`select count(*)::int as n from webhook_deliveries where account_id = ${t.accountId} and status = 'succeeded'`)
      )[0]!.n;
    for (const deadline = Date.now() + 90_000; (await succeeded()) < 120 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 1_000));
    const counts = tally(paths);
    expect(counts.size).toBe(120);
    const twice = [...counts].filter(([, n]) => n > 1).map(([key]) => key);
    expect([...counts.values()].every((n) => n <= 2)).toBe(true);
    // Only what had reached an endpoint before the kill came twice.
    for (const key of twice) expect(inFlight.has(key), key).toBe(true);

    // Each delivery is recorded done once; the taken-over ones say they may have arrived twice.
    const [state] = await rows<{ succeeded: number; attempts: number; dup: number }>(
      getDb(),
      sql`select (select count(*)::int from webhook_deliveries where account_id = ${t.accountId} and status = 'succeeded') as succeeded,
                 (select count(*)::int from webhook_attempts where account_id = ${t.accountId}) as attempts,
                 (select count(*)::int from webhook_attempts where account_id = ${t.accountId} and possible_duplicate) as dup`,
    );
    expect(state!.succeeded).toBe(120);
    expect(state!.dup).toBeGreaterThanOrEqual(twice.length);
    const res = await t.api.get(`/webhooks/${hooks[0]!.id}/attempts?per_page=100`);
    expect(res.status).toBe(200);
    expect(res.body.webhook_attempts[0]).toHaveProperty('possible_duplicate');
    console.log(
      `killed worker ${pid}: ${inFlight.size} deliveries had reached an endpoint, ${twice.length} came twice, ${state!.dup} attempts marked possible duplicates`,
    );
  }, 180_000);

  it('behind PgBouncer in transaction mode, a worker queues through the pooler and listens on DATABASE_DIRECT_URL', async () => {
    for (const w of workers.splice(0)) {
      w.kill('SIGKILL');
      await new Promise((r) => (w.exitCode === null && w.signalCode === null ? w.once('exit', r) : r(null)));
    }
    const direct = new URL(own.database.url!);
    const pooled = new URL(direct);
    pooled.port = '6432'; // PgBouncer (scripts/ci/scale-servers.sh), in front of the same server
    workers.push(await spawnWorker({ ...WORKER_ENV, DATABASE_URL: pooled.toString(), DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: direct.toString() }));
    const t = await createTestAccount('Pooled worker GC');
    await subscribe(t, '/pooled');
    expect((await t.api.post('/contacts', { contact: { first_name: 'Pooled' } })).status).toBe(201);
    await receiver.waitFor(() => tally(['/pooled']).size === 1, 30_000);
    // Its LISTEN is a session of its own, straight from the worker process to the server: the
    // session's client port is one of the worker's own connections to port 5432.
    const listens = await rows<{ port: number }>(
      getDb(),
      sql`select client_port as port from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
    );
    const workerPorts = execFileSync('ss', ['-tnpH', 'state', 'established', '( dport = :5432 )'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(`pid=${workers[0]!.pid},`))
      .map((line) => Number(/127\.0\.0\.1:(\d+)\s/.exec(line)?.[1]));
    expect(listens.some((l) => workerPorts.includes(l.port))).toBe(true);
  }, 60_000);
});
