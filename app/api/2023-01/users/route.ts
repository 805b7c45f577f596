import { defineRoute, listResponse } from '@/lib/api/route';
import { parseQuery } from '@/lib/api/request';
import { listUsers } from '@/lib/services/users';
import { userListQuery } from '@/lib/validation/users';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/users — list the account's users
  GET: async (a) => listResponse(a, 'users', await listUsers(a.db, a.ctx, parseQuery(a.url, userListQuery))),
});
