import { parseBareBody } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { markNotificationsRead } from '@/lib/server/services/notifications';
import { notificationsRead } from '@/lib/shared/validation/notifications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // POST /api/2023-01/notifications/read — mark some ({"ids": [...]}) or all ({"all": true}) read
  POST: async ({ db, ctx, req }) => json(await markNotificationsRead(db, ctx, await parseBareBody(req, notificationsRead))),
});
