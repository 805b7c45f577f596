import { defineRoute, json } from '@/lib/server/http/route';
import { countUnread } from '@/lib/server/services/notifications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/notifications/unread_count — how many of the caller's notifications are unread
  GET: async ({ db, ctx }) => json(await countUnread(db, ctx)),
});
