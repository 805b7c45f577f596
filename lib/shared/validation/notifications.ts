import { z } from 'zod';
import { COMMENTABLE_TYPES, NOTIFICATION_KINDS } from '@/db/schema/enums';
import { LIMITS, paginationQuery, queryBoolean, recordResponse, relationId, responseTimestamp, userReference } from './common';

// A user's notifications (docs/collaboration.md): each the caller's own, made with its cause.

export const notificationListQuery = paginationQuery.extend({
  unread: queryBoolean.optional().meta({ description: 'true: unread only; false: read only.' }),
  kind: z.enum(NOTIFICATION_KINDS).optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuery>;

/** POST /notifications/read: `{"ids": [...]}` or `{"all": true}` (not wrapped). */
export const notificationsRead = z
  .union([z.object({ ids: z.array(relationId).min(1).max(LIMITS.entries) }).strict(), z.object({ all: z.literal(true) }).strict()])
  .meta({ id: 'NotificationsRead', description: '`{"ids": ["1", "2"]}` marks those (the caller’s own) read; `{"all": true}` marks every unread one.' });
export type NotificationsRead = z.output<typeof notificationsRead>;

export const notificationResponse = recordResponse('Notification', {
  kind: z.enum(NOTIFICATION_KINDS),
  read_at: responseTimestamp.nullable().meta({ description: 'When it was marked read; null while unread.' }),
  actor: userReference.nullable().meta({ description: 'Who caused it; null for the system.' }),
  subject: z
    .object({ type: z.enum(COMMENTABLE_TYPES), id: z.string(), name: z.string().nullable() })
    .meta({ description: 'The record it is about (its name as it is now; null once the record is gone).' }),
  comment: z
    .object({ id: z.string(), excerpt: z.string() })
    .nullable()
    .meta({ description: 'The comment it is about: its id and first 200 characters; null when there is none.' }),
  message: z.string().meta({ description: 'One sentence for people: "Dana Ortiz mentioned you on Westgate Elementary".' }),
  url: z.string().meta({ description: 'The dashboard page of the record (at the comment).' }),
});
export type NotificationResponse = z.output<typeof notificationResponse>;

export const unreadCountResponse = z.object({ unread_count: z.number().int() }).meta({ id: 'UnreadCount' });
export const markedResponse = z
  .object({ marked_count: z.number().int().meta({ description: 'How many were unread and are now read.' }), unread_count: z.number().int() })
  .meta({ id: 'NotificationsMarked' });
