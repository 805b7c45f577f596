import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { rows } from './sql';

export type AccountTable = PgTable & { id: AnyPgColumn; accountId: AnyPgColumn };

/**
 * Which of the given `(field, table, id)` references exist in the account, in one statement.
 * Returns the fields whose record is missing (or belongs to another account).
 */
export async function missingReferences(
  db: Db,
  accountId: number,
  refs: { field: string; table: AccountTable; id: number }[],
): Promise<string[]> {
  if (refs.length === 0) return [];
  const parts: SQL[] = refs.map(
    (r) => sql`select ${r.field}::text as field from ${r.table} where ${r.table.id} = ${r.id} and ${r.table.accountId} = ${accountId}`,
  );
  const found = await rows<{ field: string }>(db, sql.join(parts, sql` union all `));
  const present = new Set(found.map((f) => f.field));
  return refs.filter((r) => !present.has(r.field)).map((r) => r.field);
}
