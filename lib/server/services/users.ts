import type { Db } from '@/db';
import type { SecurityEventKind } from '@/db/schema/enums';
import { accountName } from '@/db/queries/accounts';
import { revokeTokens } from '@/db/queries/api-tokens';
import { deleteUserGrants } from '@/db/queries/oauth-grants';
import { deleteUserSessions, emailTaken, findUser, listUsers as queryUsers, lockActiveAdmins, lockUser, type UserRow } from '@/db/queries/users';
import { users } from '@/db/schema';
import { mailInvitation } from '@/lib/server/auth/password-mail';
import { checkUserPassword, setUserPassword } from '@/lib/server/auth/passwords';
import { serializeUser } from '@/lib/server/serializers/users';
import type { PasswordChange, ProfileUpdate, UserCreate, UserListQuery, UserResponse, UserUpdate } from '@/lib/shared/validation/users';
import { permissionColumns } from '@/lib/shared/permissions';
import { revokeCalendarFeed } from './calendar';
import { toColumns } from './common';
import { createRecord, getRecord, updateRecord, type RecordKind } from './records';
import { recordSecurityEvent } from './security-events';
import { forbidden, invalidField, validationFailed } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
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

export function getUser(db: Db, ctx: CallerContext, id: number): Promise<UserResponse> {
  return getRecord(db, ctx, userKind(), id);
}

/** The caller, as `GET /users/me` answers it. */
export function getCurrentUser(db: Db, ctx: CallerContext): Promise<UserResponse> {
  return getUser(db, ctx, ctx.userId);
}

/** A user changes their own name, sign-in email or time zone (Profile); an email another user has is a 422. */
export function updateProfile(db: Db, ctx: CallerContext, input: ProfileUpdate): Promise<UserResponse> {
  return updateRecord(db, ctx, userKind(), ctx.userId, input, {
    columns: () => toColumns(input),
    changed: async (changes, _current, tx) => {
      if (changes.email !== undefined && (await emailTaken(tx, input.email!)))
        throw validationFailed({ email: ['is already taken'] }, 'email is already taken');
    },
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
export function createUser(db: Db, ctx: CallerContext, input: UserCreate): Promise<UserResponse> {
  return createRecord(
    db,
    ctx,
    userKind(input),
    input,
    async (tx) => {
      // Emails are unique across accounts (sign-in has no account to scope by); a race past this
      // check is the unique index's 409.
      if (await emailTaken(tx, input.email)) throw validationFailed({ email: ['is already taken'] }, 'email is already taken');
      return {
        email: input.email,
        firstName: input.first_name ?? null,
        lastName: input.last_name ?? null,
        role: input.role,
        projectAccess: input.project_access,
        ...permissionColumns(input.permissions),
      };
    },
    async (tx, id) => {
      if (input.password !== undefined) return setUserPassword(tx, id, input.password);
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
    },
  );
}

/**
 * An admin renames, promotes, demotes, deactivates or reactivates a user of the account, resets
 * their password or revokes their tokens. The account keeps at least one active admin: nobody
 * demotes or deactivates themselves, and the account's admin rows are locked first so two admins
 * demoting each other cannot both pass.
 */
export function updateUser(db: Db, ctx: CallerContext, id: number, input: UserUpdate): Promise<UserResponse> {
  let admins: number[] = [];
  return updateRecord(db, ctx, userKind(), id, input, {
    before: async (tx) => {
      admins = await lockActiveAdmins(tx, ctx.accountId);
      if (!admins.includes(ctx.userId)) throw forbidden('Only an admin of the account can change users.');
    },
    columns: (current) => ({
      ...toColumns(input, ['deactivated', 'password', 'permissions', 'revoke_tokens']),
      ...permissionColumns(input.permissions ?? {}),
      ...(input.deactivated === undefined ? {} : { deactivatedAt: input.deactivated ? (current.deactivatedAt ?? new Date()) : null }),
    }),
    changed: (changes, current) => {
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
    },
    // A new password and revoked tokens are changes of the user beyond their row's columns.
    related: async (_current, tx) => {
      if (input.password !== undefined) await setUserPassword(tx, id, input.password);
      const related = { ...(input.password === undefined ? {} : { password: true }), ...(input.revoke_tokens ? { revokeTokens: true } : {}) };
      return Object.keys(related).length > 0 ? related : null;
    },
  });
}

/**
 * Users as the write skeleton reads and writes them. Their writes go to the security log, one
 * event per kind of change, with what each change means beyond the row: deactivation and a new
 * password end the user's sessions (an admin setting their own keeps the session they set it
 * from), and a reset also revokes their calendar feed. `create`: the body of the create it is for.
 */
function userKind(create?: UserCreate): RecordKind<UserRow, UserResponse> {
  return {
    resource: 'user',
    label: 'User',
    table: users,
    read: (db, accountId, id, lock) => (lock ? lockUser(db, accountId, id) : findUser(db, accountId, id)),
    columns: (row) => row,
    serialize: serializeUser,
    sink: {
      created: (tx, ctx, id) =>
        recordSecurityEvent(tx, ctx, {
          kind: 'user.created',
          subjectType: 'user',
          subjectId: id,
          details: { email: create?.email, role: create?.role, invited: create?.password === undefined },
        }),
      updated: async (tx, ctx, id, { current, changes }) => {
        if (changes.deactivatedAt) await deleteUserSessions(tx, id);
        else if (changes.password) await deleteUserSessions(tx, id, id === ctx.userId ? currentSessionId(ctx) : undefined);
        const event = (kind: SecurityEventKind, details: Record<string, unknown> = {}) =>
          recordSecurityEvent(tx, ctx, { kind, subjectType: 'user', subjectId: id, details });
        if (changes.role !== undefined) await event('user.role_changed', { role: { from: current.role, to: changes.role } });
        if (changes.deactivatedAt !== undefined) await event(changes.deactivatedAt ? 'user.deactivated' : 'user.reactivated');
        const access = accessChanges(current, changes);
        if (access) await event('user.access_changed', access);
        if (changes.password) {
          await event('user.password_changed');
          // A reset is what follows a leak: the feed link (a credential of its own) goes with the password.
          await revokeCalendarFeed(tx, ctx, id, 'password_reset');
        }
        if (changes.revokeTokens) await revokeUserTokens(tx, ctx, id);
      },
    },
  };
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
