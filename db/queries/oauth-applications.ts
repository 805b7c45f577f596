import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { ofAccount } from './tenant';
import { oauthApplications, oauthGrants, users } from '@/db/schema';
import { type PageWindow, pageWithTotal } from './sql';

export type OAuthScope = 'read' | 'read write';

const columns = {
  id: oauthApplications.id,
  accountId: oauthApplications.accountId,
  ownerId: oauthApplications.ownerId,
  name: oauthApplications.name,
  clientId: oauthApplications.clientId,
  secretHint: oauthApplications.secretHint,
  confidential: oauthApplications.confidential,
  registration: oauthApplications.registration,
  redirectUris: oauthApplications.redirectUris,
  scope: oauthApplications.scope,
  rateLimitPoints: oauthApplications.rateLimitPoints,
  rateLimitDuration: oauthApplications.rateLimitDuration,
  createdAt: oauthApplications.createdAt,
  updatedAt: oauthApplications.updatedAt,
};
export type OAuthApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

export interface OAuthApplicationValues {
  name: string;
  redirectUris: string[];
  scope: OAuthScope;
  confidential: boolean;
  clientSecretHash: string | null;
  secretHint: string | null;
  rateLimitPoints?: number | null;
  rateLimitDuration?: number | null;
}

const inAccount = (accountId: number, id: number) => ofAccount(oauthApplications, accountId, id);

export async function findApplication(db: Db, accountId: number, id: number) {
  const [row] = await db.select(columns).from(oauthApplications).where(inAccount(accountId, id));
  return row;
}

/** The application's row, locked for the rest of the transaction (If-Match before a change). */
export async function lockApplication(db: Db, accountId: number, id: number) {
  const [row] = await db.select(columns).from(oauthApplications).where(inAccount(accountId, id)).for('update');
  return row;
}

export async function listApplications(db: Db, accountId: number, page: PageWindow) {
  const where = eq(oauthApplications.accountId, accountId);
  return pageWithTotal(
    db,
    db.select(columns).from(oauthApplications).$dynamic(),
    oauthApplications,
    where,
    [desc(oauthApplications.createdAt), desc(oauthApplications.id)],
    page,
  );
}

export async function updateApplication(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<
    Pick<OAuthApplicationValues, 'name' | 'redirectUris' | 'scope' | 'clientSecretHash' | 'secretHint' | 'rateLimitPoints' | 'rateLimitDuration'>
  >,
) {
  const [row] = await db.update(oauthApplications).set(values).where(inAccount(accountId, id)).returning(columns);
  return row;
}

/** The client of a token request, by its public client id, with the owner it acts for (if active). */
export async function findClientByClientId(db: Db, clientId: string) {
  const [row] = await db
    .select({
      ...columns,
      clientSecretHash: oauthApplications.clientSecretHash,
      ownerRole: users.role,
      ownerDeactivatedAt: users.deactivatedAt,
    })
    .from(oauthApplications)
    // A registered client (RFC 7591) has no owner.
    .leftJoin(users, eq(users.id, oauthApplications.ownerId))
    .where(eq(oauthApplications.clientId, clientId));
  return row;
}

/**
 * Deletes registered clients (RFC 7591) no user authorized within `days` days of registering
 * (no grant, now or since: a revoked grant deletes its row, so a client disconnected long ago goes too); how many.
 */
export async function deleteUnusedRegisteredClients(db: Db, days: number): Promise<number> {
  const rows = await db
    .delete(oauthApplications)
    .where(
      and(
        eq(oauthApplications.registration, 'dynamic'),
        lt(oauthApplications.createdAt, sql`now() - make_interval(days => ${days})`),
        sql`not exists (select 1 from ${oauthGrants} where ${oauthGrants.applicationId} = ${oauthApplications.id})`,
      ),
    )
    .returning({ id: oauthApplications.id });
  return rows.length;
}

/** A client that registered itself (POST /oauth/register): public, of no account, for an assistant. */
export async function insertRegisteredClient(db: Db, values: { clientId: string; name: string; redirectUris: string[] }) {
  const [row] = await db
    .insert(oauthApplications)
    .values({ ...values, registration: 'dynamic', confidential: false, scope: 'read write', accountId: null, ownerId: null })
    .returning(columns);
  return row!;
}
export type OAuthClientRow = NonNullable<Awaited<ReturnType<typeof findClientByClientId>>>;
