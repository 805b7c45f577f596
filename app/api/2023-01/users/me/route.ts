import { parseBody } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { getCurrentUser, updateProfile } from '@/lib/server/services/users';
import { profileUpdate } from '@/lib/shared/validation/users';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/users/me — the user the token acts for
  GET: async ({ db, ctx }) => json({ user: await getCurrentUser(db, ctx) }),
  // PATCH /api/2023-01/users/me — the caller's own name and sign-in email (Profile)
  PATCH: async ({ db, ctx, req }) => json({ user: await updateProfile(db, ctx, await parseBody(req, 'user', profileUpdate)) }),
});
