import { asc, count, desc, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
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

/** The `sort` values of a list whose sortable columns are `C`: each key, ascending or (with `-`) descending. */
export type SortKey<C> = `${'' | '-'}${keyof C & string}`;

/** The sortable columns every record has: when it was created and last changed. */
export const timestampSorts = (table: { createdAt: AnyPgColumn; updatedAt: AnyPgColumn }) => ({
  created_at: table.createdAt,
  updated_at: table.updatedAt,
});

/**
 * A `sort` value of a list (`name` or `-name`) as ORDER BY, ties broken by id in the same direction.
 * Nullable columns sort their nulls last either way; not-null ones keep the plain form, which the
 * (created_at desc, id desc) indexes serve. `reversed`: the same order read from its other end
 * (each direction and nulls position flipped), for pages counted from the end.
 */
export function orderBySort<C extends Record<string, AnyPgColumn>>(sort: NoInfer<SortKey<C>>, columns: C, id: AnyPgColumn, reversed = false): SQL[] {
  const descending = sort.startsWith('-') !== reversed;
  const column = columns[sort.replace(/^-/, '') as keyof C]!;
  if (column.notNull) return descending ? [desc(column), desc(id)] : [asc(column), asc(id)];
  // Nulls last in the order asked for; first when it is read backwards.
  const nulls = sql.raw(reversed ? 'nulls first' : 'nulls last');
  return descending ? [sql`${column} desc ${nulls}`, desc(id)] : [sql`${column} asc ${nulls}`, asc(id)];
}

/** Which rows of a list to read: how many, after how many. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * One page of a list and how many rows match in all, read side by side: `query` (a dynamic select
 * whose rows are those of `table`, joined or not) under `where`, in `order`, and the count of
 * `table`'s rows under the same `where`.
 */
export async function pageWithTotal<Q extends PgSelect>(db: Db, query: Q, table: PgTable, where: SQL | undefined, order: SQL[], page: PageWindow) {
  const [items, [total]] = await Promise.all([
    query
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/**
 * Where to read a page of a list whose total is known first: a page past the middle is read from
 * the other end (the order reversed, the offset counted from the end) and turned back, so the last
 * page of a million rows costs what the first does instead of walking past all the others.
 */
export function pageFromNearestEnd(total: number, page: PageWindow) {
  const limit = Math.max(0, Math.min(page.limit, total - page.offset));
  if (limit === 0 || page.offset + limit / 2 <= total / 2) return { limit, offset: page.offset, reversed: false };
  return { limit, offset: total - page.offset - limit, reversed: true };
}

const dialect = new PgDialect();

/**
 * An SQL fragment rendered to text once per process, its parameters given at each use. The JSON
 * builders of the largest records (leads, projects) are trees of thousands of chunks, which Drizzle
 * would walk and render again at every request (≈ 1.5 ms of CPU for a project, more than
 * PostgreSQL takes to answer it); rendered once, a request inserts one string and its values.
 * `build` gets a placeholder for each name, where the values go; the fragment's own constants stay
 * parameters, so the statement's text is the same at every use (and prepared once per connection).
 */
export function renderedOnce<K extends string, T>(
  names: readonly K[],
  build: (placeholders: Record<K, Placeholder>) => SQL<T>,
): (values: Record<K, unknown>) => SQL<T> {
  let rendered: { parts: string[]; params: unknown[] } | undefined;
  const render = () => {
    const placeholders = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as unknown as Record<K, Placeholder>;
    const query = dialect.sqlToQuery(build(placeholders));
    // Drizzle numbers parameters in the order it writes them: $1, $2, …, each once.
    const parts = query.sql.split(/\$\d+/);
    const numbers = [...query.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
    if (numbers.some((n, i) => n !== i + 1) || numbers.length !== query.params.length) throw new Error('renderedOnce: parameters out of order');
    return { parts, params: query.params };
  };
  return (values) => {
    rendered ??= render();
    const { parts, params } = rendered;
    const chunks: SQL[] = [sql.raw(parts[0]!)];
    params.forEach((param, i) => {
      chunks.push(sql`${param instanceof Placeholder ? values[param.name as K] : param}`, sql.raw(parts[i + 1]!));
    });
    return sql.join(chunks) as SQL<T>;
  };
}

/**
 * Full-text search where every word of `q` is the start of a word in `vector` ('simple' config):
 * "addend elec" finds "Addendum 2 — electrical". Words are split on anything `split` matches (at
 * most 20 are kept); undefined when `q` has none.
 */
export function prefixMatch(vector: AnyPgColumn, q: string, split = /[^\p{L}\p{N}]+/u): SQL | undefined {
  const words = q.toLowerCase().split(split).filter(Boolean).slice(0, 20);
  if (words.length === 0) return undefined;
  return sql`${vector} @@ to_tsquery('simple', ${words.map((w) => `'${w.replace(/'/g, "''")}':*`).join(' & ')})`;
}
