import { and, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgSelect, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { pageWithTotal, type PageWindow } from './sql';

// The tenant rule, written once: every row of an account table is reached through its account and
// its id together, so another account's id is simply not there. Per-resource query files keep only
// what differs (their joins and filters) and use these for the row itself.

export type AccountTable = PgTable & { id: AnyPgColumn; accountId: AnyPgColumn };

/** `account_id = … and id = …`. */
export function ofAccount(table: AccountTable, accountId: number, id: number): SQL {
  return and(eq(table.accountId, accountId), eq(table.id, id))!;
}

/** `account_id = … and id in (…)`: the account's rows of these ids (another account's are not there). */
export function idsOfAccount(table: { id: AnyPgColumn; accountId: AnyPgColumn }, accountId: number, ids: number[]): SQL {
  return and(eq(table.accountId, accountId), inArray(table.id, ids))!;
}

/** Changed at or after `since`, when a list asks for rows changed since a time (`updated_since`); else no condition. */
export function updatedSince(column: AnyPgColumn, since: Date | undefined): SQL | undefined {
  return since !== undefined ? gte(column, since) : undefined;
}

/** Inserts one row; its id. */
export async function insertRow<T extends AccountTable>(db: Db, table: T, values: PgInsertValue<T>): Promise<number> {
  const [row] = (await db.insert(table).values(values).returning({ id: table.id })) as { id: number }[];
  return row!.id;
}

/** Inserts the rows in one statement; their ids, in order. */
export async function insertRows<T extends AccountTable>(db: Db, table: T, values: PgInsertValue<T>[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = (await db.insert(table).values(values).returning({ id: table.id })) as { id: number }[];
  return rows.map((r) => r.id);
}

/** Deletes the account's rows of these ids in one statement (rows just inserted that nothing came to use). */
export async function deleteRows(db: Db, table: AccountTable, accountId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(table).where(idsOfAccount(table, accountId, ids));
}

/** The bare row, locked for the rest of the transaction. */
export async function lockRow<T extends AccountTable>(db: Db, table: T, accountId: number, id: number): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(ofAccount(table, accountId, id))
    .for('update');
  return row as T['$inferSelect'] | undefined;
}

export async function updateRow<T extends AccountTable>(db: Db, table: T, accountId: number, id: number, values: PgUpdateSetSource<T>): Promise<void> {
  await db
    .update(table)
    .set(values)
    .where(ofAccount(table, accountId, id));
}

/** Updates the row and answers it as `answer` builds it from the row written (UPDATE … RETURNING): one statement. */
export async function updateRowReturning<T extends AccountTable, A>(
  db: Db,
  table: T,
  accountId: number,
  id: number,
  values: PgUpdateSetSource<T>,
  answer: SQL<A>,
): Promise<A> {
  const [row] = (await db
    .update(table)
    .set(values)
    .where(ofAccount(table, accountId, id))
    .returning({ answer })) as { answer: A }[];
  return row!.answer;
}

/** Deletes the row; whether there was one. */
export async function deleteRow(db: Db, table: AccountTable, accountId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(table)
    .where(ofAccount(table, accountId, id))
    .returning({ id: table.id });
  return deleted.length > 0;
}

/**
 * The first row of a read of one record with its joins; `lock`: the record's own row is locked
 * for the rest of the transaction (`FOR UPDATE OF` it, not its embeds), so a write reads what it
 * changes, and compares `If-Match` against it, in the same statement.
 */
export async function oneRow<R>(
  query: { for(strength: 'update', config: { of: PgTable }): PromiseLike<R[]> } & PromiseLike<R[]>,
  table: PgTable,
  lock = false,
): Promise<R | undefined> {
  const [row] = await (lock ? query.for('update', { of: table }) : query);
  return row;
}

/** A query file's select of a table's rows with their joins, to be narrowed by `where`. */
type Selecting<R> = (db: Db) => { where(condition: SQL): { for(strength: 'update', config: { of: PgTable }): PromiseLike<R[]> } & PromiseLike<R[]> };

/** A resource's reads by id: one record (its row locked with `lock`), and several in one statement (a timeline page's). */
export function readsById<R>(select: Selecting<R>, table: AccountTable) {
  return {
    find: (db: Db, accountId: number, id: number, lock = false): Promise<R | undefined> =>
      oneRow(select(db).where(ofAccount(table, accountId, id)), table, lock),
    byIds: async (db: Db, accountId: number, ids: number[]): Promise<R[]> => (ids.length === 0 ? [] : select(db).where(idsOfAccount(table, accountId, ids))),
  };
}

/**
 * A page of an account's rows, and their total: those `query` selects from `table` under
 * `conditions` and, when the list was asked for rows changed since a time (`updated_since`), changed
 * at or after it, in `order`.
 */
export function listOfAccount<Q extends PgSelect>(
  db: Db,
  query: Q,
  table: AccountTable & { updatedAt: AnyPgColumn },
  accountId: number,
  f: { updated_since?: Date },
  conditions: (SQL | undefined)[],
  order: SQL[],
  page: PageWindow,
) {
  const where = and(eq(table.accountId, accountId), ...conditions, updatedSince(table.updatedAt, f.updated_since));
  return pageWithTotal(db, query, table, where, order, page);
}
