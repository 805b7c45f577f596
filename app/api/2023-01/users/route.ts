import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createUser, listUsers } from '@/lib/server/services/users';
import { userCreate, userListQuery, userResponse } from '@/lib/shared/validation/users';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/users — list the account's users
  GET: async (a) => listOrExport(a, 'users', userListQuery, listUsers, userResponse),
  // POST /api/2023-01/users — add a user to the account (admins)
  POST: {
    access: ACCESS.addUsers,
    run: async (a) => json({ user: await createUser(a.db, a.ctx, await parseBody(a.req, 'user', userCreate)) }, 201),
  },
});
