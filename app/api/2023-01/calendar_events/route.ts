import { parseQuery } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { calendarEvents } from '@/lib/server/services/calendar';
import { calendarQuery } from '@/lib/shared/validation/calendar';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/calendar_events — bid due dates and times, project starts and task deadlines in a window of days
  GET: async ({ db, ctx, url }) => json({ calendar_events: await calendarEvents(db, ctx, parseQuery(url, calendarQuery)) }),
});
