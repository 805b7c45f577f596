import 'server-only';
import { isConnectionError } from '@/db/connection-errors';
import { openDatabase, type Database, type Db } from '@/db';
import { noteWrite, replicaPosition, wroteWithin } from '@/db/queries/recent-writes';
import { ServiceError } from '@/lib/server/services/errors';
import type { CallerContext } from '@/lib/server/services/context';
import { databaseConfig, getDb } from './db';
import { env } from './env';
import { parseLsn } from '@/lib/shared/lsn';

// Read replicas (docs/scaling.md, "Read replicas"). With DATABASE_REPLICA_URL set, the API's reads
// (GET) are served by a replica when that cannot show the caller anything older than what it
// wrote; every write, every read inside a write, and what must be exact (tokens, sessions, rate
// limits, idempotency) stay on the primary. Read-your-writes:
// - each write answers `X-Groundwork-LSN`, the primary's WAL position once it committed;
// - a read that sends it back as `X-Groundwork-Min-LSN` goes to a replica that has replayed that
//   far, else to the primary;
// - a read without it, from a caller (token, or user of a session) that wrote in the last
//   RECENT_WRITE_MS, goes to the primary (recent_writes, on the primary, shared by every instance).
// A replica that is down, or further behind than DATABASE_REPLICA_MAX_LAG_MS, is skipped. Each
// process asks each replica where it is at most once per STATUS_MS: a position known a moment ago
// is a lower bound of the one now, so deciding on it never shows a stale read.

export const RECENT_WRITE_MS = 10_000;
const STATUS_MS = 500;
/** How long asking a replica where it is may take before it counts as down. */
const STATUS_TIMEOUT_MS = 1_000;

export const LSN_HEADER = 'X-Groundwork-LSN';
export const MIN_LSN_HEADER = 'X-Groundwork-Min-LSN';
/** Which server answered a read, when replicas are configured: `primary` or `replica`. */
export const READ_FROM_HEADER = 'X-Groundwork-Read-From';

interface Replica {
  /** host:port/database, without credentials: what the health check shows. */
  name: string;
  database: Database;
  up: boolean;
  lagMs: number | null;
  /** Replayed up to here; null when the server is no standby (it has every write). */
  replay: bigint | null;
  standby: boolean;
  checkedAt: number;
  checking: Promise<void> | null;
  error: string | null;
}

function nameOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}

const globalForReplicas = globalThis as unknown as { __groundworkReplicas?: Replica[] };

function replicas(): Replica[] {
  if (!globalForReplicas.__groundworkReplicas) {
    const primary = databaseConfig();
    globalForReplicas.__groundworkReplicas = env.DATABASE_REPLICA_URL.map((url) => ({
      name: nameOf(url),
      // As the primary's pool (size, prepared statements, pooler, timeouts), read-only; a replica
      // that does not answer is given up on quickly, the primary answers instead.
      database: openDatabase({ ...(primary.kind === 'postgres' ? primary : {}), kind: 'postgres', url, replica: true, connectTimeoutSeconds: 2 }),
      up: false,
      lagMs: null,
      replay: null,
      standby: true,
      checkedAt: 0,
      checking: null,
      error: null,
    }));
  }
  return globalForReplicas.__groundworkReplicas;
}

export function replicasConfigured(): boolean {
  return env.DATABASE_REPLICA_URL.length > 0;
}

async function check(replica: Replica): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${STATUS_TIMEOUT_MS} ms`)), STATUS_TIMEOUT_MS);
    });
    const position = await Promise.race([replicaPosition(replica.database.db), late]);
    replica.up = true;
    replica.standby = position.standby;
    replica.lagMs = position.lag_ms;
    replica.replay = position.replay === null ? null : parseLsn(position.replay);
    replica.error = null;
  } catch (err) {
    replica.up = false;
    replica.error = err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
    replica.checkedAt = Date.now();
    replica.checking = null;
  }
}

/**
 * Asks the replica where it is if its answer is older than STATUS_MS. The request waits for the
 * answer (one round trip, twice a second at most) unless the replica was down at the last ask:
 * that one is asked again in the background, so a replica out of reach never slows reads.
 */
function refresh(replica: Replica): Promise<void> | null {
  if (!replica.checking && Date.now() - replica.checkedAt >= STATUS_MS) replica.checking = check(replica);
  return replica.up || replica.checkedAt === 0 ? replica.checking : null;
}

function usable(replica: Replica, minLsn: bigint | null): boolean {
  if (!replica.up || replica.lagMs === null || replica.lagMs > env.DATABASE_REPLICA_MAX_LAG_MS) return false;
  if (minLsn === null || !replica.standby) return true;
  return replica.replay !== null && replica.replay >= minLsn;
}

/** Whom the rate limiter and read-your-writes know a caller as: its token, or the user of its session. */
function callerKey(ctx: CallerContext): string {
  return ctx.tokenId !== undefined ? `token:${ctx.tokenId}` : `user:${ctx.userId}`;
}

let turn = 0;

export interface ReadTarget {
  db: Db;
  /** The replica chosen, or null for the primary. */
  replica: Replica | null;
}

/** Where a GET reads: a usable replica (round robin), or the primary. */
export async function readTarget(req: Request, ctx: CallerContext): Promise<ReadTarget> {
  const primary = { db: getDb(), replica: null };
  const all = replicas();
  const given = req.headers.get(MIN_LSN_HEADER);
  const minLsn = given === null ? null : parseLsn(given);
  if (given !== null && minLsn === null) {
    throw new ServiceError('invalid_header', `${MIN_LSN_HEADER} must be a WAL position as ${LSN_HEADER} gives it (like 0/16B3748).`, {
      header: MIN_LSN_HEADER,
    });
  }
  await Promise.all(all.map(refresh));
  const candidates = all.filter((r) => usable(r, minLsn));
  if (candidates.length === 0) return primary;
  if (minLsn === null && (await wroteWithin(primary.db, callerKey(ctx), RECENT_WRITE_MS))) return primary;
  const replica = candidates[turn++ % candidates.length]!;
  return { db: replica.database.db, replica };
}

/**
 * A read a replica could not serve is served by the primary instead: the replica went down (it is
 * skipped until it answers again), cancelled the query to replay WAL (SQLSTATE 40001), or the GET
 * tried to write (25006: a route that should be marked `primary`, logged).
 */
export function replicaFailed(replica: Replica, err: unknown): boolean {
  if (isConnectionError(err)) {
    replica.up = false;
    replica.checkedAt = Date.now();
    return true;
  }
  const code = (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;
  if (code === '25006') console.error('[replicas] a GET tried to write on a replica; mark its route `primary`', err);
  return code === '40001' || code === '25006';
}

/** After a write: notes the caller as a recent writer and answers the WAL position for `X-Groundwork-LSN`. */
export async function afterWrite(ctx: CallerContext): Promise<string | null> {
  try {
    return await noteWrite(getDb(), callerKey(ctx));
  } catch (err) {
    console.error('[replicas] could not note a write; reads may come from a replica', err);
    return null;
  }
}

export interface ReplicaHealth {
  name: string;
  status: 'ok' | 'lagging' | 'down';
  lag_ms: number | null;
  replay_lsn: string | null;
}

/** Each replica as it is now (asked afresh), for the health check. */
export async function replicaHealth(): Promise<ReplicaHealth[]> {
  const all = replicas();
  await Promise.all(all.map((r) => (r.checking ??= check(r))));
  return all.map((r) => ({
    name: r.name,
    status: !r.up ? 'down' : usable(r, null) ? 'ok' : 'lagging',
    lag_ms: r.up ? r.lagMs : null,
    replay_lsn: r.up && r.replay !== null ? `${(r.replay >> 32n).toString(16).toUpperCase()}/${(r.replay & 0xffffffffn).toString(16).toUpperCase()}` : null,
  }));
}
