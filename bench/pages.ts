import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import postgres from 'postgres';
import { buildIfStale, stopServer, type Server } from './servers';

// npm run bench:pages — how soon each dashboard page shows what it is for, as a person opens it:
// the production build over the seeded demo (its own PostgreSQL database, made afresh), a real
// Chromium at 1,280 × 800 signed in as the demo admin. Each page is opened once to warm up, then
// BENCH_PAGE_LOADS (default 5) times; the time is from the navigation's start until the page's
// main heading and its first data (a row, a card, a chart, a field) are both visible. The table
// gives the median and the slowest; the goal is a median ≤ 1,000 ms for every page (issue 27).
// Lists and detail pages both arrive with their content in the server's HTML.

const LOADS = Number(process.env.BENCH_PAGE_LOADS ?? 5);
const GOAL_MS = 1_000;
const PORT = Number(process.env.BENCH_PAGES_PORT ?? 3111);
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'groundwork_bench_pages';
const origin = `http://127.0.0.1:${PORT}`;
const dbUrl = (() => {
  const u = new URL(SERVER);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();

interface PageCase {
  name: string;
  path: string;
  /** What shows the page's data once it is there. */
  data: (page: Page) => ReturnType<Page['locator']>;
}

const row = (page: Page) => page.locator('main tbody tr:visible').first();
const item = (page: Page) => page.locator('main li:visible').first();

async function firstId(resource: string, key: string, query = ''): Promise<string> {
  const res = await fetch(`${origin}/api/2023-01/${resource}?per_page=1${query}`, { headers: { cookie } });
  const body = (await res.json()) as Record<string, { id: string }[]>;
  return body[key]![0]!.id;
}

let cookie = '';

async function cases(): Promise<PageCase[]> {
  const [lead, project, company, contact] = [
    await firstId('leads', 'leads'),
    await firstId('projects', 'projects', '&sort=-amount'),
    await firstId('companies', 'companies'),
    await firstId('contacts', 'contacts'),
  ];
  return [
    { name: 'Home', path: '/', data: (p) => p.locator('main section').first() },
    { name: 'Leads (My inbox)', path: '/leads', data: row },
    { name: 'Lead', path: `/leads/${lead}`, data: (p) => p.locator('main dl dd').first() },
    { name: 'Projects board', path: '/projects', data: (p) => p.locator('main [role="region"] li').first() },
    { name: 'Projects table', path: '/projects?view=table', data: row },
    { name: 'Project', path: `/projects/${project}`, data: (p) => p.locator('main dl dd').first() },
    { name: 'Companies', path: '/companies', data: row },
    { name: 'Company', path: `/companies/${company}`, data: (p) => p.locator('main dl dd').first() },
    { name: 'Contacts', path: '/contacts', data: row },
    { name: 'Contact', path: `/contacts/${contact}`, data: (p) => p.locator('main dl dd').first() },
    { name: 'Tasks', path: '/tasks', data: item },
    { name: 'Calls', path: '/calls', data: item },
    { name: 'Forecast', path: '/forecast', data: (p) => p.locator('main table tbody tr').first() },
    { name: 'Workforce', path: '/workforce', data: row },
  ];
}

function run(cmd: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

async function freshDatabase() {
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
  await admin.unsafe(`create database ${DB_NAME}`);
  await admin.end();
  run('npx', ['tsx', '--conditions=react-server', 'scripts/seed.ts'], { DATABASE_URL: dbUrl });
}

async function startApp(): Promise<Server> {
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(PORT), '-H', '127.0.0.1'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl,
      API_RATE_LIMIT: 'off',
      PAGE_RATE_LIMIT_POINTS: '1000000',
      SIGN_IN_THROTTLE: 'off',
      WEBHOOK_WORKER: 'off',
      PUBLIC_BASE_URL: origin,
      NODE_OPTIONS: '--max-old-space-size=256',
      BETTER_AUTH_SECRET: 'groundwork-bench-secret-not-for-production-0123456789',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = fs.createWriteStream(path.join(os.tmpdir(), 'groundwork-bench-pages.log'));
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    if (await fetch(`${origin}/sign-in`).catch(() => null)) break;
    if (Date.now() - started > 60_000) throw new Error('the app did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return { kind: 'app', origin, child };
}

/** Milliseconds from the navigation's start until the heading and the first data are visible. */
async function load(page: Page, c: PageCase): Promise<number> {
  const started = performance.now();
  await page.goto(`${origin}${c.path}`, { waitUntil: 'commit' });
  await Promise.all([
    page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 30_000 }),
    c.data(page).waitFor({ state: 'visible', timeout: 30_000 }),
  ]);
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

buildIfStale();
await freshDatabase();
const app = await startApp();
const browser = await chromium.launch({
  executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel('Email').fill(process.env.SEED_ADMIN_EMAIL || 'demo@groundwork.dev');
  await page.getByLabel('Password').fill(process.env.SEED_ADMIN_PASSWORD || 'groundwork-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

  const results: { name: string; median: number; max: number }[] = [];
  for (const c of await cases()) {
    await load(page, c);
    const times: number[] = [];
    for (let i = 0; i < LOADS; i++) times.push(await load(page, c));
    results.push({ name: c.name, median: median(times), max: Math.max(...times) });
    console.log(`${c.name.padEnd(20)} median ${Math.round(median(times))} ms, slowest ${Math.round(Math.max(...times))} ms`);
  }
  console.log(`\n| Page | Median | Slowest | Goal ≤ ${GOAL_MS} ms |\n|---|---:|---:|---|`);
  for (const r of results) console.log(`| ${r.name} | ${Math.round(r.median)} ms | ${Math.round(r.max)} ms | ${r.median <= GOAL_MS ? 'met' : 'MISSED'} |`);
  const missed = results.filter((r) => r.median > GOAL_MS);
  if (missed.length) {
    console.log(`\n${missed.length} page(s) over ${GOAL_MS} ms: ${missed.map((m) => m.name).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await stopServer(app);
}
