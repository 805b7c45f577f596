import type { Db } from '@/db';
import { findAccount, updateAccount as writeAccount, type AccountRow } from '@/db/queries/accounts';
import type { AccountResponse, AccountUpdate } from '@/lib/shared/validation/account';
import { base } from '@/lib/server/serializers/common';
import type { CallerContext } from './context';
import { notFound } from './errors';
import { lockForWrite } from './preconditions';

// The caller's account: everyone reads it; admins rename it and set its default time zone (If-Match honoured).

const serialize = (row: AccountRow): AccountResponse => ({ ...base(row), name: row.name, time_zone: row.timeZone });

export async function getAccount(db: Db, ctx: CallerContext): Promise<AccountResponse> {
  const row = await findAccount(db, ctx.accountId);
  if (!row) throw notFound('Account');
  return serialize(row);
}

export function updateAccount(db: Db, ctx: CallerContext, input: AccountUpdate): Promise<AccountResponse> {
  return db.transaction(async (tx) => {
    const current = await lockForWrite(ctx.ifMatch, { key: 'account', label: 'Account', lock: () => findAccount(tx, ctx.accountId, true), answer: serialize });
    const changes: { name?: string; timeZone?: string | null } = {};
    if (input.name !== undefined && input.name !== current.name) changes.name = input.name;
    if (input.time_zone !== undefined && input.time_zone !== current.timeZone) changes.timeZone = input.time_zone;
    if (Object.keys(changes).length === 0) return serialize(current);
    await writeAccount(tx, ctx.accountId, changes);
    return getAccount(tx, ctx);
  });
}
