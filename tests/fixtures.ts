import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { insertNamedLookups, insertWorkforceRoles } from '@/db/queries/accounts';
import { users } from '@/db/schema';
import { setUserPassword } from '@/lib/server/auth/passwords';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { createAccount } from '@/db/queries/accounts';
import { BASE, client, request } from './api';

/**
 * A fresh account with two users (the first its admin, the second a member), tokens of the admin
 * and a few lookups. Every test file works in accounts of
 * its own, so files can share one database.
 */
export async function createTestAccount(label = 'Test GC') {
  const db = getDb();
  const tag = randomUUID().slice(0, 8);
  const { accountId, userIds, stageIds } = await createAccount(db, {
    name: `${label} ${tag}`,
    users: [
      { firstName: 'Avery', lastName: 'Admin', email: `avery.${tag}@example.com` },
      { firstName: 'Blake', lastName: 'Builder', email: `blake.${tag}@example.com` },
    ],
  });
  const [userId, otherUserId] = userIds as [number, number];
  const token = await createApiToken(db, { accountId, userId });
  const readToken = await createApiToken(db, { accountId, userId }, { scope: 'read' });
  const lookup = {
    contractTypes: await insertNamedLookups(db, 'contract_types', accountId, ['Design/Build', 'Hard Bid']),
    deliveryMethods: await insertNamedLookups(db, 'delivery_methods', accountId, ['CM at Risk']),
    divisions: await insertNamedLookups(db, 'divisions', accountId, ['Commercial']),
    leadSources: await insertNamedLookups(db, 'lead_sources', accountId, ['Referral']),
    marketSectors: await insertNamedLookups(db, 'market_sectors', accountId, ['Healthcare', 'Education']),
    tenderTypes: await insertNamedLookups(db, 'tender_types', accountId, ['Public']),
    lossReasons: await insertNamedLookups(db, 'loss_reasons', accountId, ['Price']),
    callOutcomes: await insertNamedLookups(db, 'call_outcomes', accountId, ['Left voicemail']),
    industries: await insertNamedLookups(db, 'industries', accountId, ['Architecture', 'Real Estate']),
    workforceRoles: await insertWorkforceRoles(db, accountId, [{ name: 'Superintendent', abbreviation: 'SUP' }]),
  };
  return {
    accountId,
    userId,
    otherUserId,
    stageIds,
    lookup,
    token,
    readToken,
    api: client(token),
    readApi: client(readToken),
  };
}
export type TestAccount = Awaited<ReturnType<typeof createTestAccount>>;

/** Matches the spec's timestamp format. */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** The cookies a sign-in's answer sets (those it clears left out), as a request's `cookie` header. */
export function cookieOf(res: { headers: Headers }): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/**
 * A client signed in through Better Auth's real sign-in as one user, sending the session cookie
 * with a same-origin `Origin`, as the dashboard does.
 */
export async function sessionClient(userId: number, password = 'session test password') {
  const db = getDb();
  await setUserPassword(db, userId, password);
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const res = await request('POST', '/api/auth/sign-in/email', {
    body: { email: row!.email, password },
    headers: { origin: BASE },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = cookieOf(res);
  const headers = { cookie, origin: BASE };
  return {
    cookie,
    get: (path: string) => request('GET', path, { headers }),
    post: (path: string, body?: unknown) => request('POST', path, { body, headers }),
    patch: (path: string, body?: unknown) => request('PATCH', path, { body, headers }),
    put: (path: string, body?: unknown) => request('PUT', path, { body, headers }),
    delete: (path: string) => request('DELETE', path, { headers }),
  };
}
export type SessionClient = Awaited<ReturnType<typeof sessionClient>>;
