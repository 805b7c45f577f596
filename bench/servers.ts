import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The servers the bench runs side by side, each its own process: the app (`next start` of the
// production build), the limit (bench/limit.ts) and the framework-only baseline (bench/baseline.ts).

const root = process.cwd();
export const POOL_MAX = Number(process.env.BENCH_POOL_MAX ?? 10);
/** As `npm start` runs the app (a 256 MB heap); BENCH_APP_NODE_OPTIONS='' measures it uncapped. */
export const APP_NODE_OPTIONS = process.env.BENCH_APP_NODE_OPTIONS ?? '--max-old-space-size=256';
/** The origin of the app's Link headers and webhook URLs (production requires one), and the limit's. */
export const BASE_URL = 'http://bench.invalid';

export type ServerKind = 'app' | 'limit' | 'baseline';

export const PORTS: Record<ServerKind, number> = {
  app: Number(process.env.BENCH_APP_PORT ?? 3101),
  baseline: Number(process.env.BENCH_BASELINE_PORT ?? 3102),
  limit: Number(process.env.BENCH_LIMIT_PORT ?? 3103),
};

export interface Server {
  kind: ServerKind;
  origin: string;
  child: ChildProcess;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

export function buildIfStale() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  const sources = Math.max(...['app', 'components', 'lib', 'db'].map((d) => newestMtime(path.join(root, d))));
  if (fs.existsSync(buildId) && fs.statSync(buildId).mtimeMs > sources) return console.log('build: .next is up to date');
  console.log('build: next build …');
  const r = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error('next build failed');
}

/** A process and its descendants (next start may fork), from /proc. */
function processTree(pid: number): number[] {
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
  const out: number[] = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    out.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return out;
}

/** Sums a number read from each process of the tree (0 for one that is gone). */
function sumOverTree(pid: number, read: (p: number) => number): number {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      total += read(p);
    } catch {
      // gone
    }
  }
  return total;
}

/** Resident memory of a process and its descendants. */
export function treeRss(pid: number): number {
  return sumOverTree(pid, (p) => Number(fs.readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) * 1024);
}

/** CPU time (user + system, clock ticks) of a process and its descendants. */
export function treeCpuTicks(pid: number): number {
  return sumOverTree(pid, (p) => {
    const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
  });
}

function environment(kind: ServerKind, dbUrl: string, port: number, seeded: { accountId: number; userId: number }): Record<string, string> {
  switch (kind) {
    case 'app':
      return {
        NODE_ENV: 'production',
        DATABASE_URL: dbUrl,
        DATABASE_POOL_MAX: String(POOL_MAX),
        API_RATE_LIMIT: 'off',
        WEBHOOK_WORKER: 'off',
        PUBLIC_BASE_URL: BASE_URL,
        ...(APP_NODE_OPTIONS ? { NODE_OPTIONS: APP_NODE_OPTIONS } : {}),
        BETTER_AUTH_SECRET: 'groundwork-bench-secret-not-for-production-0123456789',
      };
    case 'limit':
      return { LIMIT_DATABASE_URL: dbUrl, LIMIT_POOL_MAX: String(POOL_MAX), LIMIT_BASE_URL: BASE_URL, LIMIT_PORT: String(port) };
    case 'baseline':
      return {
        BASELINE_DATABASE_URL: dbUrl,
        BASELINE_ACCOUNT_ID: String(seeded.accountId),
        BASELINE_USER_ID: String(seeded.userId),
        BASELINE_POOL_MAX: String(POOL_MAX),
        BASELINE_PORT: String(port),
        BASELINE_BASE_URL: BASE_URL,
      };
  }
}

function command(kind: ServerKind, port: number): string[] {
  if (kind === 'app') return ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'];
  return ['--conditions=react-server', '--import', 'tsx', `bench/${kind}.ts`];
}

async function waitFor(server: Server, token: string) {
  const url = `${server.origin}/api/2023-01/leads?per_page=1`;
  const started = Date.now();
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`${server.kind} exited with ${server.child.exitCode}`);
    try {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() - started > 60_000) throw new Error(`${server.kind} did not answer ${url} within 60 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts a server on `port` against `dbUrl` (under `node`, this one's by default) and waits until it answers; its output goes to a log file. */
export async function startServer(
  kind: ServerKind,
  port: number,
  dbUrl: string,
  seeded: { accountId: number; userId: number; token: string },
  label: string = kind,
  node: string = process.execPath,
): Promise<Server> {
  if (await fetch(`http://127.0.0.1:${port}/`).catch(() => null)) throw new Error(`port ${port} (${label}) is taken`);
  const child = spawn(node, command(kind, port), {
    env: { ...process.env, ...environment(kind, dbUrl, port, seeded) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = fs.createWriteStream(path.join(os.tmpdir(), `groundwork-bench-${label}.log`));
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const server = { kind, origin: `http://127.0.0.1:${port}`, child };
  try {
    await waitFor(server, seeded.token);
  } catch (err) {
    await stopServer(server);
    throw err;
  }
  return server;
}

export async function stopServer(server: Server) {
  const { child } = server;
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
