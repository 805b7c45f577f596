import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/client/api-client';
import type { CalendarEventResponse, CalendarFeedResponse } from '@/lib/shared/validation/calendar';

// The bid calendar (docs/insights.md#bid-calendar): the dated events of the account's projects and
// tasks, and the caller's own calendar feed (a secret URL that calendar apps subscribe to). Keys
// under ['calendar'].

export type CalendarEvent = CalendarEventResponse;
export type CalendarEventType = CalendarEvent['type'];

/** The caller's feed: whether one is active, and the end of its token to recognise it by. */
export type CalendarFeed = Omit<CalendarFeedResponse, 'token' | 'url'>;

/** A feed just created: its token and URL, which the API shows this once. */
export type CalendarFeedCreated = CalendarFeed & { token: string; url: string };

export const calendarKeys = {
  all: ['calendar'] as const,
  events: (params: QueryParams) => [...calendarKeys.all, 'events', params] as const,
  feed: () => [...calendarKeys.all, 'feed'] as const,
};

/** GET /calendar_events: `from` and `to` (YYYY-MM-DD, both included) and the filters. */
export const calendarEventsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: calendarKeys.events(params),
    queryFn: () => api.get<CalendarEvent[]>('/calendar_events', 'calendar_events', params),
    // The last window stays on screen (dimmed) until the next arrives, rather than a skeleton each step.
    placeholderData: keepPreviousData,
  });

export const useCalendarEvents = (params: QueryParams, enabled = true) => useQuery({ ...calendarEventsQuery(params), enabled });

export const calendarFeedQuery = queryOptions({
  queryKey: calendarKeys.feed(),
  queryFn: () => api.get<CalendarFeed>('/calendar_feed', 'calendar_feed'),
});

export const useCalendarFeed = () => useQuery(calendarFeedQuery);

/** Creates the feed URL, replacing any earlier one; the answer's token and URL are shown once and never cached. */
export function useCreateCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedCreated>('/calendar_feed', 'calendar_feed'),
    onSuccess: ({ token: _token, url: _url, ...feed }) => {
      qc.setQueryData(calendarKeys.feed(), feed);
    },
  });
}

/** Revokes the feed: its URL stops answering at once. */
export function useRevokeCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/calendar_feed'),
    onSuccess: () => {
      qc.setQueryData<CalendarFeed>(calendarKeys.feed(), { active: false, hint: null, created_at: null });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: calendarKeys.feed() }),
  });
}
