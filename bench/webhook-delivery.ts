import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { runMigrations } from 'graphile-worker';
import postgres from 'postgres';
import { openDatabase, type Database } from '@/db';
import { rows } from '@/db/queries/sql';
import { createAccount } from '@/db/queries/accounts';
import { startJobWorker } from '@/lib/server/jobs/worker';

// npm run bench:webhooks — how many deliveries per second one webhook worker sustains, delivering
// to a local receiver that answers 200 at once. PostgreSQL (graphile-worker) on a database of its
// own (BENCH_DATABASE_URL's server, default 127.0.0.1:5432), then the embedded loop on an
// in-memory PGlite. Messages: BENCH_WEBHOOK_MESSAGES (default 10000).

const MESSAGES = Number(process.env.BENCH_WEBHOOK_MESSAGES ?? 10_000);
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'groundwork_bench_webhooks';

async function receiver() {
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count += 1;
      res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    count: () => count,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** One account, one subscription, MESSAGES messages each owed to it (pending deliveries). */
async function prepare(database: Database, url: string) {
  await database.migrate();
  const { accountId } = await createAccount(database.db, {
    name: 'Bench GC',
    users: [{ firstName: 'B', lastName: 'Ench', email: `bench-${Date.now()}@example.com` }],
  });
  const [hook] = await rows<{ id: string }>(
    database.db,
    sql`insert into webhooks (account_id, url, secret, rate_limit)
        values (${accountId}, ${url}, ${'whsec_' + Buffer.alloc(32, 3).toString('base64')}, 100000) returning id`,
  );
  const started = performance.now();
  await database.db.execute(sql`
    with m as (
      insert into webhook_messages (account_id, event_type, payload)
      select ${accountId}, 'project.update', jsonb_build_object('id', g::text, 'url', 'http://localhost:3000/api/2023-01/projects/' || g)
      from generate_series(1, ${MESSAGES}) g
      returning id
    )
    insert into webhook_deliveries (account_id, webhook_id, message_id) select ${accountId}, ${Number(hook!.id)}, id from m`);
  return { accountId, enqueueMs: performance.now() - started };
}

async function measure(label: string, database: Database) {
  const target = await receiver();
  const { enqueueMs } = await prepare(database, target.url);
  const rss0 = process.memoryUsage().rss;
  const started = performance.now();
  const worker = await startJobWorker({ database, settings: { allowPrivateUrls: true } });
  let done = 0;
  while (done < MESSAGES) {
    await new Promise((r) => setTimeout(r, 100));
    const [row] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from webhook_deliveries where status = 'succeeded'`);
    done = row!.n;
    if (performance.now() - started > 600_000) throw new Error(`${label}: gave up after 10 minutes at ${done}`);
  }
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  await target.close();
  const result = {
    worker: label,
    messages: MESSAGES,
    seconds: Number(seconds.toFixed(2)),
    deliveries_per_second: Math.round(MESSAGES / seconds),
    received: target.count(),
    write_ms: Math.round(enqueueMs),
    rss_growth_mb: Math.round((process.memoryUsage().rss - rss0) / 1e6),
  };
  console.log(JSON.stringify(result));
  return result;
}

const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists "${DB_NAME}" with (force)`);
await admin.unsafe(`create database "${DB_NAME}"`);
const url = new URL(SERVER);
url.pathname = `/${DB_NAME}`;
const pg = openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 10 });
// The queue's schema first, so the trigger enqueues a job for each delivery as it is written.
await pg.migrate();
await runMigrations({ connectionString: url.toString(), logger: undefined });
const results = [await measure('graphile-worker (PostgreSQL)', pg)];
await pg.close();
await admin.unsafe(`drop database if exists "${DB_NAME}" with (force)`);
await admin.end();

if (process.env.BENCH_ONLY_PG) {
  console.table(results);
  process.exit(0);
}
const lite = openDatabase({ kind: 'pglite', dataDir: 'memory://' });
results.push(await measure('embedded loop (PGlite)', lite));
await lite.close();

console.table(results);
