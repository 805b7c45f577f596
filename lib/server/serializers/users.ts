import type { UserRow } from '@/db/queries/users';
import type { UserResponse } from '@/lib/shared/validation/users';
import { isoOrNull, personRef } from './common';

/**
 * A user as the /users endpoints answer it: the User reference shape (the shared embedded shapes of the OpenAPI document), which records
 * embed through `personRef`, plus the role and the status, which only these endpoints show.
 */
export function serializeUser(row: UserRow): UserResponse {
  return {
    ...personRef(row)!,
    role: row.role === 'admin' ? 'admin' : 'member',
    deactivated: row.deactivatedAt !== null,
    deactivated_at: isoOrNull(row.deactivatedAt),
  };
}
