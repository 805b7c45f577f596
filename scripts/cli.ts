import { openDatabase, type Database } from '@/db';
import { getDatabase, setDatabase } from '@/lib/server/db';
import { devDatabaseServerUrl } from '@/lib/server/dev-database-server';

// Shared plumbing of the npm scripts: open the configured database, run, close, exit non-zero on
// failure with the message only (no stack for expected errors). The embedded database is opened
// directly, or, while `npm run dev` has it open, through the dev server (lib/server/dev-database-server.ts).

let throughDevServer = false;

export function describeDatabase(): string {
  const url = process.env.DATABASE_URL;
  if (url) {
    const u = new URL(url);
    return `PostgreSQL ${u.host}${u.pathname}`;
  }
  return `embedded PGlite (${process.env.PGLITE_DATA_DIR || '.data/pglite'}${throughDevServer ? ', through the running dev server' : ''})`;
}

async function open(): Promise<Database> {
  const url = await devDatabaseServerUrl();
  if (!url) return getDatabase();
  throughDevServer = true;
  // One session: no named prepared statements left in the server's PGlite (db/pglite-server.ts).
  const database = openDatabase({ kind: 'postgres', url, poolMax: 1, prepare: false });
  setDatabase(database);
  return database;
}

export async function run(main: (database: Database) => Promise<void>) {
  let database: Database | undefined;
  try {
    database = await open();
    await main(database);
  } catch (err) {
    console.error(err instanceof Error ? `error: ${err.message}` : err);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}

/** `--name value` and `--flag` arguments. */
export function parseArgs(argv: string[]): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) out[key] = inline;
    else if (next !== undefined && !next.startsWith('--')) {
      out[key] = next;
      i++;
    } else out[key] = true;
  }
  return out;
}
