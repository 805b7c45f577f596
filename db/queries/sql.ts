import type { SQL } from 'drizzle-orm';
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
