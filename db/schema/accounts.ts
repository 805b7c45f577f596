import { boolean, check, date, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id, oneOf, parentRef, timestamps, ts } from './columns';
import {
  PERMISSION_LEVELS,
  PROJECT_ACCESS,
  USER_ROLES,
  type NotificationChannel,
  type NotificationKind,
  type PermissionArea,
  type PermissionLevel,
  type ProjectAccess,
} from './enums';

/** A tenant: one general contractor. Every other record belongs to exactly one account. */
export const accounts = pgTable('accounts', {
  id: id(),
  name: text('name').notNull(),
  /** The IANA time zone of a user who has not chosen one (their reminders' "8 AM", their digest's 07:00); null: America/New_York. */
  timeZone: text('time_zone'),
  ...timestamps,
});

/** A user's level in one area; new users collaborate everywhere but the workforce (salaries, people). */
const permission = (area: PermissionArea) =>
  text(`permission_${area}`)
    .$type<PermissionLevel>()
    .notNull()
    .default(area === 'workforce' ? 'none' : 'collaborator');

export const users = pgTable(
  'users',
  {
    id: id(),
    accountId: parentRef('account_id', () => accounts.id),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Stored lowercase (Better Auth looks users up by the lowercased email, case-sensitively). */
    email: text('email').notNull(),
    // Better Auth's user model: `name` is required there, but first_name and last_name stay the
    // source of truth, so it is derived (the email when both are blank) and Better Auth never
    // writes it (sign-up and update-user are disabled).
    name: text('name')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(nullif(btrim(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), ''), "email")`),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The IANA time zone the user lives in (Profile): what "tomorrow 8 AM" means for their reminders; null until set. */
    timeZone: text('time_zone'),
    /** Email per kind of notification (docs/collaboration.md#email): only the kinds changed from the defaults. */
    notificationSettings: jsonb('notification_settings').$type<Partial<Record<NotificationKind, NotificationChannel>>>().notNull().default({}),
    /** The day (in the user's time zone) of the last digest made for them: one a day, whichever worker runs. */
    digestSentOn: date('digest_sent_on', { mode: 'string' }),
    image: text('image'),
    /** `admin` manages the account's users, API tokens and webhooks; `member` does the CRM work. */
    role: text('role').notNull().default('member'),
    /** Set when an admin deactivates the user: no sign-in, tokens refused. */
    deactivatedAt: ts('deactivated_at'),
    /** `all` projects, or those whose team includes the user (`team`); admins see all whatever it says. */
    projectAccess: text('project_access').$type<ProjectAccess>().notNull().default('all'),
    permissionLeads: permission('leads'),
    permissionProjects: permission('projects'),
    permissionDirectory: permission('directory'),
    permissionWorkforce: permission('workforce'),
    permissionForecast: permission('forecast'),
    permissionInsights: permission('insights'),
    ...timestamps,
  },
  (t) => [
    check('users_role_check', oneOf(t.role, USER_ROLES)),
    check('users_project_access_check', oneOf(t.projectAccess, PROJECT_ACCESS)),
    check(
      'users_permissions_check',
      sql.join(
        [t.permissionLeads, t.permissionProjects, t.permissionDirectory, t.permissionWorkforce, t.permissionForecast, t.permissionInsights].map((c) =>
          oneOf(c, PERMISSION_LEVELS),
        ),
        sql` and `,
      ),
    ),
    index('users_account_id_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    // Sign-in matches the email column itself, which the lower(email) index cannot serve.
    index('users_email_idx').on(t.email),
  ],
);

/** The tenant column every account-owned table carries. */
export const accountId = () => parentRef('account_id', () => accounts.id);
