import { defineRoute, json } from '@/lib/server/http/route';
import { getCurrentUser } from '@/lib/server/services/users';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/users/me — the user the token acts for
  GET: async (a) => json({ user: await getCurrentUser(a.db, a.ctx) }),
});
