import type { UserRow } from '@/db/queries/users';
import type { UserResponse } from '@/lib/validation/users';
import { personRef } from './common';

/** A user answers the User reference shape (part 2.1), on its own as when embedded. */
export function serializeUser(row: UserRow): UserResponse {
  return personRef(row)!;
}
