import { parseId } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { getNotification } from '@/lib/server/services/notifications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/notifications/{id} — one of the caller's notifications
  GET: async ({ db, ctx, params }) => json({ notification: await getNotification(db, ctx, parseId(params.id, 'Notification')) }),
});
