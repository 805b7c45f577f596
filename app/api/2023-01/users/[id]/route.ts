import { defineRoute, json } from '@/lib/api/route';
import { parseId } from '@/lib/api/request';
import { getUser } from '@/lib/services/users';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/users/{id} — get a user of the account
  GET: async (a) => json({ user: await getUser(a.db, a.ctx, parseId(a.params.id, 'User')) }),
});
