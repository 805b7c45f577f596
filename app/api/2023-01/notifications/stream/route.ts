import { defineRoute } from '@/lib/server/http/route';
import { eventStream } from '@/lib/server/http/event-stream';
import { countUnread } from '@/lib/server/services/notifications';
import { watchNotifications } from '@/lib/server/push';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/notifications/stream — the caller's unread count now, and again at each change (server-sent events)
  GET: {
    // The count a change signals must be the one just committed: never from a replica.
    primary: true,
    run: async ({ req, db, ctx }) =>
      eventStream(req, async (send) => {
        // Changes in a burst are counted once more after the count under way, not once each.
        let counting: Promise<void> | null = null;
        let again = false;
        const push = (): void => {
          if (counting) {
            again = true;
            return;
          }
          counting = countUnread(db, ctx)
            .then((count) => send('unread_count', count))
            .catch(() => {})
            .finally(() => {
              counting = null;
              if (again) {
                again = false;
                push();
              }
            });
        };
        send('unread_count', await countUnread(db, ctx));
        return watchNotifications(ctx.userId, push);
      }),
  },
});
