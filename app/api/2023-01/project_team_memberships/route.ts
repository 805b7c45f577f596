import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody, parseQuery } from '@/lib/server/http/request';
import { createMembership, listMemberships } from '@/lib/server/services/project-team-memberships';
import { membershipCreate, membershipOptionalQuery, membershipResponse, membershipsListQuery } from '@/lib/shared/validation/project-team-memberships';

const KEY = 'project_team_membership';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/project_team_memberships?project_id= — list a project's team (operation 14)
  GET: async (call) => listOrExport(call, 'project_team_memberships', membershipsListQuery, listMemberships, membershipResponse),
  // POST /api/2023-01/project_team_memberships?project_id= — add a member to a project's team (operation 15)
  POST: async ({ url, db, ctx, req }) => {
    const query = parseQuery(url, membershipOptionalQuery);
    return json({ [KEY]: await createMembership(db, ctx, query, await parseBody(req, KEY, membershipCreate)) }, 201);
  },
});
