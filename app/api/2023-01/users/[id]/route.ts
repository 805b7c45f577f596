import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { getUser, updateUser } from '@/lib/server/services/users';
import { userUpdate } from '@/lib/shared/validation/users';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/users/{id} — get a user of the account
  GET: async ({ db, ctx, params }) => json({ user: await getUser(db, ctx, parseId(params.id, 'User')) }),
  // PATCH /api/2023-01/users/{id} — rename, change the role of, deactivate or reactivate a user (admins)
  PATCH: {
    access: ACCESS.changeUsers,
    run: async ({ db, ctx, params, req }) => json({ user: await updateUser(db, ctx, parseId(params.id, 'User'), await parseBody(req, 'user', userUpdate)) }),
  },
});
