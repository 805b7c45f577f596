import { defineRoute, listResponse } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { listAccountMemberships } from '@/lib/server/services/project-team-memberships';
import { teamMembershipsListQuery } from '@/lib/shared/validation/project-team-memberships';

// Read-only: memberships are created, changed and removed under /project_team_memberships.
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/team_memberships — list the team memberships of every project of the account
  GET: async (a) =>
    listResponse(
      a,
      'project_team_memberships',
      await listAccountMemberships(a.db, a.ctx, parseQuery(a.url, teamMembershipsListQuery)),
    ),
});
