import { ACCESS } from '@/lib/api/access';
import { defineRoute, noContent } from '@/lib/api/route';
import { parseId } from '@/lib/api/request';
import { revokeSession } from '@/lib/services/sessions';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // DELETE /api/2023-01/sessions/{id} — end one of the caller's sessions (browser session only)
  DELETE: {
    access: ACCESS.sessions,
    run: async (a) => {
      await revokeSession(a.db, a.ctx, parseId(a.params.id, 'Session'));
      return noContent();
    },
  },
});
