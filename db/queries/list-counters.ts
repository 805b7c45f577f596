import { and, eq, sum } from 'drizzle-orm';
import type { Db } from '@/db';
import { listCounters } from '@/db/schema';

/** The lists whose unfiltered totals are counted as rows are written (db/schema/list-counters.ts). */
export type CountedList = 'leads' | 'projects';

/** The exact total of an account's unfiltered list: the sum of its counter's shards. */
export async function countedTotal(db: Db, accountId: number, list: CountedList): Promise<number> {
  const [row] = await db
    .select({ n: sum(listCounters.count).mapWith(Number) })
    .from(listCounters)
    .where(and(eq(listCounters.accountId, accountId), eq(listCounters.list, list)));
  return row?.n ?? 0;
}
