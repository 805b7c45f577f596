import type { Db } from '@/db';
import { findNotification, listNotifications as queryNotifications, markRead, unreadCount } from '@/db/queries/notifications';
import { serializeNotification } from '@/lib/server/serializers/notifications';
import type { NotificationListQuery, NotificationResponse, NotificationsRead } from '@/lib/shared/validation/notifications';
import type { CallerContext } from './context';
import { notFound } from './errors';
import { pageWindow, toPage, type Page } from './paging';

// The caller's own notifications (docs/collaboration.md): listed unread first, counted, marked read.
// Nobody reads or marks another user's: theirs are not there (404).

export async function listNotifications(db: Db, ctx: CallerContext, query: NotificationListQuery): Promise<Page<NotificationResponse>> {
  return toPage(query, await queryNotifications(db, ctx.accountId, ctx.userId, query, pageWindow(query)), (row) => serializeNotification(row, ctx.baseUrl));
}

export async function getNotification(db: Db, ctx: CallerContext, id: number): Promise<NotificationResponse> {
  const row = await findNotification(db, ctx.accountId, ctx.userId, id);
  if (!row) throw notFound('Notification');
  return serializeNotification(row, ctx.baseUrl);
}

export async function countUnread(db: Db, ctx: CallerContext): Promise<{ unread_count: number }> {
  return { unread_count: await unreadCount(db, ctx.accountId, ctx.userId) };
}

export function markNotificationsRead(db: Db, ctx: CallerContext, input: NotificationsRead): Promise<{ marked_count: number; unread_count: number }> {
  return db.transaction(async (tx) => {
    const marked = await markRead(tx, ctx.accountId, ctx.userId, 'ids' in input ? input.ids : null);
    return { marked_count: marked, unread_count: await unreadCount(tx, ctx.accountId, ctx.userId) };
  });
}
