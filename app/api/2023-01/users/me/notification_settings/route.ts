import { parseBody } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { getNotificationSettings, updateNotificationSettings } from '@/lib/server/services/notification-settings';
import { notificationSettingsUpdate } from '@/lib/shared/validation/notification-settings';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/users/me/notification_settings — how the caller hears of each kind by email
  GET: async ({ db, ctx }) => json({ notification_settings: await getNotificationSettings(db, ctx) }),
  // PATCH /api/2023-01/users/me/notification_settings — change some kinds: instant, daily_digest or off
  PATCH: async ({ db, ctx, req }) =>
    json({ notification_settings: await updateNotificationSettings(db, ctx, await parseBody(req, 'notification_settings', notificationSettingsUpdate)) }),
});
