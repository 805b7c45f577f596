import type { Db } from '@/db';
import { notificationSettingsOf, setNotificationSettings } from '@/db/queries/users';
import { DEFAULT_NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '@/db/schema/enums';
import type { NotificationSettings, NotificationSettingsUpdate } from '@/lib/shared/validation/notification-settings';
import type { CallerContext } from './context';
import { notFound } from './errors';
import { lockForWrite } from './preconditions';

// The caller's own email settings per kind of notification (docs/collaboration.md#email): stored
// as the kinds changed from the defaults, answered whole; a PATCH honours If-Match like any write.

async function stored(db: Db, ctx: CallerContext) {
  const settings = await notificationSettingsOf(db, ctx.userId);
  if (!settings) throw notFound('User');
  return settings;
}

const whole = (settings: Partial<NotificationSettings>): NotificationSettings =>
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, settings[k] ?? DEFAULT_NOTIFICATION_CHANNELS[k]])) as NotificationSettings;

export async function getNotificationSettings(db: Db, ctx: CallerContext): Promise<NotificationSettings> {
  return whole(await stored(db, ctx));
}

export function updateNotificationSettings(db: Db, ctx: CallerContext, input: NotificationSettingsUpdate): Promise<NotificationSettings> {
  return db.transaction(async (tx) => {
    // Locked, and If-Match compared with the settings as GET answers them.
    const current = await lockForWrite(ctx.ifMatch, {
      key: 'notification_settings',
      label: 'User',
      lock: () => notificationSettingsOf(tx, ctx.userId, true),
      answer: whole,
    });
    const next = whole({ ...current, ...input });
    // Only what differs from the defaults is kept: a later change of a default reaches everyone who never chose.
    const differing = Object.fromEntries(NOTIFICATION_KINDS.filter((k) => next[k] !== DEFAULT_NOTIFICATION_CHANNELS[k]).map((k) => [k, next[k]]));
    await setNotificationSettings(tx, ctx.userId, differing);
    return next;
  });
}
