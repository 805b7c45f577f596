import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { userCreate, userListQuery, userResponse, userUpdate } from '@/lib/shared/validation/users';
import { conflictResponse, errorResponse, ok, resourcePaths, standardErrors } from '@/lib/server/openapi/paths/resource';

const forbidden = {
  '403': {
    description: 'A `read` token writing (`insufficient_scope`), or a caller who is not an admin (`forbidden`).',
    content: { 'application/json': { schema: errorResponse } },
  },
};

const paths = resourcePaths({
  resource: 'user',
  response: userResponse,
  create: userCreate,
  update: userUpdate,
  listQuery: userListQuery,
  ops: ['list', 'create', 'get', 'update'],
  summaries: {
    list: "List the account's users",
    create: 'Add a user to the account (admins)',
    get: 'Get a user of the account',
    update: 'Rename, change the role of, deactivate or reactivate a user (admins)',
  },
});
const collection = paths['/api/2023-01/users']!;
const member = paths['/api/2023-01/users/{id}']!;
collection.post = {
  ...collection.post!,
  description:
    'Admins only (a session or a `read write` token). The email must be new to Groundwork (422 on `email` otherwise); the password is hashed, never returned.',
  responses: { ...collection.post!.responses, ...forbidden, ...conflictResponse('Another request added a user with this email at the same moment') },
};
member.patch = {
  ...member.patch!,
  description:
    "Admins only. An admin cannot demote or deactivate themselves, and the last active admin cannot lose the role (422 on the field). Deactivating ends the user's sessions; their tokens are refused until reactivated.",
  responses: { ...member.patch!.responses, ...forbidden },
};

export const usersPaths: ZodOpenApiPathsObject = {
  ...paths,
  '/api/2023-01/users/me': {
    get: {
      operationId: 'get_current_user',
      tags: ['Users'],
      summary: 'The user the token acts for',
      responses: { ...ok('The caller.', 'user', userResponse), ...standardErrors },
    },
  },
};
