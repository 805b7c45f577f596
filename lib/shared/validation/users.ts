import { z } from 'zod';
import { PERMISSION_AREAS, PERMISSION_LEVELS, PROJECT_ACCESS, USER_ROLES } from '@/db/schema/enums';
import { PASSWORD_LENGTH } from '@/lib/shared/auth-constants';
import { LIMITS, paginationQuery, querySearch, responseTimestamp, shortText, userReference } from './common';

export const userListQuery = paginationQuery.extend({
  q: querySearch.optional().meta({ description: 'Case-insensitive search in the name and the email.' }),
});
export type UserListQuery = z.output<typeof userListQuery>;

const personName = shortText.trim().nullable();

const projectAccess = z.enum(PROJECT_ACCESS).meta({
  description:
    '`all` projects, or only those whose team includes the user (`team`), with their tasks, task lists, calls, team memberships, assignments and forecast rows.',
});

const permissionLevel = z.enum(PERMISSION_LEVELS);

/** A level per area; in a write, any subset (the others keep theirs). */
const permissionsShape = Object.fromEntries(PERMISSION_AREAS.map((area) => [area, permissionLevel])) as Record<
  (typeof PERMISSION_AREAS)[number],
  typeof permissionLevel
>;
const permissionsDescription =
  'A level per area — `admin` (read, create, change, delete), `collaborator` (read, create, change) or `none` — over leads, projects (with tasks, task lists, calls and teams), directory (companies, contacts), workforce, forecast and insights. Account admins have `admin` everywhere, whatever is stored.';
export const permissionsInput = z.strictObject(permissionsShape).partial().meta({ id: 'PermissionsInput', description: permissionsDescription });
export const permissionsResponse = z.strictObject(permissionsShape).meta({ id: 'Permissions', description: permissionsDescription });

const password = z
  .string()
  .min(PASSWORD_LENGTH.min, `must have at least ${PASSWORD_LENGTH.min} characters`)
  .max(PASSWORD_LENGTH.max, `must have at most ${PASSWORD_LENGTH.max} characters`);

/** POST body under `user` (admins only). */
export const userCreate = z
  .object({
    email: z
      .string()
      .trim()
      .max(LIMITS.shortText)
      .pipe(z.email('must be an email address'))
      .transform((e) => e.toLowerCase())
      .meta({ description: 'Unique across Groundwork; stored lowercase.' }),
    first_name: personName.optional(),
    last_name: personName.optional(),
    role: z.enum(USER_ROLES).default('member'),
    project_access: projectAccess.default('all'),
    permissions: permissionsInput
      .default({})
      .meta({ description: 'Levels by area; the ones left out take the defaults: `collaborator` everywhere but `workforce: none`.' }),
    password: password.optional().meta({
      description:
        'The sign-in password; stored hashed (scrypt), never returned. Without it, the user is invited by email: a link, valid for 7 days, to choose their own.',
    }),
  })
  .meta({ id: 'UserCreate' });
export type UserCreate = z.output<typeof userCreate>;

/** PATCH body under `user` (admins only): any subset. */
export const userUpdate = z
  .object({
    first_name: personName,
    last_name: personName,
    role: z.enum(USER_ROLES),
    project_access: projectAccess,
    permissions: permissionsInput,
    deactivated: z.boolean().meta({
      description: 'true: the user cannot sign in, their sessions end and their tokens are refused; false reactivates.',
    }),
    password: password.meta({
      description:
        'A new sign-in password (an admin resetting it): their sessions end and their calendar feed link stops working; stored hashed, never returned.',
    }),
    revoke_tokens: z.boolean().meta({
      description:
        "true: revoke the user's API tokens and OAuth authorizations (with their access and refresh tokens), as after a compromise; with `password` or alone. Not stored: the user reads back unchanged.",
    }),
  })
  .partial()
  .meta({ id: 'UserUpdate' });
export type UserUpdate = z.output<typeof userUpdate>;

const email = z
  .string()
  .trim()
  .max(LIMITS.shortText)
  .pipe(z.email('must be an email address'))
  .transform((e) => e.toLowerCase());

/** An IANA time zone name the runtime knows (Intl), as browsers name them: "America/Denver", "UTC". */
export const timeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: 'is not a time zone (use an IANA name such as America/Denver)' })
  // Stored as the runtime names it ("america/denver" → "America/Denver").
  .transform((name) => new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone)
  .meta({ description: 'An IANA time zone name, such as America/Denver.' });

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.trim() === name && name !== '';
  } catch {
    return false;
  }
}

/** PATCH /users/me under `user`: what every user changes of their own profile. */
export const profileUpdate = z
  .object({
    first_name: personName,
    last_name: personName,
    email: email.meta({ description: 'The sign-in email; unique across Groundwork (422 when taken), stored lowercase.' }),
    time_zone: timeZone.nullable(),
  })
  .partial()
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.output<typeof profileUpdate>;

/** POST /users/me/password under `password_change`: the current password, and the new one. */
export const passwordChange = z
  .object({
    current_password: z.string().min(1, "can't be blank").max(PASSWORD_LENGTH.max),
    new_password: password.meta({ description: 'Stored hashed (scrypt); the other sessions of the user end.' }),
  })
  .meta({ id: 'PasswordChange' });
export type PasswordChange = z.output<typeof passwordChange>;

/**
 * The answer of the /users endpoints: the User reference shape (the shared embedded shapes of the OpenAPI document) plus the role and the
 * status. Users embedded in other records (`created_by`, `assigned_to`…) stay the bare reference.
 */
export const userResponse = userReference
  .extend({
    role: z.enum(USER_ROLES),
    deactivated: z.boolean(),
    deactivated_at: responseTimestamp.nullable(),
    time_zone: z.string().meta({
      description:
        'The IANA time zone the user lives in (America/Denver): theirs (Profile; null in a PATCH clears it), else their account’s, else America/New_York. Reminders and digests count in it.',
    }),
    project_access: projectAccess,
    permissions: permissionsResponse,
  })
  .meta({ id: 'User' });
export type UserResponse = z.output<typeof userResponse>;
