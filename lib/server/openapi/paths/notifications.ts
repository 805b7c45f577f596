import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { resourcePaths, standardErrors, writeErrors } from '@/lib/server/openapi/paths/resource';
import { markedResponse, notificationListQuery, notificationResponse, notificationsRead, unreadCountResponse } from '@/lib/shared/validation/notifications';

export const notificationsPaths: ZodOpenApiPathsObject = {
  ...resourcePaths({
    resource: 'notification',
    response: notificationResponse,
    listQuery: notificationListQuery,
    ops: ['list', 'get'],
    summaries: {
      list: 'Your notifications (mentions of you, and later assignments, comments, reminders and due dates), unread first, then newest',
    },
  }),
  '/api/2023-01/notifications/unread_count': {
    get: {
      operationId: 'count_unread_notifications',
      tags: ['Notifications'],
      summary: 'How many of your notifications are unread (the bell’s number)',
      responses: { '200': { description: 'The count.', content: { 'application/json': { schema: unreadCountResponse } } }, ...standardErrors },
    },
  },
  '/api/2023-01/notifications/stream': {
    get: {
      operationId: 'stream_unread_notifications',
      tags: ['Notifications'],
      summary: 'Your unread count now and at every change, as server-sent events',
      description:
        'A `text/event-stream`: an `unread_count` event (data `{"unread_count": n}`) at once, and again whenever your notifications change — made, read or deleted, on any app instance. A comment line every 25 s keeps the connection open; the stream ends after 5 minutes and an EventSource reconnects by itself. Where the server cannot listen for changes (behind a transaction-mode pooler without `DATABASE_DIRECT_URL`) only the first event comes: poll `unread_count` instead.',
      responses: {
        '200': { description: 'The event stream.', content: { 'text/event-stream': { schema: z.string() } } },
        ...standardErrors,
      },
    },
  },
  '/api/2023-01/notifications/read': {
    post: {
      operationId: 'mark_notifications_read',
      tags: ['Notifications'],
      summary: 'Mark some of your notifications read ({"ids": [...]}) or all of them ({"all": true})',
      description: 'The body is not wrapped. Ids of notifications that are not yours, or already read, are left as they are (and not counted).',
      requestBody: { content: { 'application/json': { schema: notificationsRead } } },
      responses: {
        '200': { description: 'How many were marked, and how many are unread now.', content: { 'application/json': { schema: markedResponse } } },
        ...standardErrors,
        '422': writeErrors['422'],
      },
    },
  },
};
