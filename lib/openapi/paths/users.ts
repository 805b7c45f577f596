import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { userListQuery, userResponse } from '@/lib/validation/users';
import { ok, resourcePaths, standardErrors } from '../resource';

export const usersPaths: ZodOpenApiPathsObject = {
  ...resourcePaths({
    path: 'users',
    tag: 'Users',
    singular: 'user',
    plural: 'users',
    response: userResponse,
    listQuery: userListQuery,
    ops: ['list', 'get'],
    summaries: { list: "List the account's users", get: 'Get a user of the account' },
  }),
  '/api/2023-01/users/me': {
    get: {
      tags: ['Users'],
      summary: 'The user the token acts for',
      responses: { ...ok('The caller.', 'user', userResponse), ...standardErrors },
    },
  },
};
