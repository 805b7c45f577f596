import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { openDatabase } from '@/db';
import { createApiToken } from '@/lib/server/auth/tokens';
import postgres from 'postgres';
import { IfMatchRotation } from './if-match';
import { load, type Cell, type Route } from './load';
import { api } from './measure';
import { SERVER, seed, type Seeded } from './seed';
import { buildIfStale, startServer, stopServer, treeCpuTicks, type Server } from './servers';

// npm run bench:scale — past one machine (issue 32, docs/scaling.md), a figure per line, in one run:
// 1. one app instance against two (`next start` each, over one PostgreSQL), a mixed workload of
//    BENCH_USERS (40) simulated users for BENCH_SECONDS (60) each: requests per second, p50/p95/p99
//    per kind, errors, and the CPU each side used (the app processes, PostgreSQL, this load
//    generator); users spread their requests over the instances as a load balancer would;
// 2. reports from the replica against from the primary, under the same write load: p95 of
//    GET /forecast and GET /insights/win_rates;
// 3. where a small request's time goes, at 16 connections: a bare route handler's fixed 200-byte
//    JSON (Next.js's floor), the same through the API's wrapper with a token, GET /projects/{id}
//    and PATCH /leads/{id} with If-Match, and the hand-written limit's two; with BENCH_NODE (a
//    second node binary) the app's rows again under it.
// BENCH_SECTIONS picks sections ("3": the small request only; the others' last figures are kept).
// Runs on the scale tests' primary (port 5434) and its streaming replica (5435), made by
// scripts/ci/scale-servers.sh; BENCH_DATABASE_URL and BENCH_REPLICA_URL point elsewhere.

const USERS = Number(process.env.BENCH_USERS ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const REPLICA = process.env.BENCH_REPLICA_URL ?? 'postgres://postgres@127.0.0.1:5435/postgres';
const PORTS = [3121, 3122, 3123];
/** Which of the sections below to run (BENCH_SECTIONS=3: the small request only). */
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? '1,2,3').split(',').map(Number));
const SMALL_SECONDS = Number(process.env.BENCH_SMALL_SECONDS ?? 15);
/** A second Node.js for the small request (e.g. the npm registry's `node` package: docs/performance.md). */
const ALT_NODE = process.env.BENCH_NODE;
const RESULTS = 'bench/instances-results.json';

function nodeVersion(node: string): string {
  return spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
}

const KINDS = [
  { kind: 'GET /leads (list)', weight: 25 },
  { kind: 'GET /projects (list)', weight: 20 },
  { kind: 'GET /projects/{id}', weight: 20 },
  { kind: 'PATCH /leads/{id} (If-Match)', weight: 15 },
  { kind: 'POST /comments', weight: 10 },
  { kind: 'GET /forecast', weight: 10 },
] as const;
type Kind = (typeof KINDS)[number]['kind'] | 'GET /leads/{id}' | 'GET /insights/win_rates';

interface Tally {
  times: Map<Kind, number[]>;
  errors: number;
  requests: number;
}

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (x: number) => Math.round(x * 10) / 10;

function chooseKind(): (typeof KINDS)[number]['kind'] {
  let r = Math.random() * 100;
  for (const k of KINDS) if ((r -= k.weight) < 0) return k.kind;
  return KINDS[0].kind;
}

/** One timed request; its time under `kind`, an error counted for anything but the expected status. */
async function timed(tally: Tally, kind: Kind, url: string, init: RequestInit, expect: number[] = [200]): Promise<Response | null> {
  const started = performance.now();
  try {
    const res = await fetch(url, init);
    const body = await res.arrayBuffer();
    const took = performance.now() - started;
    tally.requests += 1;
    if (!expect.includes(res.status)) {
      tally.errors += 1;
      if (tally.errors <= 3) console.warn(`bench: ${kind} answered ${res.status}: ${Buffer.from(body).toString('utf8').slice(0, 200)}`);
      return null;
    }
    (tally.times.get(kind) ?? tally.times.set(kind, []).get(kind)!).push(took);
    return new Response(body, { status: res.status, headers: res.headers });
  } catch (err) {
    tally.requests += 1;
    tally.errors += 1;
    if (tally.errors <= 3) console.warn(`bench: ${kind} failed: ${(err as Error).message}`);
    return null;
  }
}

interface Workload {
  origins: string[];
  token: string;
  leadIds: number[];
  projectIds: number[];
  userId: number;
}

/** One simulated user: a request after another, each to the next instance (round robin), until `until`. */
async function user(w: Workload, tally: Tally, until: number, n: number) {
  let turn = n;
  const headers = { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' };
  while (Date.now() < until) {
    const origin = w.origins[turn++ % w.origins.length]!;
    const kind = chooseKind();
    switch (kind) {
      case 'GET /leads (list)':
        await timed(tally, kind, origin + api('/leads?per_page=25'), { headers });
        break;
      case 'GET /projects (list)':
        await timed(tally, kind, origin + api('/projects?per_page=25'), { headers });
        break;
      case 'GET /projects/{id}':
        await timed(tally, kind, origin + api(`/projects/${pick(w.projectIds)}`), { headers });
        break;
      case 'PATCH /leads/{id} (If-Match)': {
        const id = pick(w.leadIds);
        const got = await timed(tally, 'GET /leads/{id}', origin + api(`/leads/${id}`), { headers });
        const etag = got?.headers.get('etag');
        if (!etag) break;
        // Another user may have changed it in between: a 412 is an answer, not an error.
        await timed(
          tally,
          kind,
          w.origins[turn++ % w.origins.length]! + api(`/leads/${id}`),
          { method: 'PATCH', headers: { ...headers, 'if-match': etag }, body: JSON.stringify({ lead: { description: `Bench ${Date.now()}` } }) },
          [200, 412],
        );
        break;
      }
      case 'POST /comments':
        await timed(
          tally,
          kind,
          origin + api('/comments'),
          {
            method: 'POST',
            headers,
            body: JSON.stringify({ comment: { commentable_type: 'lead', commentable_id: String(pick(w.leadIds)), body: 'Bench note' } }),
          },
          [201],
        );
        break;
      case 'GET /forecast':
        await timed(tally, kind, origin + api('/forecast'), { headers });
        break;
    }
  }
}

/** The postmaster of the cluster listening on `url`'s port (Debian's clusters, pg_lsclusters): its process tree is PostgreSQL's CPU. */
function postgresPid(url: string): number {
  const port = new URL(url).port || '5432';
  const out = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).stdout;
  const cluster = out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((f) => f[2] === port);
  if (!cluster) throw new Error(`no PostgreSQL cluster on port ${port}`);
  return Number(fs.readFileSync(`${cluster[5]}/postmaster.pid`, 'utf8').split('\n')[0]);
}

interface RunResult {
  label: string;
  seconds: number;
  rps: number;
  errors: number;
  kinds: Record<string, { n: number; p50: number; p95: number; p99: number }>;
  cpu: { app: number; postgres: number; load: number };
}

/** The workload on `origins` for `seconds`; CPU seconds of the app processes, PostgreSQL and this process meanwhile. */
async function run(label: string, w: Workload, apps: Server[], pgPid: number, seconds: number): Promise<RunResult> {
  const tally: Tally = { times: new Map(), errors: 0, requests: 0 };
  const appTicks = () => apps.reduce((sum, s) => sum + treeCpuTicks(s.child.pid!), 0);
  const [a0, p0, l0] = [appTicks(), treeCpuTicks(pgPid), process.cpuUsage()];
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: USERS }, (_, n) => user(w, tally, until, n)));
  const l = process.cpuUsage(l0);
  const kinds: RunResult['kinds'] = {};
  for (const [kind, times] of [...tally.times].sort(([a], [b]) => a.localeCompare(b)))
    kinds[kind] = { n: times.length, p50: ms(quantile(times, 0.5)), p95: ms(quantile(times, 0.95)), p99: ms(quantile(times, 0.99)) };
  return {
    label,
    seconds,
    rps: Math.round(tally.requests / seconds),
    errors: tally.errors,
    kinds,
    cpu: { app: (appTicks() - a0) / 100, postgres: (treeCpuTicks(pgPid) - p0) / 100, load: (l.user + l.system) / 1e6 },
  };
}

function printRun(r: RunResult) {
  console.log(`\n${r.label}: ${r.rps} req/s over ${r.seconds} s, ${r.errors} errors`);
  console.log(
    `  CPU seconds: app ${r.cpu.app.toFixed(1)}, PostgreSQL ${r.cpu.postgres.toFixed(1)}, load generator ${r.cpu.load.toFixed(1)} (of ${2 * r.seconds} on two cores)`,
  );
  for (const [kind, k] of Object.entries(r.kinds))
    console.log(`  ${kind.padEnd(32)} n ${String(k.n).padStart(6)}  p50 ${k.p50} ms  p95 ${k.p95} ms  p99 ${k.p99} ms`);
}

/** p95 of the reports read by a reader (no writes of its own) while 20 users write; the reports through `origins`. */
async function reports(label: string, w: Workload, readerToken: string, origins: string[], seconds: number) {
  const tally: Tally = { times: new Map(), errors: 0, requests: 0 };
  const until = Date.now() + seconds * 1000;
  const writer = async (n: number) => {
    const headers = { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' };
    while (Date.now() < until) {
      const id = pick(w.leadIds);
      await timed(tally, 'PATCH /leads/{id} (If-Match)', w.origins[n % w.origins.length]! + api(`/leads/${id}`), {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ lead: { description: `Bench ${Date.now()}` } }),
      });
    }
  };
  const reader = async (n: number) => {
    const headers = { authorization: `Bearer ${readerToken}` };
    while (Date.now() < until) {
      const origin = origins[n % origins.length]!;
      await timed(tally, 'GET /forecast', origin + api('/forecast'), { headers });
      await timed(tally, 'GET /insights/win_rates', origin + api('/insights/win_rates'), { headers });
    }
  };
  await Promise.all([...Array.from({ length: 20 }, (_, n) => writer(n)), ...Array.from({ length: 20 }, (_, n) => reader(n))]);
  const p95 = (k: Kind) => ms(quantile(tally.times.get(k) ?? [], 0.95));
  console.log(
    `  ${label.padEnd(28)} GET /forecast p95 ${p95('GET /forecast')} ms, GET /insights/win_rates p95 ${p95('GET /insights/win_rates')} ms (writes p95 ${p95('PATCH /leads/{id} (If-Match)')} ms, ${tally.errors} errors)`,
  );
  return { forecast_p95: p95('GET /forecast'), win_rates_p95: p95('GET /insights/win_rates'), errors: tally.errors };
}

async function main() {
  const seeded: Seeded = await seed(1);
  buildIfStale();
  const database = openDatabase({ kind: 'postgres', url: seeded.url, poolMax: 1 });
  const sql = postgres(seeded.url, { max: 1, onnotice: () => {} });
  const projectIds = (await sql<{ id: string }[]>`select id from projects where account_id = ${seeded.accountId} order by id limit 1000`).map((r) =>
    Number(r.id),
  );
  const [reader] = await sql<{ id: string }[]>`select id from users where account_id = ${seeded.accountId} and id <> ${seeded.userId} order by id limit 1`;
  const readerToken = await createApiToken(database.db, { accountId: seeded.accountId, userId: Number(reader!.id) });
  await sql.end();
  await database.close();
  const pgPid = postgresPid(SERVER);
  const replicaUrl = (() => {
    const u = new URL(REPLICA);
    u.pathname = new URL(seeded.url).pathname;
    return u.toString();
  })();

  const servers: Server[] = [];
  const start = async (port: number, extra: Record<string, string> = {}, node?: string) => {
    const before = { ...process.env };
    Object.assign(process.env, { BENCH_PROBES: 'on', ...extra });
    try {
      const s = await startServer('app', port, seeded.url, seeded, `app-${port}`, node);
      servers.push(s);
      return s;
    } finally {
      for (const key of ['BENCH_PROBES', ...Object.keys(extra)]) if (before[key] === undefined) delete process.env[key];
    }
  };
  // A run of some sections keeps the others' figures of the last run.
  const results: Record<string, unknown> = fs.existsSync(RESULTS) ? (JSON.parse(fs.readFileSync(RESULTS, 'utf8')) as Record<string, unknown>) : {};
  try {
    const [one, two] = [await start(PORTS[0]!), await start(PORTS[1]!)];
    const w: Workload = { origins: [one.origin], token: seeded.token, leadIds: seeded.leadIds, projectIds, userId: seeded.userId };
    // Warm both (prepared statements, JIT) before measuring.
    await run('warm-up', { ...w, origins: [one.origin, two.origin] }, [one, two], pgPid, 10);

    if (SECTIONS.has(1)) {
      console.log(`\n1. One instance against two, ${USERS} users, ${SECONDS} s each`);
      const single = await run('one instance', w, [one], pgPid, SECONDS);
      printRun(single);
      const double = await run('two instances', { ...w, origins: [one.origin, two.origin] }, [one, two], pgPid, SECONDS);
      printRun(double);
      results.instances = { users: USERS, one: single, two: double };
    }

    if (SECTIONS.has(2)) {
      console.log(`\n2. Reports under write load (20 writers, 20 readers, ${Math.round(SECONDS / 2)} s each)`);
      const withReplica = await start(PORTS[2]!, { DATABASE_REPLICA_URL: replicaUrl });
      const primary = await reports('from the primary', w, readerToken, [one.origin], Math.round(SECONDS / 2));
      const replica = await reports('from the replica', w, readerToken, [withReplica.origin], Math.round(SECONDS / 2));
      results.replica = { primary, replica };
    }

    if (SECTIONS.has(3)) {
      console.log(
        `\n3. A small request at 16 connections, ${SMALL_SECONDS} s each${ALT_NODE ? `; the app under Node ${nodeVersion(process.execPath)} and ${nodeVersion(ALT_NODE)}` : ''}`,
      );
      const limit = await startServer('limit', 3124, seeded.url, seeded, 'limit-3124');
      servers.push(limit);
      // PATCH with If-Match: each request a lead no other is writing, with its current ETag (bench/if-match.ts).
      const rotation = new IfMatchRotation(seeded.leadIds.slice(-1000), async (id) => {
        const res = await fetch(one.origin + api(`/leads/${id}`), { headers: { authorization: `Bearer ${seeded.token}` } });
        await res.arrayBuffer();
        return res.headers.get('etag')!;
      });
      await rotation.start();
      const get = (name: string, path: string): Route => ({ name, method: 'GET', path });
      const apps: [string, string][] = [[`Node ${nodeVersion(process.execPath)}`, one.origin]];
      if (ALT_NODE) {
        const alt = await start(3125, {}, ALT_NODE);
        apps.push([`Node ${nodeVersion(ALT_NODE)}`, alt.origin]);
      }
      const cases: [string, string, Route][] = [];
      for (const [node, origin] of apps) {
        const on = ALT_NODE ? ` (${node})` : '';
        cases.push(
          [`floor: a fixed 200-byte JSON (bare route handler)${on}`, origin, get('floor', '/api/bench/floor')],
          [`the same through the wrapper, with a token${on}`, origin, get('wrapped', '/api/bench/wrapped')],
          [`GET /projects/{id}${on}`, origin, get('project', api(`/projects/${seeded.projectId}`))],
          [`PATCH /leads/{id} (If-Match)${on}`, origin, rotation.route('patch')],
        );
      }
      cases.push(
        ['GET /projects/{id}, the hand-written limit', limit.origin, get('project', api(`/projects/${seeded.projectId}`))],
        ['PATCH /leads/{id}, the hand-written limit', limit.origin, rotation.route('patch')],
      );
      const cells: Record<string, Cell> = {};
      const settle = async (route: Route) => route.settle?.();
      for (const [, origin, route] of cases) {
        await load(origin, seeded.token, route, 16, 3);
        await settle(route);
      }
      for (const [label, origin, route] of cases) {
        cells[label] = await load(origin, seeded.token, route, 16, SMALL_SECONDS);
        await settle(route);
        const c = cells[label];
        console.log(
          `  ${label.padEnd(60)} ${String(c.rps).padStart(6)} req/s  p50 ${c.p50} ms  p99 ${c.p99} ms${c.non2xx + c.errors ? `  (non-2xx ${c.non2xx}, errors ${c.errors})` : ''}`,
        );
      }
      const ratio = (a: string, b: string) => Math.round((cells[a]!.rps / cells[b]!.rps) * 100) / 100;
      const ratios: Record<string, number> = {};
      for (const [node] of apps) {
        const on = ALT_NODE ? ` (${node})` : '';
        ratios[`GET /projects/{id}${on} ÷ limit`] = ratio(`GET /projects/{id}${on}`, 'GET /projects/{id}, the hand-written limit');
        ratios[`PATCH /leads/{id}${on} ÷ limit`] = ratio(`PATCH /leads/{id} (If-Match)${on}`, 'PATCH /leads/{id}, the hand-written limit');
        ratios[`floor${on} ÷ GET limit`] = ratio(`floor: a fixed 200-byte JSON (bare route handler)${on}`, 'GET /projects/{id}, the hand-written limit');
      }
      for (const [label, r] of Object.entries(ratios)) console.log(`  ${label.padEnd(60)} ${r}`);
      results.small_request = { ...cells, ratios };
    }
    fs.writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nwritten: ${RESULTS}`);
  } finally {
    for (const s of servers) await stopServer(s);
  }
}

await main();
