import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { load, type Cell, type Route } from './load';
import { treeCpuTicks } from './servers';
import type { startStatementProxy } from './statement-proxy';

// What both modes of bench/run.ts measure with: statements per request, and load cells run
// side by side on several servers.

export const api = (path: string) => `/api/2023-01${path}`;

/** The last page of a list of 100 per page, from the server's X-Total-Count. */
export async function lastPage(origin: string, token: string, path: string): Promise<number> {
  const res = await fetch(origin + api(`${path}?per_page=100`), { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return Math.max(1, Math.ceil(Number(res.headers.get('x-total-count')) / 100));
}

/** A server under measure, and how to ask it a route (a route's path may depend on the server's data). */
export interface Target {
  key: string;
  origin: string;
  token: string;
  route: (name: string) => Route;
}

/** One request of a route, outside autocannon, with the route's own per-request state. */
export async function sendOnce(target: Target, route: Route): Promise<Response> {
  const context: Record<string, unknown> = {};
  const sent = route.next ? route.next(context) : { path: route.path };
  const res = await fetch(target.origin + sent.path, {
    method: route.method,
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json', ...sent.headers },
    body: sent.body === undefined ? undefined : JSON.stringify(sent.body),
  });
  route.answered?.(context, res.status, Object.fromEntries(res.headers));
  if (!res.ok) throw new Error(`${target.key} ${route.name}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return res;
}

export interface Counted {
  statements: number;
  parses: number;
}

const SAMPLE = 9;
/**
 * Requests before counting: enough for each connection of a pool of 10 (BENCH_POOL_MAX) to have
 * prepared the route's statements, which it does at its first use of each (a Parse, then none).
 */
const WARM_UP = 25;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Statements (and Parse messages) per request, every target behind the counting proxy, one
 * request at a time after three to warm up (prepared statements, the token's first use): the
 * median of nine requests, so the token's once-a-minute last_used_at touch does not count.
 */
export async function countStatements(
  proxy: Awaited<ReturnType<typeof startStatementProxy>>,
  targets: Target[],
  names: string[],
): Promise<Record<string, Record<string, Counted>>> {
  const out: Record<string, Record<string, Counted>> = {};
  for (const name of names) {
    out[name] = {};
    for (const target of targets) {
      const route = target.route(name);
      for (let i = 0; i < WARM_UP; i++) await sendOnce(target, route);
      const samples: Counted[] = [];
      for (let i = 0; i < SAMPLE; i++) {
        const before = proxy.count();
        await sendOnce(target, route);
        const after = proxy.count();
        samples.push({ statements: after.statements - before.statements, parses: after.parses - before.parses });
      }
      out[name][target.key] = { statements: median(samples.map((c) => c.statements)), parses: median(samples.map((c) => c.parses)) };
    }
  }
  return out;
}

export type Cells = Record<string, Record<number, Record<string, Cell>>>;

/** CPU ticks (1/100 s) per quarter second under which the servers count as idle: 20% of a core. */
const IDLE_TICKS = 5;
const IDLE_TIMEOUT_MS = 120_000;

/**
 * Waits until the servers have finished what a cell left them: autocannon stops sending at the
 * cell's end, but a server still answers the requests it has (at 64 connections that is seconds
 * of work), which would slow the next cell down. Idle: next to no CPU used by the servers'
 * processes, and no query running on the bench databases, twice in a row.
 */
export function idleWaiter(adminUrl: string, pids: () => number[]) {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const busyQueries = async () =>
    Number((await sql`select count(*) as n from pg_stat_activity where datname like 'groundwork_bench%' and state <> 'idle'`)[0]!.n);
  return {
    async wait(): Promise<void> {
      const started = Date.now();
      let quiet = 0;
      while (quiet < 2) {
        const before = pids().reduce((sum, pid) => sum + treeCpuTicks(pid), 0);
        await new Promise((resolve) => setTimeout(resolve, 250));
        const ticks = pids().reduce((sum, pid) => sum + treeCpuTicks(pid), 0) - before;
        quiet = ticks < IDLE_TICKS && (await busyQueries()) === 0 ? quiet + 1 : 0;
        if (Date.now() - started > IDLE_TIMEOUT_MS) return console.warn('bench: the servers did not go idle within 120 s');
      }
    },
    close: () => sql.end(),
  };
}

export interface CellPlan {
  names: string[];
  connections: number[];
  targets: Target[];
  seconds: number;
  /** Seconds of warm-up per route and target, at 16 connections. */
  warm: number;
  /** Resolves once the servers are idle (`idleWaiter`). */
  idle: () => Promise<void>;
  /** Told the connection count of the cell under way (0 between cells), for the RSS sampler. */
  onConnections?: (connections: number) => void;
}

const line = (key: string, c: Cell) =>
  `${key} ${String(c.rps).padStart(5)} req/s p50 ${c.p50} p99 ${c.p99}${c.non2xx + c.errors ? ` (non-2xx ${c.non2xx}, errors ${c.errors})` : ''}`;

/** One cell, then the wait for idle servers, then the route's settling of what was cut off. */
async function cell(plan: CellPlan, target: Target, name: string, connections: number, seconds: number): Promise<Cell> {
  const route = target.route(name);
  plan.onConnections?.(connections);
  const got = await load(target.origin, target.token, route, connections, seconds);
  plan.onConnections?.(0);
  await plan.idle();
  await route.settle?.();
  return got;
}

/**
 * Every route at every connection count on every target, the targets taking turns (the order
 * rotated every cell) so that drift on a shared machine hits them alike.
 */
export async function runCells(plan: CellPlan): Promise<Cells> {
  const cells: Cells = {};
  let turn = 0;
  for (const name of plan.names) {
    cells[name] = {};
    for (const target of plan.targets) await cell(plan, target, name, 16, plan.warm);
    for (const connections of plan.connections) {
      const order = plan.targets.map((_, i) => plan.targets[(i + turn) % plan.targets.length]!);
      turn += 1;
      const got: Record<string, Cell> = {};
      for (const target of order) got[target.key] = await cell(plan, target, name, connections, plan.seconds);
      cells[name][connections] = got;
      console.log(`${name.padEnd(36)} c=${String(connections).padStart(2)}  ${plan.targets.map((t) => line(t.key, got[t.key]!)).join(' | ')}`);
    }
  }
  return cells;
}

const RESULTS = path.join(process.cwd(), 'bench', 'results.json');

/** bench/results.json: one mode's section replaced, the other mode's kept. */
export function writeResults(section: 'bench' | 'scale_comparison' | 'plans', data: unknown) {
  let current: Record<string, unknown> = {};
  try {
    current = JSON.parse(fs.readFileSync(RESULTS, 'utf8')) as Record<string, unknown>;
  } catch {
    // none yet
  }
  // Before the two modes, the file held the main run at its top level.
  if (!('bench' in current) && !('scale_comparison' in current) && !('plans' in current)) current = {};
  fs.writeFileSync(RESULTS, JSON.stringify({ ...current, [section]: data }, null, 2) + '\n');
  console.log(`wrote bench/results.json (${section})`);
}
