import { defineRoute, json } from '@/lib/server/http/route';
import { getCurrentUser } from '@/lib/server/services/users';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/users/me — the user the token acts for
  GET: async ({ db, ctx }) => json({ user: await getCurrentUser(db, ctx) }),
});
