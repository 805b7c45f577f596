import { randomUUID } from 'node:crypto';
import { insertNamedLookups, insertWorkforceRoles } from '@/db/queries/accounts';
import { createApiToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db';
import { createAccount } from '@/lib/services/accounts';
import { client } from './api';

/**
 * A fresh account with two users, tokens and a few lookups. Every test file works in accounts of
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
