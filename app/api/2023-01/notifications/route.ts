import { listOrExport } from '@/lib/server/http/export';
import { defineRoute } from '@/lib/server/http/route';
import { listNotifications } from '@/lib/server/services/notifications';
import { notificationListQuery, notificationResponse } from '@/lib/shared/validation/notifications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/notifications — the caller's notifications, unread first, newest first
  GET: async (call) => listOrExport(call, 'notifications', notificationListQuery, listNotifications, notificationResponse),
});
