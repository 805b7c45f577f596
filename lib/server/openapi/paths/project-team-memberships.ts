import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  membershipCreate,
  membershipOptionalQuery,
  membershipQuery,
  membershipResponse,
  membershipsListQuery,
  membershipUpdate,
  teamMembershipsListQuery,
} from '@/lib/shared/validation/project-team-memberships';
import { conflictResponse, resourcePaths } from '@/lib/server/openapi/paths/resource';

const BASE = '/api/2023-01/project_team_memberships';

const paths = resourcePaths({
  resource: 'project_team_membership',
  response: membershipResponse,
  create: membershipCreate,
  update: membershipUpdate,
  listQuery: membershipsListQuery,
  recordQuery: membershipOptionalQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
  summaries: {
    list: "List a project's team memberships",
    create: "Add a member to a project's team",
    get: 'Get a project team membership',
    update: "Replace a team member's roles",
    delete: "Remove a member from a project's team",
  },
});

// Read-only, account-wide: the memberships of every project (operation 14 stays per project).
const accountWide = resourcePaths({
  path: 'team_memberships',
  resource: 'project_team_membership',
  response: membershipResponse,
  listQuery: teamMembershipsListQuery,
  ops: ['list'],
  operationIds: { list: 'list_team_memberships' },
  summaries: { list: 'List the team memberships of every project' },
});

const collection = paths[BASE]!;
const member = paths[`${BASE}/{id}`]!;

export const projectTeamMembershipsPaths: ZodOpenApiPathsObject = {
  [BASE]: {
    ...collection,
    get: {
      ...collection.get!,
      description: 'project_id is required (422 when missing); an unknown project is a 404.',
      responses: { ...collection.get!.responses, '404': member.get!.responses['404']! },
    },
    post: {
      ...collection.post!,
      description:
        'project_id comes from the query, or from the body when the query has none (422 when neither). ' +
        'An unknown project in the query is a 404; in the body, a 422. A user already on the team is a 409 `conflict`.',
      responses: {
        ...collection.post!.responses,
        '404': member.get!.responses['404']!,
        ...conflictResponse('The user is already on the team'),
      },
    },
  },
  [`${BASE}/{id}`]: {
    ...member,
    // Operation 16 requires project_id; PATCH and DELETE take it optionally.
    get: { ...member.get!, requestParams: { ...member.get!.requestParams, query: membershipQuery } },
  },
  '/api/2023-01/team_memberships': {
    get: {
      ...accountWide['/api/2023-01/team_memberships']!.get!,
      description:
        'Every team membership of the account, in the Project team membership shape, filtered by project_id, ' +
        'user_id or role. Read-only: add, change and remove members under /project_team_memberships.',
    },
  },
};
