import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { apiTokens, oauthApplications, oauthAuthorizationCodes, oauthGrants, oauthRefreshTokens, users } from '@/db/schema';
import { insertToken, type TokenValues } from './api-tokens';
import type { OAuthScope } from './oauth-applications';
import type { TokenAudience } from '@/db/schema/enums';

// Authorization codes, refresh tokens and OAuth access tokens (rows of api_tokens). Every secret
// is looked up by its SHA-256; none is stored.

const holder = {
  userId: users.id,
  accountId: users.accountId,
  role: users.role,
  deactivatedAt: users.deactivatedAt,
};

/** A code's or refresh token's application, grant and the grant's user (its `holder`), joined. */
function withHolder<Q extends PgSelect>(query: Q, t: { applicationId: AnyPgColumn; grantId: AnyPgColumn }) {
  return query
    .innerJoin(oauthApplications, eq(oauthApplications.id, t.applicationId))
    .innerJoin(oauthGrants, eq(oauthGrants.id, t.grantId))
    .innerJoin(users, eq(users.id, oauthGrants.userId));
}

/** What a code or a refresh token is issued under (the grant and its application), with its scope and expiry. */
interface GrantedValues {
  accountId: number;
  grantId: number;
  applicationId: number;
  scope: OAuthScope;
  expiresAt: Date;
  /** The resource its tokens are for (RFC 8707). */
  audience: TokenAudience;
}

export async function insertAuthorizationCode(
  db: Db,
  values: GrantedValues & { codeHash: string; redirectUri: string; codeChallenge: string | null; codeChallengeMethod: string | null },
) {
  await db.insert(oauthAuthorizationCodes).values(values);
}

/** An unused code with its grant's user; expiry is the library's to judge. */
export async function findUnusedAuthorizationCode(db: Db, codeHash: string) {
  const c = oauthAuthorizationCodes;
  const [row] = await withHolder(
    db
      .select({
        id: c.id,
        grantId: c.grantId,
        applicationId: c.applicationId,
        redirectUri: c.redirectUri,
        scope: c.scope,
        codeChallenge: c.codeChallenge,
        codeChallengeMethod: c.codeChallengeMethod,
        expiresAt: c.expiresAt,
        audience: c.audience,
        clientId: oauthApplications.clientId,
        ...holder,
      })
      .from(c)
      .$dynamic(),
    c,
  ).where(and(eq(c.codeHash, codeHash), isNull(c.usedAt)));
  return row;
}

/** Marks a code used; false when another request used it first. */
export async function useAuthorizationCode(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(oauthAuthorizationCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oauthAuthorizationCodes.id, id), isNull(oauthAuthorizationCodes.usedAt)))
    .returning({ id: oauthAuthorizationCodes.id });
  return rows.length > 0;
}

export async function insertOAuthAccessToken(
  db: Db,
  values: TokenValues & { expiresAt: Date; oauthApplicationId: number; oauthGrantId: number | null; audience: TokenAudience },
) {
  return insertToken(db, { ...values, kind: 'oauth_access' });
}

export async function insertRefreshToken(db: Db, values: GrantedValues & { familyId: string; tokenHash: string; accessTokenId: number }) {
  await db.insert(oauthRefreshTokens).values(values);
}

/** A refresh token by hash, whatever its state (a rotated one presented again is a reuse). */
export async function findRefreshToken(db: Db, tokenHash: string) {
  const r = oauthRefreshTokens;
  const [row] = await withHolder(
    db
      .select({
        id: r.id,
        grantId: r.grantId,
        applicationId: r.applicationId,
        familyId: r.familyId,
        scope: r.scope,
        audience: r.audience,
        expiresAt: r.expiresAt,
        rotatedAt: r.rotatedAt,
        revokedAt: r.revokedAt,
        clientId: oauthApplications.clientId,
        applicationScope: oauthApplications.scope,
        ...holder,
      })
      .from(r)
      .$dynamic(),
    r,
  ).where(eq(r.tokenHash, tokenHash));
  return row;
}

/**
 * A refresh token's state, its row locked for the rest of the transaction: concurrent uses of one
 * token queue here, so the second sees what the first did (rotation, tokens issued) once it commits.
 */
export async function lockRefreshToken(db: Db, id: number) {
  const [row] = await db
    .select({ familyId: oauthRefreshTokens.familyId, rotatedAt: oauthRefreshTokens.rotatedAt, revokedAt: oauthRefreshTokens.revokedAt })
    .from(oauthRefreshTokens)
    .where(eq(oauthRefreshTokens.id, id))
    .for('update');
  return row;
}

/** Marks a live refresh token rotated; false when it was rotated or revoked meanwhile. */
export async function rotateRefreshToken(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(oauthRefreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(and(eq(oauthRefreshTokens.id, id), isNull(oauthRefreshTokens.rotatedAt), isNull(oauthRefreshTokens.revokedAt)))
    .returning({ id: oauthRefreshTokens.id });
  return rows.length > 0;
}

/** Revokes every refresh token of a family and every access token issued with one of them. */
export async function revokeRefreshFamily(db: Db, familyId: string) {
  const rows = await db
    .update(oauthRefreshTokens)
    .set({ revokedAt: sql`coalesce(${oauthRefreshTokens.revokedAt}, now())` })
    .where(eq(oauthRefreshTokens.familyId, familyId))
    .returning({ accessTokenId: oauthRefreshTokens.accessTokenId });
  const ids = rows.map((r) => r.accessTokenId).filter((id): id is number => id !== null);
  if (ids.length) {
    await db
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(inArray(apiTokens.id, ids), isNull(apiTokens.revokedAt)));
  }
}

/** RFC 7009: revokes an access token of this application; false when there is none. */
export async function revokeAccessTokenOfApplication(db: Db, tokenHash: string, applicationId: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        eq(apiTokens.oauthApplicationId, applicationId),
        isNotNull(apiTokens.oauthApplicationId),
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** RFC 7009: revoking a refresh token revokes its family; false when this application has no such token. */
export async function revokeRefreshTokenOfApplication(db: Db, tokenHash: string, applicationId: number): Promise<boolean> {
  const [row] = await db
    .select({ familyId: oauthRefreshTokens.familyId })
    .from(oauthRefreshTokens)
    .where(and(eq(oauthRefreshTokens.tokenHash, tokenHash), eq(oauthRefreshTokens.applicationId, applicationId)));
  if (!row) return false;
  await revokeRefreshFamily(db, row.familyId);
  return true;
}
