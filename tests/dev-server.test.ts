import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

// `npm run dev -- -p <port>` as a newcomer runs it, on an embedded database of its own: the banner
// carries the port it serves on, Better Auth gets its base URL, and `npm run token:create` works
// while the server runs (through the dev server's wire server) and mints a token the server takes.

const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'groundwork-dev-'));
const dataDir = path.join(dir, 'pglite');
let server: ChildProcess | undefined;
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** This process's environment for a development server on its own database. */
function devEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' };
  // vitest's NODE_ENV=test, the suite's database and anything that would choose the origin.
  for (const key of ['NODE_ENV', 'DATABASE_URL', 'PUBLIC_BASE_URL', 'PORT', 'HOSTNAME']) delete env[key];
  return env;
}

/**
 * `probe`'s first truthy value, polled; fails after `ms` (with the server's output). Generous: a
 * newcomer's first run is on a busy laptop, where migrating, seeding and compiling take minutes.
 */
async function until<T>(what: string, probe: () => T, ms = 300_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${ms / 1000} s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(() => {
  if (server?.pid && groupAlive(server.pid)) process.kill(-server.pid, 'SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

it('prints its real origin, serves its database to token:create, and stops cleanly', async () => {
  const port = await freePort();
  // Its own process group, so the whole tree (npm, tsx, next dev, its server) is stopped at the end.
  server = spawn('npm', ['run', 'dev', '--', '-p', String(port)], { cwd: root, env: devEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr!.on('data', (c: Buffer) => (output += c.toString()));

  const banner = await until('banner', () => /Sign in:\s+(\S+)[\s\S]*Try:\s+curl .* "(\S+)"\n/.exec(output));
  expect(banner[1]).toBe(`http://localhost:${port}/sign-in`);
  expect(banner[2]).toBe(`http://localhost:${port}/api/2023-01/leads?per_page=2`);

  // The server's process writes its database's address once it serves it.
  const addressFile = `${dataDir}.server.json`;
  await until('database server', () => fs.existsSync(addressFile));
  const minted = await promisify(execFile)('npm', ['run', '--silent', 'token:create', '--', '--name', 'dev-server test'], { cwd: root, env: devEnv() });
  const token = minted.stdout.trim().split('\n').at(-1)!;
  expect(token).toMatch(/^gw_/);

  const leads = await fetch(`http://127.0.0.1:${port}/api/2023-01/leads?per_page=1`, { headers: { authorization: `Bearer ${token}` } });
  expect(leads.status).toBe(200);
  // Better Auth builds its context on first use: it warns then when it has no base URL.
  expect((await fetch(`http://127.0.0.1:${port}/api/auth/get-session`)).status).toBe(200);
  expect(output).not.toContain('Base URL is not set');

  // As Ctrl-C in a terminal does: the signal reaches every process of the group.
  process.kill(-server.pid!, 'SIGTERM');
  await until('exit of every process', () => !groupAlive(server!.pid!), 120_000);
  expect(fs.existsSync(addressFile)).toBe(false);
}, 900_000);
