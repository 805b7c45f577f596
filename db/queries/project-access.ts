import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { projectTeamMemberships } from '@/db/schema';

// Project access (docs/permissions.md): a user whose access is `team` sees only the projects whose
// team includes them, and what hangs off those projects (tasks, task lists, calls, team
// memberships, staffing, forecast rows). Every query of those records takes `teamOf` — that user's
// id, or undefined for everyone else — and filters in SQL, so pages, totals and reports never
// count what the caller cannot see.

/** The user whose teams bound what the caller sees; undefined: every project of the account. */
export type TeamOf = number | undefined;

// Aliased (written `"project_team_memberships" "visible_team"`): the memberships list filters its
// own table by the same rule.
const TEAM = 'visible_team';
const team = alias(projectTeamMemberships, TEAM);

/** `projectId` is a project whose team includes the user (nothing to check for `all`). */
export function inTeam(projectId: AnyPgColumn | SQL, teamOf: TeamOf | Placeholder): SQL | undefined {
  if (teamOf === undefined) return undefined;
  return sql`exists (select 1 from ${projectTeamMemberships} ${sql.identifier(TEAM)} where ${team.projectId} = ${projectId} and ${team.userId} = ${teamOf})`;
}

/** The same for a record whose project is optional: one of no project is everyone's. */
export function inTeamOrNoProject(projectId: AnyPgColumn, teamOf: TeamOf): SQL | undefined {
  if (teamOf === undefined) return undefined;
  return sql`(${projectId} is null or ${inTeam(projectId, teamOf)})`;
}
