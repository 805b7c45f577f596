import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationKind } from '@/db/schema/enums';

// Email per kind of notification (docs/collaboration.md#email): `instant`, in the 07:00
// `daily_digest`, or `off`. Mentions and assignments are instant by default, the rest in the digest.

const channel = z.enum(NOTIFICATION_CHANNELS);
const shape = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, channel])) as Record<NotificationKind, typeof channel>;

/** PATCH /users/me/notification_settings under `notification_settings`: the kinds to change. */
export const notificationSettingsUpdate = z
  .object(shape)
  .partial()
  .strict()
  .meta({ id: 'NotificationSettingsUpdate', description: 'Kinds to change, each `instant`, `daily_digest` or `off`; the others stay as they are.' });
export type NotificationSettingsUpdate = z.output<typeof notificationSettingsUpdate>;

export const notificationSettingsResponse = z.object(shape).meta({
  id: 'NotificationSettings',
  description: 'How you hear of each kind of notification by email (in the app you always see them): instant, in the 07:00 digest, or off.',
});
export type NotificationSettings = z.output<typeof notificationSettingsResponse>;
