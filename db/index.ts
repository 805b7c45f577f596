import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

export { schema };

/** A database or a transaction: every data-access function takes one of these first. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; poolMax?: number; prepare?: boolean }
  /** `dataDir` is a folder, or `memory://` for a throwaway in-memory database. */
  | { kind: 'pglite'; dataDir: string };

export interface Database {
  kind: DatabaseConfig['kind'];
  db: Db;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

// Counts every statement Drizzle sends, so tests and the benchmark can check queries per request.
const counter = { statements: 0 };
const countingLogger: Logger = {
  logQuery() {
    counter.statements += 1;
  },
};
export function statementCount(): number {
  return counter.statements;
}

export function openDatabase(config: DatabaseConfig): Database {
  if (config.kind === 'postgres') {
    const client = postgres(config.url, {
      max: config.poolMax ?? 10,
      prepare: config.prepare ?? true,
      onnotice: () => {},
      connection: { TimeZone: 'UTC' },
    });
    const db = drizzlePostgres({ client, schema, logger: countingLogger });
    return {
      kind: 'postgres',
      db,
      migrate: () => migratePostgres(db, { migrationsFolder }),
      close: () => client.end({ timeout: 5 }),
    };
  }
  // PGlite creates its own folder but not the parents of it (a fresh clone has no .data/).
  if (!config.dataDir.includes('://')) fs.mkdirSync(path.dirname(path.resolve(config.dataDir)), { recursive: true });
  const client = new PGlite(config.dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema, logger: countingLogger });
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
