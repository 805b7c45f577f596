import os from 'node:os';
import { checkRead } from './body-check';
import { api, idleWaiter, lastPage, runCells, writeResults, type Target } from './measure';
import { SERVER, seed, type Seeded } from './seed';
import { BASE_URL, POOL_MAX, PORTS, buildIfStale, startServer, stopServer, type Server } from './servers';

// BENCH_SCALE=1,10 npm run bench — does a page of a list cost the same on ten times the rows? The
// first and the last page of the unfiltered leads and projects lists, on each scale's database
// (bench/seed.ts), the app and the limit, p50 at each connection count: all in one run, the
// servers taking turns per cell, so the ratio compares like with like. The limit's ratio shows
// what the SQL alone does with the larger table.

const LISTS = ['/leads', '/projects'] as const;
const GOAL = 1.5;

interface ScaleOptions {
  seconds: number;
  connections: number[];
}

async function pathsOf(origin: string, token: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const list of LISTS) {
    out[`GET ${list} first page`] = api(`${list}?per_page=100`);
    out[`GET ${list} last page`] = api(`${list}?per_page=100&page=${await lastPage(origin, token, list)}`);
  }
  return out;
}

/** The app and the limit on one scale's database, ports offset by 10 per scale after the first. */
async function startScale(s: Seeded, index: number, started: Server[]) {
  const app = await startServer('app', PORTS.app + 10 * index, s.url, s, `app-x${s.scale}`);
  started.push(app);
  const limit = await startServer('limit', PORTS.limit + 10 * index, s.url, s, `limit-x${s.scale}`);
  started.push(limit);
  const paths = await pathsOf(app.origin, s.token);
  for (const [name, path] of Object.entries(paths))
    await checkRead({ app: app.origin, limit: limit.origin, token: s.token, dbUrl: s.url }, `${name} @${s.scale}`, path);
  const target = (server: Server): Target => ({
    key: `${server.kind}@${s.scale}`,
    origin: server.origin,
    token: s.token,
    route: (name) => ({ name, method: 'GET', path: paths[name]! }),
  });
  return { paths, targets: [target(app), target(limit)] };
}

export async function compareScales(scales: number[], o: ScaleOptions) {
  const seeded: Seeded[] = [];
  for (const scale of scales) seeded.push(await seed(scale));
  buildIfStale();
  const started: Server[] = [];
  try {
    const targets: Target[] = [];
    let names: string[] = [];
    for (const [i, s] of seeded.entries()) {
      const scale = await startScale(s, i, started);
      targets.push(...scale.targets);
      names = Object.keys(scale.paths);
    }
    console.log(`body check: the limit answers as the app on the ${names.length} list pages at every scale`);
    const idle = idleWaiter(SERVER, () => started.map((server) => server.child.pid!));
    const cells = await runCells({
      names,
      connections: o.connections,
      targets,
      seconds: o.seconds,
      warm: Math.max(2, Math.min(5, Math.round(o.seconds / 2))),
      idle: () => idle.wait(),
    }).finally(() => idle.close());

    const [small, large] = [scales[0]!, scales[scales.length - 1]!];
    const rows = names.flatMap((name) =>
      o.connections.map((c) => {
        const cell = cells[name]![c]!;
        // A cell no request finished in has no p50 (a request slower than the cell): no ratio.
        const p50 = (kind: string, scale: number) => {
          const got = cell[`${kind}@${scale}`]!;
          return got.requests > 0 ? got.p50 : null;
        };
        const times = (kind: string) => {
          const [a, b] = [p50(kind, small), p50(kind, large)];
          return a && b !== null ? Number((b / a).toFixed(2)) : null;
        };
        return {
          route: name,
          conns: c,
          [`app p50 @${small}`]: p50('app', small),
          [`app p50 @${large}`]: p50('app', large),
          'app ×': times('app'),
          [`limit p50 @${small}`]: p50('limit', small),
          [`limit p50 @${large}`]: p50('limit', large),
          'limit ×': times('limit'),
        };
      }),
    );
    const ratios = rows.map((r) => r['app ×']);
    const measured = ratios.every((r) => r !== null);
    const worst = Math.max(...ratios.map((r) => r ?? 0));
    const goal = {
      goal: `first and last page p50 at BENCH_SCALE=${large} ÷ at ${small} ≤ ${GOAL}`,
      result: measured ? worst : 'incomplete: a cell had no answer (raise BENCH_DURATION)',
      met: measured ? worst <= GOAL : null,
    };
    console.table(rows);
    console.table([{ ...goal, met: goal.met === null ? '—' : goal.met ? 'met' : 'MISSED' }]);
    writeResults('scale_comparison', {
      date: new Date().toISOString(),
      scales,
      machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
      duration_seconds: o.seconds,
      connections: o.connections,
      pool_max: POOL_MAX,
      base_url: BASE_URL,
      cells,
      table: rows,
      goal,
    });
  } finally {
    await Promise.all(started.map(stopServer));
  }
}
