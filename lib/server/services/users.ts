import type { Db } from '@/db';
import type { SecurityEventKind } from '@/db/schema/enums';
import { accountName, insertUser } from '@/db/queries/accounts';
import { revokeTokens } from '@/db/queries/api-tokens';
import { deleteUserGrants } from '@/db/queries/oauth-grants';
import { deleteUserSessions, emailTaken, findUser, listUsers as queryUsers, lockActiveAdmins, lockUser, updateUserColumns } from '@/db/queries/users';
import { mailInvitation } from '@/lib/server/auth/password-mail';
import { checkUserPassword, setUserPassword } from '@/lib/server/auth/passwords';
import { serializeUser } from '@/lib/server/serializers/users';
import type { PasswordChange, ProfileUpdate, UserCreate, UserListQuery, UserResponse, UserUpdate } from '@/lib/shared/validation/users';
import { permissionColumns } from '@/lib/shared/permissions';
import { revokeCalendarFeed } from './calendar';
import { changedColumns, toColumns } from './common';
import { recordSecurityEvent } from './security-events';
import { forbidden, invalidField, notFound, validationFailed } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import { lockForWrite } from '@/lib/server/services/preconditions';
import type { CallerContext } from '@/lib/server/services/context';

/** The caller's own browser session, which ended sessions keep. */
function currentSessionId(ctx: CallerContext): number | undefined {
  const match = /^session:(\d+)$/.exec(ctx.credential);
  return match ? Number(match[1]) : undefined;
}

export async function listUsers(db: Db, ctx: CallerContext, query: UserListQuery): Promise<Page<UserResponse>> {
  const result = await queryUsers(db, ctx.accountId, query, pageWindow(query));
  return toPage(query, result, serializeUser);
}

export async function getUser(db: Db, ctx: CallerContext, id: number): Promise<UserResponse> {
  const row = await findUser(db, ctx.accountId, id);
  if (!row) throw notFound('User');
  return serializeUser(row);
}

/** The caller, as `GET /users/me` answers it. */
export function getCurrentUser(db: Db, ctx: CallerContext): Promise<UserResponse> {
  return getUser(db, ctx, ctx.userId);
}

/** A user changes their own name or sign-in email (Profile); an email another user has is a 422. */
export async function updateProfile(db: Db, ctx: CallerContext, input: ProfileUpdate): Promise<UserResponse> {
  return db.transaction(async (tx) => {
    const current = await lockForWrite(ctx.ifMatch, {
      key: 'user',
      label: 'User',
      lock: () => lockUser(tx, ctx.accountId, ctx.userId),
      answer: () => getUser(tx, ctx, ctx.userId),
    });
    const changes = changedColumns(current, toColumns(input));
    if (changes.email !== undefined && (await emailTaken(tx, input.email!))) throw validationFailed({ email: ['is already taken'] }, 'email is already taken');
    if (Object.keys(changes).length === 0) return serializeUser(current);
    await updateUserColumns(tx, ctx.accountId, ctx.userId, changes);
    return getUser(tx, ctx, ctx.userId);
  });
}

/**
 * A user changes their own password, saying the current one (a 422 on `current_password`
 * otherwise): their other sessions end, this one stays, and the security log records it.
 */
export async function changeOwnPassword(db: Db, ctx: CallerContext, input: PasswordChange): Promise<void> {
  const matches = await checkUserPassword(db, ctx.userId, input.current_password);
  if (!matches) throw invalidField('current_password', 'is not your current password');
  await db.transaction(async (tx) => {
    await setUserPassword(tx, ctx.userId, input.new_password);
    await deleteUserSessions(tx, ctx.userId, currentSessionId(ctx));
    await recordSecurityEvent(tx, ctx, { kind: 'user.password_changed', subjectType: 'user', subjectId: ctx.userId, details: { by: 'self' } });
  });
}

/** An admin adds a user to their account, with a password set through Better Auth's hasher. */
export async function createUser(db: Db, ctx: CallerContext, input: UserCreate): Promise<UserResponse> {
  return db.transaction(async (tx) => {
    // Emails are unique across accounts (sign-in has no account to scope by); a race past this
    // check is the unique index's 409.
    if (await emailTaken(tx, input.email)) throw validationFailed({ email: ['is already taken'] }, 'email is already taken');
    const id = await insertUser(tx, {
      accountId: ctx.accountId,
      email: input.email,
      firstName: input.first_name ?? null,
      lastName: input.last_name ?? null,
      role: input.role,
      projectAccess: input.project_access,
      ...permissionColumns(input.permissions),
    });
    if (input.password !== undefined) await setUserPassword(tx, id, input.password);
    else {
      // No password: an invitation by email, to choose their own.
      const inviter = await findUser(tx, ctx.accountId, ctx.userId);
      const account = await accountName(tx, ctx.accountId);
      await mailInvitation(
        tx,
        { id, email: input.email, accountId: ctx.accountId },
        inviter ? [inviter.firstName, inviter.lastName].filter(Boolean).join(' ') || inviter.email : 'Your admin',
        account ?? 'your company',
        ctx.baseUrl,
      );
    }
    await recordSecurityEvent(tx, ctx, {
      kind: 'user.created',
      subjectType: 'user',
      subjectId: id,
      details: { email: input.email, role: input.role, invited: input.password === undefined },
    });
    return getUser(tx, ctx, id);
  });
}

/**
 * An admin renames, promotes, demotes, deactivates or reactivates a user of the account, resets
 * their password or revokes their tokens. The account keeps at least one active admin: nobody
 * demotes or deactivates themselves, and the account's admin rows are locked first so two admins
 * demoting each other cannot both pass.
 */
export async function updateUser(db: Db, ctx: CallerContext, id: number, input: UserUpdate): Promise<UserResponse> {
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx, ctx.accountId);
    if (!admins.includes(ctx.userId)) throw forbidden('Only an admin of the account can change users.');
    const current = await lockForWrite(ctx.ifMatch, {
      key: 'user',
      label: 'User',
      lock: () => lockUser(tx, ctx.accountId, id),
      answer: () => getUser(tx, ctx, id),
    });

    const changes = changedColumns(current, {
      ...toColumns(input, ['deactivated', 'password', 'permissions', 'revoke_tokens']),
      ...permissionColumns(input.permissions ?? {}),
      ...(input.deactivated === undefined ? {} : { deactivatedAt: input.deactivated ? (current.deactivatedAt ?? new Date()) : null }),
    });
    const losesAdmin =
      current.role === 'admin' &&
      current.deactivatedAt === null &&
      (changes.role === 'member' || (changes.deactivatedAt !== undefined && changes.deactivatedAt !== null));
    if (losesAdmin && id === ctx.userId) {
      throw changes.role === 'member'
        ? invalidField('role', 'cannot be changed on yourself: ask another admin to do it')
        : invalidField('deactivated', 'cannot be set on yourself: ask another admin to do it');
    }
    if (losesAdmin && admins.filter((a) => a !== id).length === 0) {
      throw invalidField(changes.role === 'member' ? 'role' : 'deactivated', 'would leave the account without an admin');
    }
    if (Object.keys(changes).length === 0 && input.password === undefined && !input.revoke_tokens) return serializeUser(current);

    if (Object.keys(changes).length > 0) await updateUserColumns(tx, ctx.accountId, id, changes);
    if (input.password !== undefined) await setUserPassword(tx, id, input.password);
    // Deactivation, and a new password, sign the user out everywhere at once (an admin setting
    // their own keeps the session they set it from); a deactivated user's tokens are refused.
    if (changes.deactivatedAt) await deleteUserSessions(tx, id);
    else if (input.password !== undefined) await deleteUserSessions(tx, id, id === ctx.userId ? currentSessionId(ctx) : undefined);
    const event = (kind: SecurityEventKind, details: Record<string, unknown> = {}) =>
      recordSecurityEvent(tx, ctx, { kind, subjectType: 'user', subjectId: id, details });
    if (changes.role !== undefined) await event('user.role_changed', { role: { from: current.role, to: changes.role } });
    if (changes.deactivatedAt !== undefined) await event(changes.deactivatedAt ? 'user.deactivated' : 'user.reactivated');
    const access = accessChanges(current, changes);
    if (access) await event('user.access_changed', access);
    if (input.password !== undefined) {
      await event('user.password_changed');
      // A reset is what follows a leak: the feed link (a credential of its own) goes with the password.
      await revokeCalendarFeed(tx, ctx, id, 'password_reset');
    }
    if (input.revoke_tokens) await revokeUserTokens(tx, ctx, id);
    return getUser(tx, ctx, id);
  });
}

/** Every bearer credential of a user: API tokens (OAuth access tokens too) and OAuth authorizations, each kind recorded when there was one. */
async function revokeUserTokens(tx: Db, ctx: CallerContext, userId: number): Promise<void> {
  const tokens = await revokeTokens(tx, { userId });
  const grants = await deleteUserGrants(tx, { accountId: ctx.accountId, userId });
  const about = { subjectType: 'user', subjectId: userId };
  if (tokens > 0) await recordSecurityEvent(tx, ctx, { kind: 'api_token.revoked', ...about, details: { all: true, count: tokens } });
  if (grants.length > 0) {
    await recordSecurityEvent(tx, ctx, { kind: 'oauth_grant.revoked', ...about, details: { all: true, grant_ids: grants.map(String) } });
  }
}

/** What a change of project access or permissions was, by field (`{ from, to }`), or null. */
function accessChanges(current: Record<string, unknown>, changes: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> | null {
  const out = Object.fromEntries(
    Object.keys(changes)
      .filter((k) => k === 'projectAccess' || k.startsWith('permission'))
      .map((k) => [
        k === 'projectAccess' ? 'project_access' : `permissions.${k.slice('permission'.length).toLowerCase()}`,
        { from: current[k], to: changes[k] },
      ]),
  );
  return Object.keys(out).length ? out : null;
}
