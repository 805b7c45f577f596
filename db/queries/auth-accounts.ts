import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db';
import { authAccounts, verifications } from '@/db/schema';

// Better Auth's "credential" account holds a user's password hash; its provider-side id is the
// user's id, as Better Auth's own sign-up writes it.
export const CREDENTIAL_PROVIDER = 'credential';

export async function upsertCredential(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .insert(authAccounts)
    .values({ userId, providerId: CREDENTIAL_PROVIDER, providerAccountId: String(userId), password: passwordHash })
    .onConflictDoUpdate({
      target: [authAccounts.providerId, authAccounts.providerAccountId],
      set: { password: passwordHash, updatedAt: new Date() },
    });
}

export async function findCredentialHash(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ hash: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, CREDENTIAL_PROVIDER)));
  return row?.hash ?? null;
}

/** A one-time token that sets the user's password (Better Auth's reset-password verification), valid until `expiresAt`. */
export async function insertPasswordToken(db: Db, userId: number, token: string, expiresAt: Date): Promise<void> {
  await db.insert(verifications).values({ identifier: `reset-password:${token}`, value: String(userId), expiresAt });
}
