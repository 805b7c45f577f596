import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';

/** Runs raw SQL and returns its rows, whichever driver (postgres-js or PGlite) is underneath. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** `%` and `_` in user input match themselves in ILIKE patterns. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A `sort` value of a list (`name` or `-name`) as ORDER BY, ties broken by id in the same direction.
 * Nullable columns sort their nulls last either way; not-null ones keep the plain form, which the
 * (created_at desc, id desc) indexes serve.
 */
export function orderBySort<C extends Record<string, AnyPgColumn>>(
  sort: NoInfer<`${'' | '-'}${keyof C & string}`>,
  columns: C,
  id: AnyPgColumn,
): SQL[] {
  const descending = sort.startsWith('-');
  const column = columns[sort.replace(/^-/, '') as keyof C]!;
  if (column.notNull) return descending ? [desc(column), desc(id)] : [asc(column), asc(id)];
  return descending ? [sql`${column} desc nulls last`, desc(id)] : [sql`${column} asc nulls last`, asc(id)];
}
