import type { MembershipRoleRow, MembershipRow } from '@/db/queries/project-team-memberships';
import { MEMBERSHIP_ROLES } from '@/db/schema/enums';
import type { MembershipResponse } from '@/lib/shared/validation/project-team-memberships';
import { base, namedRef, personRef } from './common';

/** The one Project team membership shape (`ProjectTeamMembership` in the OpenAPI document); `roles` are the membership's role rows. */
export function serializeMembership(row: MembershipRow, roles: MembershipRoleRow[]): MembershipResponse {
  return {
    ...base(row.membership),
    // Inner joins: the user and project are always there.
    user: personRef(row.user)!,
    project: namedRef(row.project)!,
    roles: roles.map((r) => ({ ...base(r), role: r.role, name: MEMBERSHIP_ROLES[r.role] })),
  };
}
