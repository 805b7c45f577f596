import type { UserRow } from '@/db/queries/users';
import type { UserResponse } from '@/lib/shared/validation/users';
import { effectiveAccess, permissionsOf } from '@/lib/shared/permissions';
import { isoOrNull, personRef } from './common';
import { DEFAULT_TIME_ZONE } from '@/db/schema/enums';

/**
 * A user as the /users endpoints answer it: the User reference shape (the shared embedded shapes of the OpenAPI document), which records
 * embed through `personRef`, plus the role, the status and the access, which only these endpoints show.
 */
export function serializeUser(row: UserRow): UserResponse {
  return {
    ...personRef(row)!,
    role: row.role === 'admin' ? 'admin' : 'member',
    deactivated: row.deactivatedAt !== null,
    deactivated_at: isoOrNull(row.deactivatedAt),
    time_zone: row.timeZone ?? DEFAULT_TIME_ZONE,
    ...accessFields(row),
  };
}

/** The user's project access and permissions as in effect: an admin's are everything, whatever is stored. */
function accessFields(row: UserRow): Pick<UserResponse, 'project_access' | 'permissions'> {
  const { projectAccess, permissions } = effectiveAccess(row.role === 'admin' ? 'admin' : 'member', {
    projectAccess: row.projectAccess,
    permissions: permissionsOf(row),
  });
  return { project_access: projectAccess, permissions: { ...permissions } };
}
