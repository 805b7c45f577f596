import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json } from '@/lib/server/http/route';
import { listSessions, revokeOtherSessions } from '@/lib/server/services/sessions';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/sessions — the caller's live browser sessions (browser session only)
  GET: { access: ACCESS.sessions, run: async ({ db, ctx, req }) => json({ sessions: await listSessions(db, ctx, req) }) },
  // DELETE /api/2023-01/sessions — sign out everywhere else (browser session only)
  DELETE: { access: ACCESS.sessions, run: async ({ db, ctx, req }) => json({ revoked: await revokeOtherSessions(db, ctx, req) }) },
});
