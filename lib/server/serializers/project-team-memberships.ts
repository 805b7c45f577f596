import type { MembershipRow } from '@/db/queries/project-team-memberships';
import { MEMBERSHIP_ROLES } from '@/db/schema/enums';
import type { MembershipResponse } from '@/lib/shared/validation/project-team-memberships';
import { base, namedRef, personRef } from './common';

/** The one Project team membership shape (`ProjectTeamMembership` in the OpenAPI document), with its roles. */
export function serializeMembership(row: MembershipRow): MembershipResponse {
  return {
    ...base(row.membership),
    // Inner joins: the user and project are always there.
    user: personRef(row.user)!,
    project: namedRef(row.project)!,
    roles: row.roles.map((r) => ({ ...base(r), role: r.role, name: MEMBERSHIP_ROLES[r.role] })),
  };
}
