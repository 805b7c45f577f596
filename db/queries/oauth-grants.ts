import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { apiTokens, oauthApplications, oauthGrants, users } from '@/db/schema';
import type { OAUTH_REGISTRATIONS } from '@/db/schema/oauth-applications';
import { personRefColumns } from './refs';
import type { OAuthScope } from './oauth-applications';
import { type PageWindow, pageWithTotal } from './sql';

/** Records a user's consent; a second consent to the same application replaces the scope. */
export async function upsertGrant(db: Db, values: { accountId: number; userId: number; applicationId: number; scope: OAuthScope }) {
  const [row] = await db
    .insert(oauthGrants)
    .values(values)
    .onConflictDoUpdate({
      target: [oauthGrants.userId, oauthGrants.applicationId],
      set: { scope: values.scope, lastAuthorizedAt: sql`now()`, updatedAt: sql`now()` },
    })
    .returning({ id: oauthGrants.id });
  return row!;
}

const grantColumns = {
  id: oauthGrants.id,
  scope: oauthGrants.scope,
  lastAuthorizedAt: oauthGrants.lastAuthorizedAt,
  createdAt: oauthGrants.createdAt,
  updatedAt: oauthGrants.updatedAt,
  applicationId: oauthApplications.id,
  applicationName: oauthApplications.name,
  clientId: oauthApplications.clientId,
  registration: oauthApplications.registration,
  user: personRefColumns(users),
  // The last use of any access token issued under the grant (a correlated subquery on api_tokens' grant index).
  lastUsedAt: sql<Date | null>`(select max(${apiTokens.lastUsedAt}) from ${apiTokens} where ${apiTokens.oauthGrantId} = ${oauthGrants.id})`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  ),
};
export type OAuthGrantRow = Awaited<ReturnType<typeof listGrants>>['items'][number];

/** Whose grants a list holds: one user's, or (an admin's view) every user's of the account; of one kind of client, or all. */
export interface GrantScope {
  accountId: number;
  userId?: number;
  registration?: (typeof OAUTH_REGISTRATIONS)[number];
}

function grantsWhere(scope: GrantScope): SQL {
  return and(
    eq(oauthGrants.accountId, scope.accountId),
    scope.userId === undefined ? undefined : eq(oauthGrants.userId, scope.userId),
    // A subquery, not the join: the page's count reads oauth_grants alone.
    scope.registration === undefined
      ? undefined
      : sql`${oauthGrants.applicationId} in (select ${oauthApplications.id} from ${oauthApplications} where ${oauthApplications.registration} = ${scope.registration})`,
  )!;
}

export async function listGrants(db: Db, scope: GrantScope, page: PageWindow) {
  return pageWithTotal(
    db,
    db
      .select(grantColumns)
      .from(oauthGrants)
      .innerJoin(oauthApplications, eq(oauthApplications.id, oauthGrants.applicationId))
      .innerJoin(users, eq(users.id, oauthGrants.userId))
      .$dynamic(),
    oauthGrants,
    grantsWhere(scope),
    [desc(oauthGrants.lastAuthorizedAt), desc(oauthGrants.id)],
    page,
  );
}

const ownGrants = (owner: { accountId: number; userId: number }) => and(eq(oauthGrants.accountId, owner.accountId), eq(oauthGrants.userId, owner.userId));

/** Deletes every grant of a user (an admin revoking their tokens), with its codes and tokens (cascade); their ids. */
export async function deleteUserGrants(db: Db, owner: { accountId: number; userId: number }): Promise<number[]> {
  const rows = await db.delete(oauthGrants).where(ownGrants(owner)).returning({ id: oauthGrants.id });
  return rows.map((r) => r.id);
}

/**
 * Deletes a grant of the account, one of `userId`'s when given (an admin may revoke anyone's), and
 * with it (cascade) its codes, refresh tokens and access tokens; the grant's user, or null.
 */
export async function deleteGrant(db: Db, scope: { accountId: number; userId?: number }, id: number): Promise<{ userId: number } | null> {
  const [row] = await db
    .delete(oauthGrants)
    .where(
      and(eq(oauthGrants.accountId, scope.accountId), scope.userId === undefined ? undefined : eq(oauthGrants.userId, scope.userId), eq(oauthGrants.id, id)),
    )
    .returning({ userId: oauthGrants.userId });
  return row ?? null;
}
