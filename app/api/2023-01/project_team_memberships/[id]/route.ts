import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId, parseQuery } from '@/lib/server/http/request';
import { deleteMembership, getMembership, updateMembership } from '@/lib/server/services/project-team-memberships';
import { membershipOptionalQuery, membershipQuery, membershipUpdate } from '@/lib/shared/validation/project-team-memberships';

const KEY = 'project_team_membership';
const NAME = 'Project team membership';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/project_team_memberships/{id}?project_id= — get a team membership (operation 16)
  GET: async ({ params, url, db, ctx }) => {
    const [id, { project_id }] = [parseId(params.id, NAME), parseQuery(url, membershipQuery)];
    return json({ [KEY]: await getMembership(db, ctx, id, project_id) });
  },
  // PATCH /api/2023-01/project_team_memberships/{id} — replace a member's roles
  PATCH: async ({ params, url, db, ctx, req }) => {
    const [id, query] = [parseId(params.id, NAME), parseQuery(url, membershipOptionalQuery)];
    return json({ [KEY]: await updateMembership(db, ctx, id, query, await parseBody(req, KEY, membershipUpdate)) });
  },
  // DELETE /api/2023-01/project_team_memberships/{id} — remove a member from the team
  DELETE: async ({ db, ctx, params, url }) => {
    await deleteMembership(db, ctx, parseId(params.id, NAME), parseQuery(url, membershipOptionalQuery));
    return noContent();
  },
});
