import { getDb } from '@/lib/server/db';
import { publicOrigin } from '@/lib/server/security/origin';
import { parseQuery } from '@/lib/server/http/request';
import { definePublicRoute } from '@/lib/server/http/route';
import { calendarIcs } from '@/lib/server/services/calendar';
import { ServiceError } from '@/lib/server/services/errors';
import { icsQuery } from '@/lib/shared/validation/calendar';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = definePublicRoute({
  // GET /api/2023-01/calendar.ics?token= — a user's bid calendar as iCalendar, for calendar apps (the feed token is its only credential)
  GET: async (req) => {
    const { token } = parseQuery(new URL(req.url), icsQuery);
    const body = await calendarIcs(getDb(), token, publicOrigin(req));
    if (body === null)
      throw new ServiceError('unauthorized', 'No such calendar feed: it was revoked or replaced. Create a new one in Settings → Calendar feed.');
    return new Response(body, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="groundwork.ics"',
        'Cache-Control': 'private, no-store',
      },
    });
  },
});
