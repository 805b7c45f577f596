import fs from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { isConnectionError } from './connection-errors';
import { notedTransactionId } from './transaction-ids';
import * as schema from './schema';

export { schema };

/** A database or a transaction: every data-access function takes one of these first. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseConfig =
  | {
      kind: 'postgres';
      url: string;
      /**
       * A connection past a transaction-mode pooler, for what needs a session of its own: the job
       * queue (graphile-worker's LISTEN and prepared statements). Unset: `url`.
       */
      directUrl?: string;
      poolMax?: number;
      prepare?: boolean;
      /** Cancels any statement running longer (ms); 0 or unset: no limit. Not sent behind a pooler that refuses it. */
      statementTimeoutMs?: number;
      /** Seconds to wait for a connection to open before giving up (default 5). */
      connectTimeoutSeconds?: number;
      /**
       * Longest wait (ms) for a free connection of the pool before a query or transaction gives up
       * with POOL_WAIT_TIMEOUT (a 503); 0 or unset: no limit.
       */
      poolWaitMs?: number;
      /**
       * A read replica (a hot standby): no transaction may write, so none notes its id for the
       * lost-COMMIT bookkeeping below (a standby cannot assign one).
       */
      replica?: boolean;
      /** Opens each connection's socket (fault tests intercept the wire with it). */
      socket?: () => Socket;
    }
  /** `dataDir` is a folder, or `memory://` for a throwaway in-memory database. */
  | { kind: 'pglite'; dataDir: string };

export interface Database {
  kind: DatabaseConfig['kind'];
  db: Db;
  /** The server's connection string (kind `postgres`): the job queue opens connections of its own to it. */
  url?: string;
  /** The connection string past the pooler (kind `postgres`), when there is one: the job queue's. */
  directUrl?: string;
  /** Whether statements are prepared (not behind a transaction-mode pooler). */
  prepare?: boolean;
  /** The embedded instance (kind `pglite`), which the dev server also serves to the npm scripts (lib/server/dev-database-server.ts). */
  pglite?: PGlite;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

// Counts every statement Drizzle sends, so tests and the benchmark can check queries per request.
const counter = { statements: 0, txids: 0 };
const TXID_QUERY = 'select txid_current()::text as txid';
const countingLogger: Logger = {
  logQuery(query) {
    // The lost-COMMIT bookkeeping below is ours, not the caller's statement: counted apart.
    if (query === TXID_QUERY) counter.txids += 1;
    else counter.statements += 1;
  },
};
export function statementCount(): number {
  return counter.statements;
}
/** The transactions that asked their id in a statement of its own (none noted it: db/transaction-ids.ts). */
export function txidQueryCount(): number {
  return counter.txids;
}

export function openDatabase(config: DatabaseConfig): Database {
  if (config.kind === 'postgres') {
    const options = (statementTimeoutMs: number | undefined, max: number) =>
      ({
        max,
        prepare: config.prepare ?? true,
        // Bounds the wait when the server is down or unreachable: no request hangs on a dead database.
        connect_timeout: config.connectTimeoutSeconds ?? 5,
        // Seconds before a closed connection reconnects. postgres.js's default grows with a retry
        // count shared by the whole pool, to 10-20 s after a restart closed every connection at once:
        // requests queued meanwhile would wait that long. Retry within a second instead.
        backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
        onnotice: () => {},
        connection: {
          TimeZone: 'UTC',
          ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
          // Prepared statements keep one generic plan. Under `auto` PostgreSQL plans the list
          // statements again at every execution (their custom plans look cheaper), 12-20 ms of
          // planning for 2-8 ms of work; generic plans measured as fast or faster on every list.
          ...((config.prepare ?? true) ? { plan_cache_mode: 'force_generic_plan' } : {}),
        },
        // postgres.js supports it; its types do not declare it.
        ...(config.socket ? ({ socket: config.socket } as object) : {}),
      }) satisfies postgres.Options<Record<string, never>>;
    const client = postgres(config.url, options(config.statementTimeoutMs, config.poolMax ?? 10));
    const db = drizzlePostgres({ client: wrapUnsafe(client, config.prepare ?? true, config.poolWaitMs), schema, logger: countingLogger });
    if (!config.replica) resolveLostCommits(db, config.poolWaitMs);
    return {
      kind: 'postgres',
      db,
      url: config.url,
      directUrl: config.directUrl,
      prepare: config.prepare ?? true,
      // Migrations may build indexes for longer than a request may run: their own connection, unbounded.
      migrate: async () => {
        const own = postgres(config.url, options(undefined, 1));
        try {
          await migratePostgres(drizzlePostgres({ client: own, schema }), { migrationsFolder });
        } finally {
          await own.end({ timeout: 5 });
        }
      },
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
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** How long a lost COMMIT's outcome is looked for after the connection dropped (ms). */
const COMMIT_RESOLVE_MS = 7_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * If the connection dies while COMMIT is in flight, the transaction may or may not have committed.
 * Answering an error for a write that happened (or 2xx for one that did not) would lie to the
 * client, so every transaction notes its id (`txid_current()`: answered by its events' insert, or
 * asked last thing before COMMIT) and, on a connection error after that point, asks a new
 * connection what became of it (`txid_status`):
 * committed → the transaction's result stands; aborted → the error stands (the route answers 503).
 */
function resolveLostCommits(db: Db, poolWaitMs = 0) {
  const transaction = db.transaction.bind(db);
  db.transaction = async function resolvingTransaction(run, config) {
    let txid: string | undefined;
    let result: Awaited<ReturnType<typeof run>> | undefined;
    // A transaction that got no connection within poolWaitMs gives up; if one frees up later, the
    // abandoned transaction rolls back at once instead of running for a caller who left.
    let started = false;
    let abandoned = false;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<never>((_, reject) => {
      if (poolWaitMs > 0) {
        timer = setTimeout(() => {
          if (started) return;
          abandoned = true;
          reject(poolWaitTimeout(poolWaitMs));
        }, poolWaitMs);
      }
    });
    try {
      const work = transaction(async (tx) => {
        started = true;
        clearTimeout(timer);
        if (abandoned) throw poolWaitTimeout(poolWaitMs);
        result = await run(tx);
        // Noted by a statement of the transaction (its events' insert), else asked now.
        txid = notedTransactionId(tx) ?? ((await tx.execute(sql.raw(TXID_QUERY))) as unknown as { txid: string }[])[0]!.txid;
        return result;
      }, config);
      work.catch(() => {}); // settled by the race below, or abandoned
      return await Promise.race([work, waited]);
    } catch (err) {
      if (txid === undefined || !isConnectionError(err)) throw err;
      const status = await commitStatus(db, txid);
      if (status === 'committed') return result!;
      throw err;
    } finally {
      clearTimeout(timer);
    }
  } as Db['transaction'];
}

function poolWaitTimeout(ms: number) {
  return Object.assign(new Error(`no database connection free within ${ms} ms`), { code: 'POOL_WAIT_TIMEOUT' });
}

/**
 * Every query Drizzle sends goes through postgres.js's `unsafe`, which never prepares unless told to
 * (Drizzle asks only for its named `.prepare()` statements): each request would plan its statements
 * again, and the leads page spends 20-90 ms planning for 3-15 ms executing (twelve joins). Here
 * they are prepared on each connection the first time it sees them, and PostgreSQL reuses the plan
 * (its plan cache picks a generic plan once custom ones stop paying). Not behind a
 * transaction-mode pooler (`prepare` false): a statement prepared on one server connection is
 * unknown on the next.
 *
 * postgres.js also queues a query until a connection of the pool is free, for as long as it takes.
 * Here a query still queued after `poolWaitMs` is cancelled (it never reached the server) and fails
 * with POOL_WAIT_TIMEOUT (not inside a transaction, which holds its connection already). Queries
 * that started are bounded by statement_timeout instead.
 */
function wrapUnsafe(client: postgres.Sql, prepare: boolean, poolWaitMs = 0): postgres.Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      // A transaction's statements go through the connection-bound `sql` postgres.js hands its
      // callback (and a savepoint's): wrapped too, or every statement of a write is planned anew.
      if (key === 'begin' || key === 'savepoint') {
        const open = Reflect.get(target, key, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          const body = args.at(-1) as (tx: postgres.Sql) => unknown;
          return open.apply(target, [...args.slice(0, -1), (tx: postgres.Sql) => body(wrapUnsafe(tx, prepare))]);
        };
      }
      if (key !== 'unsafe') return Reflect.get(target, key, receiver);
      return (query: string, params?: postgres.ParameterOrJSON<never>[], options: postgres.UnsafeQueryOptions = {}) => {
        // Behind a pooler not even Drizzle's named `.prepare()` statements are prepared.
        const pending = target.unsafe(query, params, { ...options, prepare });
        if (poolWaitMs > 0) boundPoolWait(pending, poolWaitMs);
        return pending;
      };
    },
  });
}

/** Cancels `query` if it has not reached a connection after `poolWaitMs`. */
function boundPoolWait(query: object, poolWaitMs: number): void {
  const internal = query as unknown as { state: unknown; reject: (err: unknown) => void; cancel: () => void };
  const timer = setTimeout(() => {
    if (internal.state !== null) return; // on a connection already
    const reject = internal.reject;
    internal.reject = () => reject(poolWaitTimeout(poolWaitMs));
    internal.cancel();
  }, poolWaitMs);
  // Not awaited here: awaiting would run the query before the caller's `.values()`.
  timer.unref();
}

/** `committed`, `aborted`, `in progress`, or null when the database stayed out of reach. */
async function commitStatus(db: Db, txid: string): Promise<string | null> {
  const deadline = Date.now() + COMMIT_RESOLVE_MS;
  while (Date.now() < deadline) {
    try {
      // Each try ends by the deadline too: a connection that takes its whole connect_timeout to
      // fail must not stretch the caller's wait past it.
      const asked = Promise.resolve(db.execute(sql`select txid_status(${txid}::bigint) as status`)); // run once
      asked.catch(() => {});
      const late = new Promise<never>((_, reject) => {
        const timer = setTimeout(
          () => reject(Object.assign(new Error('commit status unknown by the deadline'), { code: 'CONNECT_TIMEOUT' })),
          Math.max(0, deadline - Date.now()),
        );
        void asked.then(
          () => clearTimeout(timer),
          () => clearTimeout(timer),
        );
      });
      const rows = (await Promise.race([asked, late])) as unknown as { status: string | null }[];
      const status = rows[0]?.status ?? null;
      // In progress: the old backend has not noticed yet that its client is gone; it will abort.
      if (status !== 'in progress') return status;
    } catch (err) {
      if (!isConnectionError(err)) throw err;
    }
    await sleep(200);
  }
  return null;
}
