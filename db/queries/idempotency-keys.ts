import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '@/db';
import { idempotencyKeys } from '@/db/schema';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/** Whose key: a key is the caller's own (their user and the credential they sent it with). */
export interface KeyOwner {
  accountId: number;
  userId: number;
  credential: string;
}

const ownedKey = (owner: KeyOwner, key: string) =>
  and(
    eq(idempotencyKeys.accountId, owner.accountId),
    eq(idempotencyKeys.userId, owner.userId),
    eq(idempotencyKeys.credential, owner.credential),
    eq(idempotencyKeys.key, key),
  );

/**
 * Keys older than `before` are forgotten, lazily, on the account's next keyed request (a batch
 * at a time; rows another request is deleting are skipped rather than waited for).
 */
export async function deleteExpiredKeys(db: Db, accountId: number, before: Date): Promise<void> {
  const expired = db
    .select({ id: idempotencyKeys.id })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), lt(idempotencyKeys.createdAt, before)))
    .limit(100)
    .for('update', { skipLocked: true });
  await db.delete(idempotencyKeys).where(inArray(idempotencyKeys.id, expired));
}

/**
 * Claims the key: true when this transaction inserted it. A concurrent transaction that holds
 * the same key makes this wait (on the unique index) until that one commits or rolls back.
 */
export async function claimKey(
  db: Db,
  owner: KeyOwner,
  values: Pick<typeof idempotencyKeys.$inferInsert, 'key' | 'operation' | 'requestHash'>,
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...owner, ...values, status: 0, responseBody: '' })
    .onConflictDoNothing({ target: [idempotencyKeys.accountId, idempotencyKeys.userId, idempotencyKeys.credential, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  return rows.length > 0;
}

export async function findKey(db: Db, owner: KeyOwner, key: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(ownedKey(owner, key));
  return row;
}

export async function storeResponse(db: Db, owner: KeyOwner, key: string, status: number, responseBody: string): Promise<void> {
  await db.update(idempotencyKeys).set({ status, responseBody }).where(ownedKey(owner, key));
}
