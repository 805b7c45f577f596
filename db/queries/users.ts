import { and, desc, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { ofAccount, updatedSince } from './tenant';
import { accounts, sessions, users } from '@/db/schema';
import { personRefColumns } from './refs';
import { likePattern, type PageWindow, pageWithTotal } from './sql';

/** The list query's filters (lib/shared/validation/users.ts), by their API names. */
export interface UserFilters {
  q?: string;
  updated_since?: Date;
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** A user's project access and level per area (docs/permissions.md), as every caller is read with them. */
export const userAccessColumns = {
  projectAccess: users.projectAccess,
  permissionLeads: users.permissionLeads,
  permissionProjects: users.permissionProjects,
  permissionDirectory: users.permissionDirectory,
  permissionWorkforce: users.permissionWorkforce,
  permissionForecast: users.permissionForecast,
  permissionInsights: users.permissionInsights,
};

/** The User reference columns, and what only the /users endpoints show: role, status, access. */
const userColumns = {
  ...personRefColumns(users),
  role: users.role,
  deactivatedAt: users.deactivatedAt,
  /** Theirs, else their account's (null: neither chose one). */
  timeZone: sql<string | null>`coalesce(${users.timeZone}, (select a.time_zone from ${accounts} a where a.id = ${users.accountId}))`,
  ...userAccessColumns,
};

function filterWhere(accountId: number, f: UserFilters): SQL | undefined {
  return and(
    eq(users.accountId, accountId),
    // An account has a handful of users: the account index narrows enough, no trigram index needed.
    f.q !== undefined
      ? ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email}`, likePattern(f.q))
      : undefined,
    updatedSince(users.updatedAt, f.updated_since),
  );
}

export async function listUsers(db: Db, accountId: number, filters: UserFilters, page: PageWindow) {
  const where = filterWhere(accountId, filters);
  return pageWithTotal(db, db.select(userColumns).from(users).$dynamic(), users, where, [desc(users.createdAt), desc(users.id)], page);
}

export async function findUser(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(ofAccount(users, accountId, id));
  return row;
}

/** The account's active admins, locked, so concurrent demotions see each other (never zero admins). */
export async function lockActiveAdmins(db: Db, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'admin'), isNull(users.deactivatedAt)))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

export async function lockUser(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(ofAccount(users, accountId, id))
    .for('update');
  return row;
}

/** Any user with this email, in any account: emails are unique across Groundwork (sign-in has no account). */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row !== undefined;
}

/** Whether a user exists and is active, whatever the account (sign-in does not know the account yet). */
export async function findUserStatus(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, accountId: users.accountId, role: users.role, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Signs a user out everywhere (Better Auth's sessions are rows; the cookie alone proves nothing). */
export async function deleteUserSessions(db: Db, userId: number, keepSessionId?: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId)));
}

/** A user's stored notification email settings (the kinds changed from the defaults); its row locked with `lock`. */
export async function notificationSettingsOf(db: Db, userId: number, lock = false) {
  const query = db.select({ settings: users.notificationSettings }).from(users).where(eq(users.id, userId));
  const [row] = await (lock ? query.for('update') : query);
  return row?.settings;
}

export async function setNotificationSettings(db: Db, userId: number, settings: Record<string, string>): Promise<void> {
  await db.update(users).set({ notificationSettings: settings, updatedAt: new Date() }).where(eq(users.id, userId));
}
