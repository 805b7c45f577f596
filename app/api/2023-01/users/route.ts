import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createUser, listUsers } from '@/lib/server/services/users';
import { userCreate, userListQuery, userResponse } from '@/lib/shared/validation/users';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/users — list the account's users
  GET: async (call) => listOrExport(call, 'users', userListQuery, listUsers, userResponse),
  // POST /api/2023-01/users — add a user to the account (admins)
  POST: {
    access: ACCESS.addUsers,
    run: async ({ db, ctx, req }) => json({ user: await createUser(db, ctx, await parseBody(req, 'user', userCreate)) }, 201),
  },
});
