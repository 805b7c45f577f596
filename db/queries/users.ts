import { and, count, desc, eq, gte, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { users } from '@/db/schema';
import { personRefColumns } from './refs';
import { likePattern } from './sql';

export interface UserFilters {
  q?: string;
  updatedSince?: Date;
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

function filterWhere(accountId: number, f: UserFilters): SQL | undefined {
  return and(
    eq(users.accountId, accountId),
    // An account has a handful of users: the account index narrows enough, no trigram index needed.
    f.q !== undefined
      ? ilike(
          sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email}`,
          likePattern(f.q),
        )
      : undefined,
    f.updatedSince !== undefined ? gte(users.updatedAt, f.updatedSince) : undefined,
  );
}

export async function listUsers(
  db: Db,
  accountId: number,
  filters: UserFilters,
  page: { limit: number; offset: number },
) {
  const where = filterWhere(accountId, filters);
  const [items, [total]] = await Promise.all([
    db
      .select(personRefColumns(users))
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findUser(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select(personRefColumns(users))
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, id)));
  return row;
}
