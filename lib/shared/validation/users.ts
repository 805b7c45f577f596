import { z } from 'zod';
import { USER_ROLES } from '@/db/schema/enums';
import { PASSWORD_LENGTH } from '@/lib/shared/auth-constants';
import { LIMITS, paginationQuery, querySearch, responseTimestamp, shortText, userReference } from './common';

export const userListQuery = paginationQuery.extend({
  q: querySearch.optional().meta({ description: 'Case-insensitive search in the name and the email.' }),
});
export type UserListQuery = z.output<typeof userListQuery>;

const personName = shortText.trim().nullable();

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
    password: password.meta({ description: 'The sign-in password; stored hashed (scrypt), never returned.' }),
  })
  .meta({ id: 'UserCreate' });
export type UserCreate = z.output<typeof userCreate>;

/** PATCH body under `user` (admins only): any subset. */
export const userUpdate = z
  .object({
    first_name: personName,
    last_name: personName,
    role: z.enum(USER_ROLES),
    deactivated: z.boolean().meta({
      description: 'true: the user cannot sign in, their sessions end and their tokens are refused; false reactivates.',
    }),
    password: password.meta({ description: 'A new sign-in password (an admin resetting it): their sessions end; stored hashed, never returned.' }),
  })
  .partial()
  .meta({ id: 'UserUpdate' });
export type UserUpdate = z.output<typeof userUpdate>;

/**
 * The answer of the /users endpoints: the User reference shape (the shared embedded shapes of the OpenAPI document) plus the role and the
 * status. Users embedded in other records (`created_by`, `assigned_to`…) stay the bare reference.
 */
export const userResponse = userReference
  .extend({
    role: z.enum(USER_ROLES),
    deactivated: z.boolean(),
    deactivated_at: responseTimestamp.nullable(),
  })
  .meta({ id: 'User' });
export type UserResponse = z.output<typeof userResponse>;
