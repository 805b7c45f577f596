import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { rows } from './sql';

// Read-your-writes bookkeeping (lib/server/replicas.ts), on the primary: each caller's last write.

/** Notes that `caller` just wrote; answers the primary's WAL position, at or past that write's commit. */
export async function noteWrite(db: Db, caller: string): Promise<string> {
  const [row] = await rows<{ lsn: string }>(
    db,
    sql`insert into recent_writes (caller, lsn, written_at) values (${caller}, pg_current_wal_lsn()::text, now())
        on conflict (caller) do update set lsn = excluded.lsn, written_at = excluded.written_at
        returning lsn`,
  );
  return row!.lsn;
}

/** Whether `caller` wrote within the last `ms` milliseconds. */
export async function wroteWithin(db: Db, caller: string, ms: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    db,
    sql`select 1 as one from recent_writes where caller = ${caller} and written_at > now() - make_interval(secs => ${ms / 1000})`,
  );
  return found.length > 0;
}

export interface ReplicaPosition {
  /** False when the server is not a standby (it has every write: it answers as caught up). */
  standby: boolean;
  /** The last WAL position replayed (a standby), or null. */
  replay: string | null;
  /** How far behind its primary the standby is, in ms; null when it cannot tell (its WAL receiver is not streaming). */
  lag_ms: number | null;
}

/**
 * A server's replication position, asked of the server itself. Caught up (lag 0) when it has
 * replayed everything it received; otherwise the age of the last transaction it replayed. A standby
 * whose WAL receiver is not streaming cannot know how far behind it is (lag null).
 */
export async function replicaPosition(db: Db): Promise<ReplicaPosition> {
  const [row] = await rows<ReplicaPosition>(
    db,
    sql`select pg_is_in_recovery() as standby,
          pg_last_wal_replay_lsn()::text as replay,
          case
            when not pg_is_in_recovery() then 0
            when not exists (select 1 from pg_stat_wal_receiver where status = 'streaming') then null
            when pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn() then 0
            else greatest(0, floor(extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000))::int
          end as lag_ms`,
  );
  return row!;
}
