import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { oauthApplications, oauthGrants } from '@/db/schema';
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
};
export type OAuthGrantRow = Awaited<ReturnType<typeof listUserGrants>>['items'][number];

const ownGrants = (owner: { accountId: number; userId: number }) => and(eq(oauthGrants.accountId, owner.accountId), eq(oauthGrants.userId, owner.userId));

export async function listUserGrants(db: Db, owner: { accountId: number; userId: number }, page: PageWindow) {
  const where = ownGrants(owner);
  return pageWithTotal(
    db,
    db.select(grantColumns).from(oauthGrants).innerJoin(oauthApplications, eq(oauthApplications.id, oauthGrants.applicationId)).$dynamic(),
    oauthGrants,
    where,
    [desc(oauthGrants.lastAuthorizedAt), desc(oauthGrants.id)],
    page,
  );
}

/** Deletes every grant of a user (an admin revoking their tokens), with its codes and tokens (cascade); their ids. */
export async function deleteUserGrants(db: Db, owner: { accountId: number; userId: number }): Promise<number[]> {
  const rows = await db.delete(oauthGrants).where(ownGrants(owner)).returning({ id: oauthGrants.id });
  return rows.map((r) => r.id);
}

/** Deletes one of the user's grants, and with it (cascade) its codes, refresh tokens and access tokens. */
export async function deleteUserGrant(db: Db, owner: { accountId: number; userId: number }, id: number): Promise<boolean> {
  const rows = await db
    .delete(oauthGrants)
    .where(and(ownGrants(owner), eq(oauthGrants.id, id)))
    .returning({ id: oauthGrants.id });
  return rows.length > 0;
}
