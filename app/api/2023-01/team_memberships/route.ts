import { defineRoute } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { listAccountMemberships } from '@/lib/server/services/project-team-memberships';
import { membershipResponse, teamMembershipsListQuery } from '@/lib/shared/validation/project-team-memberships';

// Read-only: memberships are created, changed and removed under /project_team_memberships.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/team_memberships — list the team memberships of every project of the account
  GET: async (call) => listOrExport(call, 'project_team_memberships', teamMembershipsListQuery, listAccountMemberships, membershipResponse),
});
