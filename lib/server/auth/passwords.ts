import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { Db } from '@/db';
import { findCredentialHash, upsertCredential } from '@/db/queries/auth-accounts';
import { PASSWORD_LENGTH } from '@/lib/shared/auth-constants';

// Users are created by our code (seed, and later invitations), never by Better Auth's sign-up, so
// their passwords are set here, hashed by Better Auth (scrypt) exactly as its sign-up would.

export { PASSWORD_LENGTH };

/** Sets (or replaces) a user's password; takes a transaction too. */
export async function setUserPassword(db: Db, userId: number, password: string): Promise<void> {
  if (password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max) {
    throw new Error(`A password must have ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters.`);
  }
  await upsertCredential(db, userId, await hashPassword(password));
}

/** Whether `password` is the user's: null when the user has no password at all. */
export async function checkUserPassword(db: Db, userId: number, password: string): Promise<boolean | null> {
  const hash = await findCredentialHash(db, userId);
  return hash === null ? null : verifyPassword({ hash, password });
}
