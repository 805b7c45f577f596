import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, noContent } from '@/lib/server/http/route';
import { parseId } from '@/lib/server/http/request';
import { revokeSession } from '@/lib/server/services/sessions';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // DELETE /api/2023-01/sessions/{id} — end one of the caller's sessions (browser session only)
  DELETE: {
    access: ACCESS.sessions,
    run: async ({ db, ctx, params }) => {
      await revokeSession(db, ctx, parseId(params.id, 'Session'));
      return noContent();
    },
  },
});
