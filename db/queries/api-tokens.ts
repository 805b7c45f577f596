import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { apiTokens, users } from '@/db/schema';

export type TokenScope = 'read' | 'read write';

/** The live token with this hash, with the user and account it acts for. */
export async function findActiveToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      scope: apiTokens.scope,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: users.id,
      accountId: users.accountId,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
      ),
    )
    .limit(1);
  return row;
}

/** Records use at most once a minute, so a busy client does not write on every request. */
export async function touchToken(db: Db, id: number) {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, id),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}

export async function insertToken(
  db: Db,
  values: { accountId: number; userId: number; name: string; tokenHash: string; hint: string; scope: TokenScope },
) {
  const [row] = await db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  return row!;
}

/** Revokes live tokens by hash, or all of a user's; returns how many. */
export async function revokeTokens(db: Db, where: { tokenHash: string } | { userId: number }) {
  const match = 'tokenHash' in where ? eq(apiTokens.tokenHash, where.tokenHash) : eq(apiTokens.userId, where.userId);
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(match, isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length;
}
