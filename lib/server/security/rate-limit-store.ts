import pg from 'pg';
import { getDatabase } from '@/lib/server/db';
import { env } from '@/lib/server/env';

// Where request and sign-in budgets are counted: rate-limiter-flexible's PostgreSQL store, on the
// api_rate_limits table (shared by every app process), through a small pg pool of its own or, on
// the embedded database, its client. The API's rate limit (lib/server/http/rate-limit.ts) and the
// sign-in throttle (lib/server/auth/sign-in-throttle.ts) both count here.

/** Anything with pg's `query({text, values})`: a `pg` pool, or the embedded database's client. */
export interface QueryClient {
  query(q: { text: string; values?: unknown[]; name?: string }): Promise<{ rows: unknown[] }>;
}
export type RateLimitStore = { kind: 'postgres'; pool: pg.Pool } | { kind: 'client'; client: QueryClient };

export const RATE_LIMIT_TABLE = 'api_rate_limits';

/**
 * rate-limiter-flexible's options for a bucket family `keyPrefix` of `points` per `duration`
 * seconds in the store: the table comes with the migrations (db/schema/api-rate-limits.ts), and
 * buckets empty for an hour are dropped every 5 minutes in the background.
 */
export function limiterStoreOptions(store: RateLimitStore, keyPrefix: string, points: number, duration: number) {
  return {
    storeClient: store.kind === 'postgres' ? store.pool : store.client,
    storeType: store.kind === 'postgres' ? 'pool' : 'client',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    clearExpiredByTimeout: true,
    keyPrefix,
    points,
    duration,
  };
}

/**
 * A pool of its own for the limiter (rate-limiter-flexible speaks `pg`, the app `postgres`). Behind
 * a transaction-mode pooler (DATABASE_POOLER=transaction) its named statements go unnamed: a
 * statement prepared on one server connection is unknown on the next.
 */
export function postgresRateLimitStore(url: string, max = 4): RateLimitStore {
  const pool = new pg.Pool({ connectionString: url, max, allowExitOnIdle: true, connectionTimeoutMillis: 5_000 });
  if (env.DATABASE_POOLER !== 'transaction') return { kind: 'postgres', pool };
  const unnamed = new Proxy(pool, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver);
      return (q: unknown, ...rest: unknown[]) => {
        if (q && typeof q === 'object' && 'name' in q) {
          const { name: _name, ...plain } = q as { name?: string };
          return (target.query as (...args: unknown[]) => unknown)(plain, ...rest);
        }
        return (target.query as (...args: unknown[]) => unknown)(q, ...rest);
      };
    },
  });
  return { kind: 'postgres', pool: unnamed };
}

/** The embedded database's client, speaking the `pg` call shape the store expects. */
export function embeddedRateLimitStore(): RateLimitStore {
  const pglite = (getDatabase().db as unknown as { $client: unknown }).$client as { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  return { kind: 'client', client: { query: (q) => pglite.query(q.text, q.values) } };
}
