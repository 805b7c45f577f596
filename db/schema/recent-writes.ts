import { pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Read-your-writes with read replicas (lib/server/replicas.ts): each caller's last write, the WAL
 * position after it and when. Read only on the primary, for the ten seconds after a write, so the
 * table is UNLOGGED (migration 0045): no WAL, no fsync per write, nothing sent to the replicas;
 * a crash empties it, which only sends a recent writer's next read to a replica that may lag.
 */
export const recentWrites = pgTable('recent_writes', {
  /** `token:<id>` or `user:<id>`, as the rate limiter keys its buckets. */
  caller: text('caller').primaryKey(),
  lsn: text('lsn').notNull(),
  writtenAt: ts('written_at').notNull(),
});
