import { sql, type SQL } from 'drizzle-orm';
import { projects, taskLists } from '@/db/schema';
import { inTeam, type TeamOf } from './project-access';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { rows } from './sql';
import type { AccountTable } from './tenant';

// References between an account's records, by their foreign keys: which of those a write names
// exist, and what a delete does to the rows that name the record going away (clears them, or
// deletes them with it). The relations a record embeds are ./to-one-relations.ts.

/**
 * Which of the given `(field, table, id)` references exist in the account, in one statement.
 * Returns the fields whose record is missing (or belongs to another account).
 */
export async function missingReferences(
  db: Db,
  accountId: number,
  refs: { field: string; table: AccountTable; id: number }[],
  teamOf?: TeamOf,
): Promise<string[]> {
  if (refs.length === 0) return [];
  const parts: SQL[] = refs.map((r) => {
    // A project the caller does not see (project access `team`), or a task list of one, is not there for them.
    const visible = r.table === projects ? inTeam(projects.id, teamOf) : r.table === taskLists ? inTeam(taskLists.projectId, teamOf) : undefined;
    return sql`select ${r.field}::text as field from ${r.table} where ${r.table.id} = ${r.id} and ${r.table.accountId} = ${accountId}${visible ? sql` and ${visible}` : sql``}`;
  });
  const found = await rows<{ field: string }>(db, sql.join(parts, sql` union all `));
  const present = new Set(found.map((f) => f.field));
  return refs.filter((r) => !present.has(r.field)).map((r) => r.field);
}

type TimestampedTable = AccountTable & { updatedAt: AnyPgColumn };

/**
 * Clears `column` on every row of the account that points at `targetId`, and bumps their
 * updated_at, in one statement whatever the count: the ids of the rows changed. A delete calls it
 * before deleting the target, so the foreign key's own `set null` finds nothing left to clear
 * silently. `clock_timestamp()`: the time of the change, after any wait for a row lock.
 */
export async function clearReferences(db: Db, table: TimestampedTable, column: AnyPgColumn, accountId: number, targetId: number): Promise<number[]> {
  const changed = await rows<{ id: number | string }>(
    db,
    sql`update ${table} set ${sql.identifier(column.name)} = null, ${sql.identifier(table.updatedAt.name)} = clock_timestamp()
        where ${table.accountId} = ${accountId} and ${column} = ${targetId}
        returning ${table.id} as id`,
  );
  return changed.map((r) => Number(r.id));
}

/** Deletes every row of the account whose `column` points at `targetId`, in one statement: their ids. */
export async function deleteReferencing(db: Db, table: AccountTable, column: AnyPgColumn, accountId: number, targetId: number): Promise<number[]> {
  const deleted = await rows<{ id: number | string }>(
    db,
    sql`delete from ${table} where ${table.accountId} = ${accountId} and ${column} = ${targetId} returning ${table.id} as id`,
  );
  return deleted.map((r) => Number(r.id));
}
