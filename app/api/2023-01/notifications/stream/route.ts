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
        // One count at a time; a change signalled meanwhile is counted once more after it. So the
        // last count sent is always one started after the last change: never a stale one last.
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
        // Listening first, then the first count: a change between the two is not missed.
        const stop = await watchNotifications(ctx.userId, push);
        push();
        await counting;
        return stop;
      }),
  },
});
