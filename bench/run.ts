import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, type Cell, type Route } from './load';
import { seed } from './seed';
import { startStatementProxy } from './statement-proxy';

// npm run bench — the API (production build, `next start`) against a bare node:http baseline that
// calls the same services, side by side in one run: autocannon at 1, 16 and 64 connections,
// alternating app and baseline per cell; statements per request counted through a PostgreSQL
// wire-protocol proxy; peak RSS of the app; webhook deliveries per second (bench/webhook-delivery.ts).
// BENCH_DURATION: seconds per cell (default 10); BENCH_CONNECTIONS: e.g. "16" (default "1,16,64").

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,16,64').split(',').map(Number);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3101);
const BASELINE_PORT = Number(process.env.BENCH_BASELINE_PORT ?? 3102);
const POOL_MAX = Number(process.env.BENCH_POOL_MAX ?? 10);
const SAMPLE = 10;
const root = process.cwd();

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function buildIfStale() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  const sources = Math.max(...['app', 'components', 'lib', 'db'].map((d) => newestMtime(path.join(root, d))));
  if (fs.existsSync(buildId) && fs.statSync(buildId).mtimeMs > sources) return console.log('build: .next is up to date');
  console.log('build: next build …');
  const r = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error('next build failed');
}

function treeRss(pid: number): number {
  // The process and its descendants (next start may fork), from /proc.
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const m = fs.readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
      total += m ? Number(m[1]) * 1024 : 0;
    } catch {
      // gone
    }
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}

async function waitFor(url: string, token: string, child: ChildProcess, label: string) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() - started > 60_000) throw new Error(`${label} did not answer ${url} within 60 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function start(label: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = fs.createWriteStream(path.join(os.tmpdir(), `groundwork-bench-${label}.log`));
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

const APP_NODE_OPTIONS = process.env.BENCH_APP_NODE_OPTIONS ?? '--max-old-space-size=256';

async function main() {
  const s = await seed();
  buildIfStale();
  const dbUrl = new URL(s.url);
  const apiOrigin = (port: number) => `http://127.0.0.1:${port}`;
  const appEnv = (url: string) => ({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATABASE_POOL_MAX: String(POOL_MAX),
    API_RATE_LIMIT: 'off',
    WEBHOOK_WORKER: 'off',
    // As `npm start` runs it (a 256 MB heap); BENCH_APP_NODE_OPTIONS='' measures it uncapped.
    ...(APP_NODE_OPTIONS ? { NODE_OPTIONS: APP_NODE_OPTIONS } : {}),
    BETTER_AUTH_SECRET: 'groundwork-bench-secret-not-for-production-0123456789',
  });
  const baselineEnv = (url: string) => ({
    BASELINE_DATABASE_URL: url,
    BASELINE_ACCOUNT_ID: String(s.accountId),
    BASELINE_USER_ID: String(s.userId),
    BASELINE_POOL_MAX: String(POOL_MAX),
    BASELINE_PORT: String(BASELINE_PORT),
  });
  const startApp = (url: string) => start('app', ['node_modules/next/dist/bin/next', 'start', '-p', String(APP_PORT), '-H', '127.0.0.1'], appEnv(url));
  const startBaseline = (url: string) => start('baseline', ['--import', 'tsx', 'bench/baseline.ts'], baselineEnv(url));

  const taken = await fetch(`${apiOrigin(BASELINE_PORT)}/`).catch(() => null);
  if (taken) throw new Error(`port ${BASELINE_PORT} is taken`);

  // The last page of the first list, from its total.
  let lastPage = 990;
  const routes = (): Route[] => [
    { name: 'GET /leads?per_page=100', method: 'GET', path: '/api/2023-01/leads?per_page=100' },
    { name: 'GET /leads?per_page=100&page=last', method: 'GET', path: `/api/2023-01/leads?per_page=100&page=${lastPage}` },
    { name: 'GET /projects/{id}', method: 'GET', path: `/api/2023-01/projects/${s.projectId}` },
    { name: 'GET /tasks?project_id=…', method: 'GET', path: `/api/2023-01/tasks?project_id=${s.taskProjectId}` },
    {
      name: 'PATCH /leads/{id}',
      method: 'PATCH',
      path: `/api/2023-01/leads/${s.leadIds[0]}`,
      pathFor: (n) => `/api/2023-01/leads/${s.leadIds[n % s.leadIds.length]}`,
      body: (n) => ({ lead: { name: `Lead patched ${n}`, value_in_cents: n } }),
    },
    {
      name: 'POST /contacts',
      method: 'POST',
      path: '/api/2023-01/contacts',
      body: (n) => ({ contact: { first_name: `Bench${n}`, last_name: 'Contact', email: `bench${n}@example.com`, company_id: s.contactCompanyId } }),
    },
  ];

  // 1. Statements per request: both servers through the counting proxy, one request at a time.
  const proxy = await startStatementProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) });
  const proxied = new URL(s.url);
  proxied.port = String(proxy.port);
  const statements: Record<string, { app: number; baseline: number }> = {};
  {
    const app = startApp(proxied.toString());
    const baseline = startBaseline(proxied.toString());
    try {
      await waitFor(`${apiOrigin(APP_PORT)}/api/2023-01/leads?per_page=1`, s.token, app, 'app');
      await waitFor(`${apiOrigin(BASELINE_PORT)}/api/2023-01/leads?per_page=1`, s.token, baseline, 'baseline');
      const head = await fetch(`${apiOrigin(APP_PORT)}/api/2023-01/leads?per_page=100`, { headers: { authorization: `Bearer ${s.token}` } });
      lastPage = Math.ceil(Number(head.headers.get('x-total-count')) / 100);
      const counted: Route[] = [...routes(), { name: 'GET /leads?per_page=1', method: 'GET', path: '/api/2023-01/leads?per_page=1' }];
      for (const route of counted) {
        const row = { app: 0, baseline: 0 };
        for (const [key, port] of [['app', APP_PORT], ['baseline', BASELINE_PORT]] as const) {
          const send = async (n: number) => {
            const res = await fetch(apiOrigin(port) + (route.pathFor ? route.pathFor(n) : route.path), {
              method: route.method,
              headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
              body: route.body ? JSON.stringify(route.body(n)) : undefined,
            });
            if (!res.ok) throw new Error(`${key} ${route.name}: ${res.status} ${await res.text()}`);
            await res.arrayBuffer();
          };
          for (let i = 0; i < 3; i++) await send(1_000_000 + i); // warm: prepared statements, first token use
          const before = proxy.count();
          for (let i = 0; i < SAMPLE; i++) await send(2_000_000 + i);
          row[key] = Math.round(((proxy.count() - before) / SAMPLE) * 10) / 10;
        }
        statements[route.name] = row;
      }
    } finally {
      await stop(app);
      await stop(baseline);
      await proxy.close();
    }
  }
  console.table(statements);

  // 2. Load: app and baseline straight to PostgreSQL, alternating per cell.
  const cells: Record<string, Record<number, { app: Cell; baseline: Cell }>> = {};
  let peakRss = 0;
  let peakRss64 = 0;
  const app = startApp(s.url);
  const baseline = startBaseline(s.url);
  const sampler = setInterval(() => {
    const rss = treeRss(app.pid!);
    peakRss = Math.max(peakRss, rss);
    if (currentConnections === 64) peakRss64 = Math.max(peakRss64, rss);
  }, 200);
  let currentConnections = 0;
  try {
    await waitFor(`${apiOrigin(APP_PORT)}/api/2023-01/leads?per_page=1`, s.token, app, 'app');
    await waitFor(`${apiOrigin(BASELINE_PORT)}/api/2023-01/leads?per_page=1`, s.token, baseline, 'baseline');
    const warm = Math.max(2, Math.min(5, Math.round(DURATION / 2)));
    for (const route of routes()) {
      cells[route.name] = {};
      await load(apiOrigin(APP_PORT), s.token, route, 16, warm);
      await load(apiOrigin(BASELINE_PORT), s.token, route, 16, warm);
      for (const [i, connections] of CONNECTIONS.entries()) {
        currentConnections = connections;
        // A/B alternating, the order flipped every cell so drift hits both alike.
        const order = i % 2 === 0 ? (['app', 'baseline'] as const) : (['baseline', 'app'] as const);
        const got: Partial<{ app: Cell; baseline: Cell }> = {};
        for (const key of order) got[key] = await load(apiOrigin(key === 'app' ? APP_PORT : BASELINE_PORT), s.token, route, connections, DURATION);
        cells[route.name]![connections] = got as { app: Cell; baseline: Cell };
        const { app: a, baseline: b } = got as { app: Cell; baseline: Cell };
        console.log(
          `${route.name.padEnd(36)} c=${String(connections).padStart(2)}  app ${String(a.rps).padStart(5)} req/s p50 ${a.p50} ms p99 ${a.p99} ms` +
            `  | baseline ${String(b.rps).padStart(5)} req/s p50 ${b.p50} ms p99 ${b.p99} ms  | ×${(a.rps / b.rps).toFixed(2)}` +
            (a.non2xx + a.errors + b.non2xx + b.errors ? `  (non-2xx/errors: app ${a.non2xx}/${a.errors}, baseline ${b.non2xx}/${b.errors})` : ''),
        );
        currentConnections = 0;
      }
    }
  } finally {
    clearInterval(sampler);
    await stop(app);
    await stop(baseline);
  }

  // 3. Webhook deliveries per second: one worker, a local receiver answering 200 at once.
  let webhooks: { deliveries_per_second: number; messages: number; seconds: number } | null = null;
  const load1 = os.loadavg()[0]!;
  const w = spawnSync(process.execPath, ['--import', 'tsx', 'bench/webhook-delivery.ts'], {
    env: { ...process.env, BENCH_ONLY_PG: '1', BENCH_WEBHOOK_MESSAGES: process.env.BENCH_WEBHOOK_MESSAGES ?? '5000' },
    encoding: 'utf8',
  });
  const line = w.stdout.split('\n').find((l) => l.startsWith('{'));
  if (line) webhooks = JSON.parse(line);
  else console.error(`webhook bench failed:\n${w.stderr}`);

  // 4. The table and results.json.
  const first = cells['GET /leads?per_page=100']!;
  const last = cells['GET /leads?per_page=100&page=last']!;
  const table = Object.entries(cells).flatMap(([name, byConn]) =>
    Object.entries(byConn).map(([c, { app: a, baseline: b }]) => ({
      route: name,
      conns: Number(c),
      'app req/s': a.rps,
      'app p50/p99 ms': `${a.p50}/${a.p99}`,
      'base req/s': b.rps,
      'base p50/p99 ms': `${b.p50}/${b.p99}`,
      'app÷base': Number((a.rps / b.rps).toFixed(2)),
      'stmts app/base': `${statements[name]?.app}/${statements[name]?.baseline}`,
    })),
  );
  const lastOverFirst = Object.fromEntries(CONNECTIONS.map((c) => [c, Number((last[c]!.app.p50 / Math.max(first[c]!.app.p50, 0.01)).toFixed(2))]));
  const summary = {
    'leads list app÷baseline @16': first[16] ? Number((first[16].app.rps / first[16].baseline.rps).toFixed(2)) : null,
    'leads list app÷baseline @64': first[64] ? Number((first[64].app.rps / first[64].baseline.rps).toFixed(2)) : null,
    'last÷first page p50 (app)': lastOverFirst,
    'statements /leads per_page=1 vs 100': `${statements['GET /leads?per_page=1']?.app} vs ${statements['GET /leads?per_page=100']?.app}`,
    'PATCH app÷baseline': Object.fromEntries(CONNECTIONS.map((c) => [c, Number((cells['PATCH /leads/{id}']![c]!.app.rps / cells['PATCH /leads/{id}']![c]!.baseline.rps).toFixed(2))])),
    'app peak RSS MB (64 conns)': Math.round((peakRss64 || peakRss) / 1e6),
    'webhook deliveries/s': webhooks?.deliveries_per_second ?? null,
    'load average (1 min) at webhook run': Number(load1.toFixed(2)),
  };
  console.table(table);
  console.table(summary);
  const results = {
    date: new Date().toISOString(),
    app_node_options: APP_NODE_OPTIONS || null,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memory_gb: Math.round(os.totalmem() / 1e9), loadavg: os.loadavg() },
    duration_seconds: DURATION,
    connections: CONNECTIONS,
    pool_max: POOL_MAX,
    statements,
    cells,
    summary,
    webhooks,
  };
  fs.writeFileSync(path.join(root, 'bench', 'results.json'), JSON.stringify(results, null, 2) + '\n');
  console.log('wrote bench/results.json');
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
