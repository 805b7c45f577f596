import 'server-only';
import { openDatabase, type Database, type DatabaseConfig } from '@/db';
import { env } from './env';

// One database per process. Next.js may evaluate this module more than once (per route bundle,
// and again on hot reload), so the instance lives on globalThis: two PGlite instances on one
// data folder would corrupt it.
const globalForDb = globalThis as unknown as { __groundworkDatabase?: Database };

export function databaseConfig(): DatabaseConfig {
  if (!env.DATABASE_URL) return { kind: 'pglite', dataDir: env.PGLITE_DATA_DIR };
  const pooled = env.DATABASE_POOLER === 'transaction';
  return {
    kind: 'postgres',
    url: env.DATABASE_URL,
    directUrl: env.DATABASE_DIRECT_URL,
    poolMax: env.DATABASE_POOL_MAX,
    prepare: env.DATABASE_PREPARE && !pooled,
    // A transaction-mode pooler refuses startup parameters: set statement_timeout on the role there.
    statementTimeoutMs: pooled ? 0 : env.DATABASE_STATEMENT_TIMEOUT,
    poolWaitMs: env.DATABASE_POOL_WAIT,
  };
}

export function getDatabase(): Database {
  globalForDb.__groundworkDatabase ??= openDatabase(databaseConfig());
  return globalForDb.__groundworkDatabase;
}

/** Makes `database` this process's one: a script reaching the dev server's database through it (scripts/cli.ts). */
export function setDatabase(database: Database): void {
  globalForDb.__groundworkDatabase = database;
}

export function getDb() {
  return getDatabase().db;
}
