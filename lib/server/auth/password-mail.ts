import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Db } from '@/db';
import { insertPasswordToken } from '@/db/queries/auth-accounts';
import { findUserStatus } from '@/db/queries/users';
import { invitationMail, passwordResetMail } from '@/lib/server/mail/compose';
import { queueMail } from '@/lib/server/mail/outbox';

// Mail that sets a password (docs/security.md#passwords): the reset link asked for on the sign-in
// page (Better Auth makes the one-hour token and calls us), and an admin's invitation (a seven-day
// token of the same kind, made here). Both open /reset-password, which hands the token and the new
// password to Better Auth's reset-password endpoint: one use, sessions ended.

const INVITATION_SECONDS = 7 * 86_400;

const resetPage = (origin: string, token: string, welcome = false) =>
  `${origin}/reset-password?token=${encodeURIComponent(token)}${welcome ? '&welcome=1' : ''}`;

/** Better Auth's `sendResetPassword`: the link, by mail, to an active user (a deactivated one gets nothing). */
export async function mailPasswordReset(db: Db, user: { id: string | number; email: string }, token: string, origin: string): Promise<void> {
  const status = await findUserStatus(db, Number(user.id));
  if (!status || status.deactivatedAt !== null) return;
  await queueMail(db, {
    accountId: status.accountId,
    userId: Number(user.id),
    to: user.email,
    baseUrl: origin,
    mail: passwordResetMail(resetPage(origin, token)),
  });
}

/** An invitation to a user just added without a password: a seven-day token, in the transaction that adds them. */
export async function mailInvitation(
  db: Db,
  invitee: { id: number; email: string; accountId: number },
  inviter: string,
  account: string,
  origin: string,
): Promise<void> {
  const token = randomBytes(24).toString('base64url');
  await insertPasswordToken(db, invitee.id, token, new Date(Date.now() + INVITATION_SECONDS * 1000));
  await queueMail(db, {
    accountId: invitee.accountId,
    userId: invitee.id,
    to: invitee.email,
    baseUrl: origin,
    mail: invitationMail(inviter, account, resetPage(origin, token, true)),
  });
}
