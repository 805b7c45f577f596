import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, oneOf, parentRef, timestamps } from './columns';
import { MEMBERSHIP_ROLE_KEYS, type MembershipRole } from './enums';
import { projects } from './projects';

export const projectTeamMemberships = pgTable(
  'project_team_memberships',
  {
    id: id(),
    accountId: accountId(),
    projectId: parentRef('project_id', () => projects.id),
    userId: parentRef('user_id', () => users.id),
    ...timestamps,
  },
  (t) => [
    index('project_team_memberships_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('project_team_memberships_project_user_key').on(t.projectId, t.userId),
    index('project_team_memberships_user_id_idx').on(t.userId),
  ],
);

/** One row per role a member holds, so each role is a record with its own id and timestamps. */
export const projectTeamMembershipRoles = pgTable(
  'project_team_membership_roles',
  {
    id: id(),
    membershipId: parentRef('membership_id', () => projectTeamMemberships.id),
    role: text('role').$type<MembershipRole>().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('project_team_membership_roles_membership_role_key').on(t.membershipId, t.role),
    check('project_team_membership_roles_role_check', oneOf(t.role, MEMBERSHIP_ROLE_KEYS)),
  ],
);
