import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { servePglite } from '@/db/pglite-server';
import { getDatabase } from './db';
import { env } from './env';

// `npm run dev` on the embedded database: the dev server's process owns the PGlite folder, and
// serves it over PostgreSQL's wire protocol on 127.0.0.1 (db/pglite-server.ts), so `npm run
// token:create`, `db:seed`, `oauth:create-app`… work while it runs (scripts/cli.ts connects through
// it). Its port and a password are in `<PGLITE_DATA_DIR>.server.json`, readable by this user only,
// removed when the server exits. Only in development, never on PostgreSQL.

interface Address {
  port: number;
  password: string;
  pid: number;
}

/** `<PGLITE_DATA_DIR>.server.json`; null on PostgreSQL or an in-memory database. */
export function devDatabaseAddressFile(): string | null {
  if (env.DATABASE_URL || env.PGLITE_DATA_DIR.includes('://')) return null;
  return `${path.resolve(env.PGLITE_DATA_DIR)}.server.json`;
}

const holder = globalThis as unknown as { __groundworkDevDatabaseServer?: Promise<void> };

/** From instrumentation.ts: opens the database and serves it, in `next dev` on a PGlite folder. */
export function startDevDatabaseServer(): Promise<void> {
  holder.__groundworkDevDatabaseServer ??= (async () => {
    const file = devDatabaseAddressFile();
    if (env.NODE_ENV !== 'development' || !file) return;
    const pglite = getDatabase().pglite;
    if (!pglite) return;
    const password = randomBytes(24).toString('base64url');
    const server = await servePglite(pglite, { password });
    // Removed first: a file left by a killed server keeps its permissions on rewrite.
    fs.rmSync(file, { force: true });
    fs.writeFileSync(file, JSON.stringify({ port: server.port, password, pid: process.pid } satisfies Address), { mode: 0o600 });
    process.once('exit', () => fs.rmSync(file, { force: true }));
  })().catch((err: unknown) => {
    console.error('[database] the embedded database is not served to the npm scripts:', err instanceof Error ? err.message : err);
  });
  return holder.__groundworkDevDatabaseServer;
}

function readAddress(file: string): Address | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Address;
  } catch {
    return null;
  }
}

/** After `next dev` stopped (scripts/dev.ts): its server may have been killed before removing the file. */
export function removeStaleDevDatabaseAddress(): void {
  const file = devDatabaseAddressFile();
  const address = file && readAddress(file);
  if (address && !isRunning(address.pid)) fs.rmSync(file, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', timeout: 1_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** The connection string of a running dev server's embedded database, or null when none serves it. */
export async function devDatabaseServerUrl(): Promise<string | null> {
  const file = devDatabaseAddressFile();
  if (!file) return null;
  const address = readAddress(file);
  // A file left by a server that was killed (SIGKILL) points at nothing, or at someone else's port.
  if (!address || !isRunning(address.pid) || !(await accepts(address.port))) return null;
  return `postgres://groundwork:${encodeURIComponent(address.password)}@127.0.0.1:${address.port}/postgres`;
}
