import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { createCalendarFeed, deleteCalendarFeed, getCalendarFeed } from '@/lib/server/services/calendar';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/calendar_feed — whether the caller has a feed (browser session only)
  GET: { access: ACCESS.calendarFeed, run: async ({ db, ctx }) => json({ calendar_feed: await getCalendarFeed(db, ctx) }) },
  // POST /api/2023-01/calendar_feed — a new feed token and URL, shown once; the previous one stops working (browser session only)
  POST: { access: ACCESS.calendarFeed, run: async ({ db, ctx }) => json({ calendar_feed: await createCalendarFeed(db, ctx) }, 201) },
  // DELETE /api/2023-01/calendar_feed — revoke the feed (browser session only)
  DELETE: {
    access: ACCESS.calendarFeed,
    run: async ({ db, ctx }) => {
      await deleteCalendarFeed(db, ctx);
      return noContent();
    },
  },
});
