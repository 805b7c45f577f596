import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { apiTokens, oauthApplications, users } from '@/db/schema';
import { userAccessColumns } from './users';
import { type PageWindow, pageWithTotal } from './sql';

export type TokenScope = 'read' | 'read write';

function activeTokenQuery(db: Db) {
  return db
    .select({
      id: apiTokens.id,
      scope: apiTokens.scope,
      kind: apiTokens.kind,
      audience: apiTokens.audience,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: users.id,
      accountId: users.accountId,
      role: users.role,
      ...userAccessColumns,
      oauthApplicationId: apiTokens.oauthApplicationId,
      oauthGrantId: apiTokens.oauthGrantId,
      rateLimitPoints: oauthApplications.rateLimitPoints,
      rateLimitDuration: oauthApplications.rateLimitDuration,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(oauthApplications, eq(oauthApplications.id, apiTokens.oauthApplicationId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
        // A deactivated user's tokens are refused, not revoked: reactivating the user restores them.
        isNull(users.deactivatedAt),
      ),
    )
    .limit(1)
    .prepare('find_active_token');
}

/**
 * Every API request's first statement, built once per database (Drizzle's builder took 0.3 ms of
 * CPU a request for it: docs/performance.md).
 */
const activeTokenQueries = new WeakMap<Db, ReturnType<typeof activeTokenQuery>>();

/**
 * The live token with this hash, with the (active) user and account it acts for and, for an OAuth
 * access token, its application's rate limit.
 */
export async function findActiveToken(db: Db, tokenHash: string) {
  let query = activeTokenQueries.get(db);
  if (!query) activeTokenQueries.set(db, (query = activeTokenQuery(db)));
  const [row] = await query.execute({ tokenHash });
  return row;
}

/**
 * Records use at most once a minute, so a busy client does not write on every request. Use is
 * bookkeeping, not a change to the token: `updated_at` stays (Drizzle would bump it otherwise).
 */
export async function touchToken(db: Db, id: number) {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()`, updatedAt: sql`${apiTokens.updatedAt}` })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`))));
}

/** A new token: whose, its name, the SHA-256 of its secret and the hint shown for it, its scope and expiry. */
export interface TokenValues {
  accountId: number;
  userId: number;
  name: string;
  tokenHash: string;
  hint: string;
  scope: TokenScope;
  expiresAt?: Date | null;
}

/** Inserts a token (an API token, or with `kind` `oauth_access` an OAuth access token and its application and grant); its id. */
export async function insertToken(
  db: Db,
  values: TokenValues & Partial<Pick<typeof apiTokens.$inferInsert, 'kind' | 'oauthApplicationId' | 'oauthGrantId' | 'audience'>>,
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

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  hint: apiTokens.hint,
  lastUsedAt: apiTokens.lastUsedAt,
  expiresAt: apiTokens.expiresAt,
  createdAt: apiTokens.createdAt,
  updatedAt: apiTokens.updatedAt,
};
export type ApiTokenRow = NonNullable<Awaited<ReturnType<typeof findUserToken>>>;

/**
 * A user's own personal tokens in an account: revoked ones are gone; expired ones stay, to be seen
 * and revoked. OAuth access tokens are managed through their grant (Settings → Authorized apps).
 */
const ownLiveTokens = (owner: { accountId: number; userId: number }) =>
  and(eq(apiTokens.accountId, owner.accountId), eq(apiTokens.userId, owner.userId), eq(apiTokens.kind, 'personal'), isNull(apiTokens.revokedAt));

export async function listUserTokens(db: Db, owner: { accountId: number; userId: number }, page: PageWindow) {
  const where = ownLiveTokens(owner);
  return pageWithTotal(db, db.select(tokenColumns).from(apiTokens).$dynamic(), apiTokens, where, [desc(apiTokens.createdAt), desc(apiTokens.id)], page);
}

export async function findUserToken(db: Db, owner: { accountId: number; userId: number }, id: number) {
  const [row] = await db
    .select(tokenColumns)
    .from(apiTokens)
    .where(and(ownLiveTokens(owner), eq(apiTokens.id, id)));
  return row;
}

/** Revokes one of the user's live tokens; false when there is none with this id. */
export async function revokeUserToken(db: Db, owner: { accountId: number; userId: number }, id: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(ownLiveTokens(owner), eq(apiTokens.id, id)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}
