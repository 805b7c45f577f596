import { bigint, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { accountId } from './accounts';

/**
 * Exact totals of the unfiltered lists (`X-Total-Count` of `GET /leads`, `GET /projects`…) at any
 * size, without counting rows on every request. Triggers on the counted tables (statement-level,
 * in the writing transaction: migration `list_counters`) add each statement's net change; a list's
 * total is the sum of its shards. Each connection writes the shard of its backend (pid % 16), so
 * concurrent writers of one account do not queue on one counter row.
 */
export const listCounters = pgTable(
  'list_counters',
  {
    accountId: accountId(),
    /** `leads` (not archived), `projects`. */
    list: text('list').notNull(),
    shard: smallint('shard').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.list, t.shard] })],
);
