import os from 'node:os';
import postgres from 'postgres';
import { openDatabase } from '@/db';
import { sql as dsql } from 'drizzle-orm';
import { createAccount, insertNamedLookups } from '@/db/queries/accounts';
import { createApiToken } from '@/lib/server/auth/tokens';
import { runDueImports } from '@/lib/server/imports/service';
import { api, countStatements, sendOnce, writeResults, type Target } from './measure';
import { seed } from './seed';
import { PORTS, buildIfStale, startServer, stopServer, treeRss } from './servers';
import { startStatementProxy } from './statement-proxy';

// npm run bench:plans — the planning reports on the bench database (50,000 projects, 2,000
// employees, 100,000 assignments): the 24-month company forecast, a 26-week utilization page and a
// 12-month demand, a project's timeline and the unread count, each timed one request at a time (p50 and p95 of BENCH_PLAN_REQUESTS, default
// 40, after 3 to warm up) against the production build, with its statements per request through the
// counting proxy. The goals are the issues' (≤ 300 ms and ≤ 500 ms p50). Then the exports: the
// 100,000 leads as CSV and as XLSX, downloaded whole, with the app's peak RSS meanwhile (goal: CSV
// within 15 s, RSS ≤ 300 MB). Last, the import: a 100,000-row leads CSV uploaded to the app
// (companies by name, users by email, money and US dates, in a throwaway account of its own,
// deleted after) and run by the import runner as the worker runs it (goal: ≤ 60 s).
// The statements are counted with the app connected through the counting proxy; the times are
// taken with another app process connected to PostgreSQL directly (the proxy costs each statement
// a hop through this process).

const REQUESTS = Number(process.env.BENCH_PLAN_REQUESTS ?? 40);
/** BENCH_PLANS: only the reports whose names contain one of these (comma-separated); "export" and "import" name those two. */
const ONLY = process.env.BENCH_PLANS?.split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const chosen = (name: string) => !ONLY || ONLY.some((w) => name.toLowerCase().includes(w));

function plans(now: Date, projectId: number): { name: string; path: string; goalMs: number }[] {
  const month = (offset: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
    return d.toISOString().slice(0, 7);
  };
  return [
    { name: 'GET /forecast (24 months)', path: api(`/forecast?from=${month(0)}&to=${month(23)}`), goalMs: 300 },
    { name: 'GET /workforce/utilization (26 weeks, 100 people)', path: api('/workforce/utilization?interval=week&per_page=100'), goalMs: 500 },
    { name: 'GET /workforce/demand (12 months)', path: api('/workforce/demand?interval=month'), goalMs: 500 },
    { name: 'GET /workforce/demand (26 weeks)', path: api('/workforce/demand?interval=week'), goalMs: 500 },
    // Issue 28: a timeline page of 50 entries for a project with 5,000 events, and the bell's count.
    { name: 'GET /projects/{id}/timeline (50 of 5,000+ events)', path: api(`/projects/${projectId}/timeline?per_page=50`), goalMs: 50 },
    { name: 'GET /notifications/unread_count', path: api('/notifications/unread_count'), goalMs: 5 },
  ];
}

/**
 * The bench project's history, once: 5,000 updates in the event outbox (each with its before and
 * after), 100 comments, and 300 notifications for the bench user (200 unread).
 */
async function prepareCollaboration(dbUrl: string, accountId: number, userId: number, projectId: number) {
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
  try {
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from webhook_messages
      where account_id = ${accountId} and payload ->> 'id' = ${String(projectId)} and event_type = 'project.update'`;
    if (n >= 5000) return;
    await sql`insert into webhook_messages (account_id, event_type, payload, actor_id, timestamp, changed_fields, changes)
      select ${accountId}, 'project.update', jsonb_build_object('id', ${String(projectId)}::text, 'url', 'http://bench.invalid'), ${userId},
        now() - make_interval(mins => g), array['amount'], jsonb_build_object('amount', jsonb_build_array(g * 1000, g * 1000 + 500))
      from generate_series(1, 5000) g`;
    await sql`insert into comments (account_id, commentable_type, commentable_id, body, author_id, created_at, updated_at)
      select ${accountId}, 'project', ${projectId}, 'Bench comment ' || g, ${userId}, now() - make_interval(mins => g * 7), now()
      from generate_series(1, 100) g`;
    await sql`insert into notifications (account_id, user_id, kind, actor_id, subject_type, subject_id, read_at, created_at, updated_at)
      select ${accountId}, ${userId}, 'mention', ${userId}, 'project', ${projectId}, case when g > 200 then now() end, now() - make_interval(mins => g), now()
      from generate_series(1, 300) g`;
    await sql`analyze webhook_messages`;
  } finally {
    await sql.end();
  }
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

/** Every lead as a file, read to the end; the app's peak RSS sampled every 100 ms meanwhile. */
async function timeExport(origin: string, token: string, pid: number, format: 'csv' | 'xlsx') {
  let peak = treeRss(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 100);
  const t = performance.now();
  let bytes = 0;
  let firstByteMs = 0;
  try {
    const res = await fetch(`${origin}${api(`/leads?format=${format}`)}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`export ${format}: ${res.status}`);
    const reader = res.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (bytes === 0) firstByteMs = performance.now() - t;
      bytes += chunk.value.byteLength;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - t) / 1000;
  return {
    export: `GET /leads?format=${format} (every lead)`,
    seconds: Math.round(seconds * 10) / 10,
    'first byte ms': Math.round(firstByteMs),
    MB: Math.round(bytes / 1e5) / 10,
    'peak RSS MB': Math.round(peak / 1e5) / 10,
    goal: format === 'csv' ? '≤ 15 s, RSS ≤ 300 MB' : 'RSS ≤ 300 MB',
    met: (format === 'xlsx' || seconds <= 15) && peak <= 300e6 ? 'met' : 'MISSED',
  };
}

/** 100,000 leads as a CSV: upload (the app reads, maps and queues it), then the runner to the end. */
async function timeImport(origin: string, dbUrl: string) {
  const ROWS = 100_000;
  const database = openDatabase({ kind: 'postgres', url: dbUrl, poolMax: 4 });
  const { accountId, userIds } = await createAccount(database.db, {
    name: `bench import ${Date.now()}`,
    users: [{ firstName: 'Import', lastName: 'Bench', email: `import-bench-${Date.now()}@example.com` }],
  });
  try {
    const token = await createApiToken(database.db, { accountId, userId: userIds[0]! });
    await insertNamedLookups(database.db, 'market_sectors', accountId, ['Healthcare', 'Education', 'Industrial']);
    const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
    await sql`insert into companies (account_id, name) select ${accountId}, 'Client ' || g from generate_series(1, 500) g`;
    const [user] = await sql<{ email: string }[]>`select email from users where id = ${userIds[0]!}`;
    await sql.end();
    const sectors = ['Healthcare', 'Education', 'Industrial'];
    const lines = ['Lead Name,External ID,Value,Priority,Estimated Start,Client,Assigned To,Market Sector,City'];
    for (let i = 1; i <= ROWS; i++) {
      lines.push(
        `Lead ${i},X-${i},"$${(i * 1250).toLocaleString('en-US')}.00",${i % 7 === 0 ? 'yes' : 'no'},${(i % 12) + 1}/15/2027,Client ${(i % 500) + 1},${user!.email},${sectors[i % 3]},Denver`,
      );
    }
    const csv = lines.join('\n');
    const t = performance.now();
    const form = new FormData();
    form.set('resource', 'leads');
    form.set('file', new Blob([csv]), 'leads-100k.csv');
    const res = await fetch(`${origin}${api('/imports')}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (res.status !== 202) throw new Error(`import upload: ${res.status} ${await res.text()}`);
    const { import: created } = (await res.json()) as { import: { id: string } };
    const uploaded = performance.now() - t;
    await runDueImports(database.db);
    const seconds = (performance.now() - t) / 1000;
    const done = await fetch(`${origin}${api(`/imports/${created.id}`)}`, { headers: { authorization: `Bearer ${token}` } });
    const body = ((await done.json()) as { import: { status: string; created_count: number; error_count: number } }).import;
    return {
      import: `POST /imports (${ROWS.toLocaleString('en-US')} leads, CSV ${(csv.length / 1e6).toFixed(1)} MB)`,
      'upload s': Math.round(uploaded / 100) / 10,
      'total s': Math.round(seconds * 10) / 10,
      status: body.status,
      created: body.created_count,
      errors: body.error_count,
      goal: '≤ 60 s',
      met: body.status === 'completed' && body.created_count === ROWS && seconds <= 60 ? 'met' : 'MISSED',
    };
  } finally {
    await database.db.execute(dsql`delete from accounts where id = ${accountId}`).catch(() => {});
    await database.close();
  }
}

async function main() {
  const s = await seed(1);
  buildIfStale();
  const dbUrl = new URL(s.url);
  const proxy = await startStatementProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) });
  const proxied = new URL(s.url);
  proxied.port = String(proxy.port);
  await prepareCollaboration(s.url, s.accountId, s.userId, s.projectId);
  const list = plans(new Date(), s.projectId).filter((p) => chosen(p.name));
  const targetOf = (origin: string): Target => ({
    key: 'app',
    origin,
    token: s.token,
    route: (name) => ({ name, method: 'GET', path: list.find((p) => p.name === name)!.path }),
  });
  let statements: Awaited<ReturnType<typeof countStatements>>;
  {
    const counted = await startServer('app', PORTS.app, proxied.toString(), s, 'app-plans-counted');
    try {
      statements = await countStatements(
        proxy,
        [targetOf(counted.origin)],
        list.map((p) => p.name),
      );
    } finally {
      await stopServer(counted);
      await proxy.close();
    }
  }
  const app = await startServer('app', PORTS.app, s.url, s, 'app-plans');
  const target = targetOf(app.origin);
  const rows = [];
  const exports: Awaited<ReturnType<typeof timeExport>>[] = [];
  let imported: Awaited<ReturnType<typeof timeImport>> | null = null;
  try {
    for (const plan of list) {
      const route = target.route(plan.name);
      const first = await fetch(app.origin + plan.path, { headers: { authorization: `Bearer ${s.token}` } });
      const bytes = (await first.arrayBuffer()).byteLength;
      if (!first.ok) throw new Error(`${plan.name}: ${first.status}`);
      for (let i = 0; i < 3; i++) await sendOnce(target, route);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t = performance.now();
        await sendOnce(target, route);
        times.push(performance.now() - t);
      }
      const p50 = Math.round(quantile(times, 0.5) * 10) / 10;
      rows.push({
        report: plan.name,
        'p50 ms': p50,
        'p95 ms': Math.round(quantile(times, 0.95) * 10) / 10,
        statements: statements[plan.name]!.app!.statements,
        'body kB': Math.round(bytes / 102.4) / 10,
        goal: `≤ ${plan.goalMs} ms p50`,
        met: p50 <= plan.goalMs ? 'met' : 'MISSED',
      });
    }
    if (chosen('export')) for (const format of ['csv', 'xlsx'] as const) exports.push(await timeExport(app.origin, s.token, app.child.pid!, format));
    if (chosen('import')) imported = await timeImport(app.origin, s.url);
  } finally {
    await stopServer(app);
  }
  console.table(rows);
  console.table(exports);
  if (imported) console.table([imported]);
  // A run of some reports leaves the last full run's results as they are.
  if (ONLY) return;
  writeResults('plans', {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadavg: os.loadavg() },
    requests: REQUESTS,
    table: rows,
    exports,
    import: imported,
  });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
