import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { errorResponse, ok, standardErrors, writeErrors } from '@/lib/server/openapi/paths/resource';
import { calendarEventResponse, calendarFeedResponse, calendarQuery, icsQuery } from '@/lib/shared/validation/calendar';

export const calendarPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/calendar_events': {
    get: {
      operationId: 'list_calendar_events',
      tags: ['Calendar'],
      summary: 'Bid due dates and times, project starts and task deadlines in a window of days',
      description:
        'Open projects’ bids due (timed when `bid_due_at_includes_time`), open and won projects’ start dates, open tasks’ deadlines; by day, ' +
        'all-day events first. A bounded window (a month by default, at most 366 days), not paginated. Needs the `projects` permission.',
      requestParams: { query: calendarQuery },
      responses: { ...ok('The events.', 'calendar_events', z.array(calendarEventResponse)), ...standardErrors, '422': writeErrors['422'] },
    },
  },
  '/api/2023-01/calendar_feed': {
    get: {
      operationId: 'get_calendar_feed',
      tags: ['Calendar'],
      summary: 'Whether you have a calendar feed (browser session only)',
      responses: { ...ok('Your feed.', 'calendar_feed', calendarFeedResponse), ...standardErrors },
    },
    post: {
      operationId: 'create_calendar_feed',
      tags: ['Calendar'],
      summary: 'A new calendar feed token and URL, shown once; the previous one stops working (browser session only)',
      responses: { ...ok('The new feed, with `token` and `url`.', 'calendar_feed', calendarFeedResponse, '201'), ...standardErrors },
    },
    delete: {
      operationId: 'revoke_calendar_feed',
      tags: ['Calendar'],
      summary: 'Revoke your calendar feed (browser session only)',
      responses: { '204': { description: 'Revoked.' }, ...standardErrors },
    },
  },
  '/api/2023-01/calendar.ics': {
    get: {
      operationId: 'get_calendar_ics',
      tags: ['Calendar'],
      summary: 'Your bid calendar as iCalendar (RFC 5545), for calendar apps',
      description:
        'The feed token is the only credential (no Authorization header): one VEVENT per bid due, project start and task deadline, from 90 days back ' +
        'to a year ahead, as the token’s user sees them. UIDs are stable; SEQUENCE and LAST-MODIFIED follow changes. 401 once revoked or replaced.',
      security: [],
      requestParams: { query: icsQuery },
      responses: {
        '200': { description: 'The calendar.', content: { 'text/calendar': { schema: z.string() } } },
        '401': { description: 'No such feed token (`unauthorized`).', content: { 'application/json': { schema: errorResponse } } },
        '422': writeErrors['422'],
      },
    },
  },
};
