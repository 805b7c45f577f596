import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { checkContactPost, checkLeadPatch, checkRead, type CheckTarget } from './body-check';
import { IfMatchRotation } from './if-match';
import type { Cell, Route } from './load';
import { api, countStatements, idleWaiter, lastPage, runCells, writeResults, type Cells, type Counted, type Target } from './measure';
import { compareScales } from './scale';
import { SERVER, seed, type Seeded } from './seed';
import { APP_NODE_OPTIONS, BASE_URL, POOL_MAX, PORTS, buildIfStale, startServer, stopServer, treeRss, type Server, type ServerKind } from './servers';
import { startStatementProxy } from './statement-proxy';

// npm run bench — the API (production build, `next start`) against its limit: a hand-written
// node:http server doing the same SQL work with none of the app's code (bench/limit.ts), and the
// framework-only baseline (bench/baseline.ts, the app's services without Next.js) as a second
// column. First a body check (bench/body-check.ts): the limit must answer what the app answers.
// Then statements per request through a counting proxy, then autocannon at 1, 16 and 64
// connections, the servers taking turns per cell; the app's peak RSS; webhook deliveries per
// second (bench/webhook-delivery.ts); the goals, met or missed.
//
// BENCH_DURATION: seconds per cell (default 10); BENCH_CONNECTIONS: e.g. "16" (default "1,16,64",
// for the scale comparison "1,16");
// BENCH_SCALE: the data's size (default 1; 10 is ten times the rows); a list ("1,10") instead
// compares first and last list pages across scales (bench/scale.ts); BENCH_BASELINE=off leaves
// the framework-only baseline out.

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const connections = (fallback: string) => (process.env.BENCH_CONNECTIONS ?? fallback).split(',').map(Number);
const CONNECTIONS = connections('1,16,64');
const SCALES = (process.env.BENCH_SCALE ?? '1').split(',').map(Number);
const WITH_BASELINE = process.env.BENCH_BASELINE !== 'off';
/** Leads the PATCH rotation writes: more than every cell's connections together (a request a cell ends never gives its lead back). */
const PATCH_LEADS = 1000;

/** The benchmarked GETs, by name: the routes of the body check and of the load. */
function reads(s: Seeded, last: { leads: number; projects: number }): Record<string, string> {
  return {
    'GET /leads?per_page=100': api('/leads?per_page=100'),
    'GET /leads?per_page=1': api('/leads?per_page=1'),
    'GET /leads?per_page=100&page=last': api(`/leads?per_page=100&page=${last.leads}`),
    'GET /projects?per_page=100': api('/projects?per_page=100'),
    'GET /projects?per_page=100&page=last': api(`/projects?per_page=100&page=${last.projects}`),
    'GET /projects/{id}': api(`/projects/${s.projectId}`),
    'GET /tasks?project_id=…': api(`/tasks?project_id=${s.taskProjectId}`),
  };
}

const PATCH = 'PATCH /leads/{id} (If-Match)';
const POST = 'POST /contacts';

/** This run's mark in the contacts it creates: a reused database keeps earlier runs' contacts, and an account's emails are unique. */
const RUN = Date.now().toString(36);

function contactBody(s: Seeded, n: number) {
  return { contact: { first_name: `Bench${n}`, last_name: 'Contact', email: `bench${n}.${RUN}@example.com`, company_id: s.contactCompanyId } };
}

function routes(s: Seeded, paths: Record<string, string>, rotation: IfMatchRotation): Map<string, Route> {
  const out = new Map<string, Route>(Object.entries(paths).map(([name, path]) => [name, { name, method: 'GET', path }]));
  out.set(PATCH, rotation.route(PATCH));
  let n = 0;
  out.set(POST, { name: POST, method: 'POST', path: api('/contacts'), next: () => ({ path: api('/contacts'), body: contactBody(s, (n += 1)) }) });
  return out;
}

async function startAll(kinds: ServerKind[], dbUrl: string, s: Seeded): Promise<Server[]> {
  const servers: Server[] = [];
  try {
    for (const kind of kinds) servers.push(await startServer(kind, PORTS[kind], dbUrl, s));
  } catch (err) {
    await Promise.all(servers.map(stopServer));
    throw err;
  }
  return servers;
}

async function bodyCheck(t: CheckTarget, s: Seeded, paths: Record<string, string>) {
  for (const [name, path] of Object.entries(paths)) await checkRead(t, name, path);
  await checkLeadPatch(t, PATCH, s.leadIds[s.leadIds.length - 1]!);
  await checkContactPost(t, POST, contactBody(s, 0));
  console.log(`body check: the limit answers as the app on all ${Object.keys(paths).length + 2} routes`);
}

const ratio = (a: number, b: number) => (a > 0 && b > 0 ? Number((a / b).toFixed(2)) : null);

function table(cells: Cells, statements: Record<string, Record<string, Counted>>) {
  return Object.entries(cells).flatMap(([name, byConn]) =>
    Object.entries(byConn).map(([c, got]) => {
      const { app, limit, baseline } = got as Record<string, Cell>;
      const st = statements[name] ?? {};
      return {
        route: name,
        conns: Number(c),
        'app req/s': app!.rps,
        'limit req/s': limit!.rps,
        'app÷limit': ratio(app!.rps, limit!.rps),
        ...(baseline && { 'app÷baseline': ratio(app!.rps, baseline.rps) }),
        'app p50/p99 ms': `${app!.p50}/${app!.p99}`,
        'limit p50/p99 ms': `${limit!.p50}/${limit!.p99}`,
        'stmts app/limit': `${st.app?.statements}/${st.limit?.statements}`,
      };
    }),
  );
}

interface Goal {
  goal: string;
  result: string;
  met: boolean | null;
}

function goals(cells: Cells, statements: Record<string, Record<string, Counted>>, rss64: number, webhooks: number | null): Goal[] {
  const at16 = (name: string, min: number): Goal => {
    const cell = cells[name]?.[16];
    const r = cell && ratio(cell.app!.rps, cell.limit!.rps);
    return {
      goal: `${name} ÷ limit @16 ≥ ${min}`,
      result: r === null || r === undefined ? 'not measured (16 connections)' : String(r),
      met: r == null ? null : r >= min,
    };
  };
  const lists = Object.keys(statements).filter((n) => n.startsWith('GET /') && n.includes('?'));
  const worst = Math.max(...lists.map((n) => statements[n]!.app!.statements));
  const one = statements['GET /leads?per_page=1']?.app?.statements;
  const hundred = statements['GET /leads?per_page=100']?.app?.statements;
  return [
    at16('GET /leads?per_page=100', 0.8),
    at16('GET /leads?per_page=1', 0.5),
    at16(PATCH, 0.6),
    at16('GET /projects/{id}', 0.6),
    {
      goal: 'statements per list request ≤ 3, equal for per_page 1 and 100',
      result: `at most ${worst}; ${one} vs ${hundred}`,
      met: worst <= 3 && one === hundred,
    },
    {
      goal: 'app RSS under 64 connections ≤ 400 MB',
      result: rss64 ? `${Math.round(rss64 / 1e6)} MB` : 'not measured (64 connections)',
      met: rss64 ? rss64 <= 400e6 : null,
    },
    { goal: 'one webhook worker ≥ 500 deliveries/s', result: webhooks === null ? 'failed' : `${webhooks}/s`, met: webhooks === null ? false : webhooks >= 500 },
    { goal: 'first and last page at BENCH_SCALE=10 ÷ at 1 ≤ 1.5', result: 'BENCH_SCALE=1,10 npm run bench', met: null },
  ];
}

/** Non-2xx answers, errors or no answer at all in a steady run: the cell did not measure what it says. */
function problems(cells: Cells): string[] {
  const out: string[] = [];
  for (const [name, byConn] of Object.entries(cells)) {
    for (const [c, got] of Object.entries(byConn)) {
      for (const [key, cell] of Object.entries(got)) {
        if (cell.requests === 0) out.push(`${name} c=${c} ${key}: no request finished within the cell (raise BENCH_DURATION)`);
        if (cell.non2xx + cell.errors > 0)
          out.push(`${name} c=${c} ${key}: ${cell.non2xx} non-2xx ${JSON.stringify(cell.statuses ?? {})}, ${cell.errors} errors of ${cell.requests}`);
      }
    }
  }
  return out;
}

function webhookBench(): number | null {
  const w = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'bench/webhook-delivery.ts'], {
    env: { ...process.env, BENCH_ONLY_PG: '1', BENCH_WEBHOOK_MESSAGES: process.env.BENCH_WEBHOOK_MESSAGES ?? '5000' },
    encoding: 'utf8',
  });
  const result = w.stdout.split('\n').find((l) => l.startsWith('{'));
  if (!result) console.error(`webhook bench failed:\n${w.stderr}`);
  return result ? (JSON.parse(result) as { deliveries_per_second: number }).deliveries_per_second : null;
}

async function fullBench(scale: number) {
  const s = await seed(scale);
  buildIfStale();
  const kinds: ServerKind[] = WITH_BASELINE ? ['app', 'limit', 'baseline'] : ['app', 'limit'];
  const targetsOf = (servers: Server[], byName: Map<string, Route>): Target[] =>
    servers.map((server) => ({ key: server.kind, origin: server.origin, token: s.token, route: (name) => byName.get(name)! }));
  const rotation = new IfMatchRotation(s.leadIds.slice(0, PATCH_LEADS), async (id) => {
    const res = await fetch(`http://127.0.0.1:${PORTS.app}${api(`/leads/${id}`)}`, { headers: { authorization: `Bearer ${s.token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET /leads/${id}: ${res.status}`);
    return res.headers.get('etag')!;
  });

  // 1. Through the counting proxy: the body check, then statements per request.
  const dbUrl = new URL(s.url);
  const proxy = await startStatementProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) });
  const proxied = new URL(s.url);
  proxied.port = String(proxy.port);
  let byName: Map<string, Route>;
  let statements: Record<string, Record<string, Counted>>;
  {
    const servers = await startAll(kinds, proxied.toString(), s);
    try {
      const app = servers[0]!.origin;
      const last = { leads: await lastPage(app, s.token, '/leads'), projects: await lastPage(app, s.token, '/projects') };
      const paths = reads(s, last);
      await bodyCheck({ app, limit: servers[1]!.origin, token: s.token, dbUrl: s.url }, s, paths);
      await rotation.start();
      byName = routes(s, paths, rotation);
      statements = await countStatements(proxy, targetsOf(servers, byName), [...byName.keys()]);
    } finally {
      await Promise.all(servers.map(stopServer));
      await proxy.close();
    }
  }
  console.table(
    Object.fromEntries(
      Object.entries(statements).map(([n, r]) => [n, Object.fromEntries(Object.entries(r).map(([k, c]) => [k, `${c.statements} (${c.parses} parses)`]))]),
    ),
  );

  // 2. Load, every server straight to PostgreSQL; the app's RSS sampled under 64 connections.
  let current = 0;
  let rss64 = 0;
  const servers = await startAll(kinds, s.url, s);
  const sampler = setInterval(() => {
    if (current === 64) rss64 = Math.max(rss64, treeRss(servers[0]!.child.pid!));
  }, 200);
  const idle = idleWaiter(SERVER, () => servers.map((server) => server.child.pid!));
  let cells: Cells;
  try {
    cells = await runCells({
      names: [...byName.keys()],
      connections: CONNECTIONS,
      targets: targetsOf(servers, byName),
      seconds: DURATION,
      warm: Math.max(2, Math.min(5, Math.round(DURATION / 2))),
      idle: () => idle.wait(),
      onConnections: (c) => (current = c),
    });
  } finally {
    clearInterval(sampler);
    await idle.close();
    await Promise.all(servers.map(stopServer));
  }

  // 3. Webhook deliveries per second, then the tables and results.json.
  const webhooks = webhookBench();
  const rows = table(cells, statements);
  const met = goals(cells, statements, rss64, webhooks);
  console.table(rows);
  console.table(met.map((g) => ({ ...g, met: g.met === null ? '—' : g.met ? 'met' : 'MISSED' })));
  const trouble = problems(cells);
  writeResults('bench', {
    date: new Date().toISOString(),
    scale,
    app_node_options: APP_NODE_OPTIONS || null,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memory_gb: Math.round(os.totalmem() / 1e9), loadavg: os.loadavg() },
    duration_seconds: DURATION,
    connections: CONNECTIONS,
    pool_max: POOL_MAX,
    base_url: BASE_URL,
    statements,
    cells,
    table: rows,
    goals: met,
    app_peak_rss_64_bytes: rss64 || null,
    webhook_deliveries_per_second: webhooks,
    problems: trouble,
  });
  if (trouble.length > 0) throw new Error(`non-2xx answers or errors under load:\n  ${trouble.join('\n  ')}`);
}

const compare = () => compareScales(SCALES, { seconds: DURATION, connections: connections('1,16') });
(SCALES.length > 1 ? compare() : fullBench(SCALES[0]!)).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
