import { sql } from 'drizzle-orm';
import journal from '@/db/migrations/meta/_journal.json';
import type { Db } from '@/db';

export interface Health {
  status: 'ok' | 'degraded';
  database: { reachable: boolean; latency_ms: number | null };
  migrations: { applied: number; pending: number; latest: string | null } | null;
}

/** A health check must answer a load balancer quickly, even when the database does not. */
const CHECK_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Drizzle's migrator applies every migration of the journal created after the newest one it has
 * recorded (`created_at` is the journal's `when`), so the same comparison tells what is pending.
 */
async function migrationState(db: Db) {
  type Row = { applied: number; newest: string | null };
  const result: unknown = await db.execute(sql`select count(*)::int as applied, max(created_at)::text as newest from drizzle.__drizzle_migrations`);
  // postgres-js answers an array of rows, PGlite an object with `rows`.
  const row = (Array.isArray(result) ? result[0] : (result as { rows: Row[] }).rows[0]) as Row;
  const newest = row.newest === null ? -1 : Number(row.newest);
  const applied = journal.entries.filter((e) => e.when <= newest);
  return { applied: row.applied, pending: journal.entries.length - applied.length, latest: applied.at(-1)?.tag ?? null };
}

export async function checkHealth(db: Db): Promise<Health> {
  const started = performance.now();
  try {
    await withTimeout(db.execute(sql`select 1`), CHECK_TIMEOUT_MS);
  } catch {
    return { status: 'degraded', database: { reachable: false, latency_ms: null }, migrations: null };
  }
  const latency = Math.round((performance.now() - started) * 10) / 10;
  let migrations: Health['migrations'];
  try {
    migrations = await withTimeout(migrationState(db), CHECK_TIMEOUT_MS);
  } catch {
    // No migrations table: nothing was ever migrated.
    migrations = { applied: 0, pending: journal.entries.length, latest: null };
  }
  return {
    status: migrations.pending === 0 ? 'ok' : 'degraded',
    database: { reachable: true, latency_ms: latency },
    migrations,
  };
}
