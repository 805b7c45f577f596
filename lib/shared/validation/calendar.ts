import { z } from 'zod';
import { date as day, projectStageResponse, queryBoolean, queryId, responseDate, responseTimestamp, userReference } from './common';

// The bid calendar (docs/insights.md): events in a window of days, and the personal feed.

export const CALENDAR_EVENT_TYPES = ['bid_due', 'project_start', 'task_deadline'] as const;
/** At most a year (and a day) of events in one request. */
export const MAX_CALENDAR_DAYS = 366;

export const calendarQuery = z
  .object({
    from: day.optional().meta({ description: 'First day (YYYY-MM-DD), included; default: the first day of this month (UTC).' }),
    to: day.optional().meta({ description: `Last day, included; default: the last day of from's month; at most ${MAX_CALENDAR_DAYS} days in all.` }),
    type: z.enum(CALENDAR_EVENT_TYPES).optional().meta({ description: 'Only events of this type.' }),
    assigned_to_id: queryId.optional().meta({ description: 'Projects and tasks assigned to this user.' }),
    project_stage_id: queryId.optional().meta({ description: 'Projects in this stage, and the tasks of such projects.' }),
    mine: queryBoolean.optional().meta({ description: 'true: the caller’s own (assigned to them).' }),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  });
export type CalendarQuery = z.output<typeof calendarQuery>;

const projectSummary = z.object({ id: z.string(), created_at: responseTimestamp, updated_at: responseTimestamp, name: z.string() });

export const calendarEventResponse = z
  .object({
    uid: z.string().meta({ description: 'Stable across changes: the iCalendar UID of the same event in the feed.' }),
    type: z.enum(CALENDAR_EVENT_TYPES),
    title: z.string(),
    date: responseDate,
    starts_at: responseTimestamp.nullable().meta({ description: 'A timed event’s moment (a bid due at a time); null for an all-day event.' }),
    all_day: z.boolean(),
    updated_at: responseTimestamp.meta({ description: 'When its record last changed.' }),
    project: projectSummary.nullable(),
    task: z.object({ id: z.string(), title: z.string() }).nullable(),
    assigned_to: userReference.nullable(),
    project_stage: projectStageResponse.nullable(),
  })
  .meta({ id: 'CalendarEvent' });
export type CalendarEventResponse = z.output<typeof calendarEventResponse>;

export const calendarFeedResponse = z
  .object({
    active: z.boolean(),
    hint: z.string().nullable().meta({ description: 'The last 4 characters of the feed token.' }),
    created_at: responseTimestamp.nullable(),
    token: z.string().optional().meta({ description: 'Only in the answer to POST: the secret, shown once.' }),
    url: z.string().optional().meta({ description: 'Only in the answer to POST: the feed’s address, to subscribe to from a calendar app.' }),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeedResponse = z.output<typeof calendarFeedResponse>;

export const icsQuery = z.object({ token: z.string().min(1).max(200).meta({ description: 'The feed token (Settings → Calendar feed).' }) });
