import { z } from 'zod';
import { MEMBERSHIP_ROLE_KEYS } from '@/db/schema/enums';
import { paginationQuery, projectReference, queryId, recordResponse, relationId, sortQuery, userReference } from './common';

/** A non-empty set of roles; a role given twice counts once. */
const roles = z
  .array(z.enum(MEMBERSHIP_ROLE_KEYS))
  .min(1, 'must have at least one role')
  .max(50)
  .transform((list) => [...new Set(list)])
  .meta({ description: 'Roles on the project team; duplicates are collapsed. Replaced as a whole on update.' });

/** POST body under `project_team_membership`. */
export const membershipCreate = z
  .object({
    user_id: relationId,
    roles,
    project_id: relationId.optional().meta({ description: 'Used only when the query has no project_id.' }),
  })
  .meta({ id: 'ProjectTeamMembershipCreate' });
/** PATCH body under `project_team_membership`: the roles, replacing the current set. */
export const membershipUpdate = z.object({ roles }).partial().meta({ id: 'ProjectTeamMembershipUpdate' });
export type MembershipCreate = z.output<typeof membershipCreate>;
export type MembershipUpdate = z.output<typeof membershipUpdate>;

const requiredProjectId = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be an id (a string of digits)') })
  .pipe(queryId)
  .meta({ description: 'The project the membership belongs to.' });
const optionalProjectId = queryId.optional().meta({ description: "When given, it must be the membership's project (otherwise 404)." });

/** Operation 14: the memberships of one project. */
export const membershipsListQuery = paginationQuery.extend({ project_id: requiredProjectId });
/** Operation 16: `project_id` is required. */
export const membershipQuery = z.object({ project_id: requiredProjectId });
/** POST (operation 15), PATCH and DELETE: `project_id` may be left out. */
export const membershipOptionalQuery = z.object({
  project_id: optionalProjectId,
});
export type MembershipsListQuery = z.output<typeof membershipsListQuery>;

export const MEMBERSHIP_SORTS = ['-created_at', 'created_at', 'project', 'user'] as const;

/**
 * `GET /team_memberships`: every membership of the account, across projects (operation 14 keeps
 * requiring project_id). Filters narrow it to a project, a person or a role.
 */
export const teamMembershipsListQuery = paginationQuery.extend({
  project_id: queryId.optional(),
  user_id: queryId.optional(),
  role: z.enum(MEMBERSHIP_ROLE_KEYS).optional().meta({ description: 'Memberships that hold this role (among others).' }),
  sort: sortQuery(
    MEMBERSHIP_SORTS,
    'Order: -created_at (newest first, the default), created_at, project (by project name, then as members joined) or user (by last name, first name).',
  ),
});
export type TeamMembershipsListQuery = z.output<typeof teamMembershipsListQuery>;
export type MembershipQuery = z.output<typeof membershipOptionalQuery>;

export const membershipRoleResponse = recordResponse('ProjectTeamMembershipRole', {
  role: z.enum(MEMBERSHIP_ROLE_KEYS),
  name: z.string().meta({ example: 'Project Manager' }),
});

export const membershipResponse = recordResponse('ProjectTeamMembership', {
  user: userReference,
  project: projectReference,
  roles: z.array(membershipRoleResponse),
});
export type MembershipResponse = z.output<typeof membershipResponse>;
