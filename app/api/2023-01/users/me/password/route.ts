import { parseBody } from '@/lib/server/http/request';
import { defineRoute, noContent } from '@/lib/server/http/route';
import { changeOwnPassword } from '@/lib/server/services/users';
import { passwordChange } from '@/lib/shared/validation/users';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // POST /api/2023-01/users/me/password — change your own password, saying the current one
  POST: async ({ db, ctx, req }) => {
    await changeOwnPassword(db, ctx, await parseBody(req, 'password_change', passwordChange));
    return noContent();
  },
});
