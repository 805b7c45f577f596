import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { parseBody, parseQuery } from '@/lib/server/http/request';
import { createUser, listUsers } from '@/lib/server/services/users';
import { userCreate, userListQuery } from '@/lib/shared/validation/users';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/users — list the account's users
  GET: async (a) => listResponse(a, 'users', await listUsers(a.db, a.ctx, parseQuery(a.url, userListQuery))),
  // POST /api/2023-01/users — add a user to the account (admins)
  POST: {
    access: ACCESS.addUsers,
    run: async (a) => json({ user: await createUser(a.db, a.ctx, await parseBody(a.req, 'user', userCreate)) }, 201),
  },
});
