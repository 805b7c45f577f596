import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { RESOURCES } from '@/lib/shared/resources';
import type { TimelineEntryResponse, TimelineKind, TimelineSubject } from '@/lib/shared/validation/timeline';

export type TimelineEntry = TimelineEntryResponse;

/** A timeline page's size in the dashboard (more load on demand). */
const PER_PAGE = 30;

/** Every timeline: any write may add to one, so the dashboard's mutations mark them all stale (app/providers.tsx). */
export const timelineKeys = {
  all: ['timeline'] as const,
  of: (type: TimelineSubject, id: string, kinds: TimelineKind[]) => [...timelineKeys.all, type, id, kinds] as const,
};

/** A record's timeline, newest first, a page at a time; `kinds` empty: every kind. */
export const timelineQuery = (type: TimelineSubject, id: string, kinds: TimelineKind[] = []) =>
  infiniteQueryOptions({
    queryKey: timelineKeys.of(type, id, kinds),
    queryFn: ({ pageParam }) =>
      api.list<TimelineEntry>(`/${RESOURCES[type].path}/${id}/timeline`, 'timeline', {
        page: pageParam,
        per_page: PER_PAGE,
        ...(kinds.length > 0 && { kind: kinds.join(',') }),
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PER_PAGE < last.total ? pages.length + 1 : undefined),
  });

export const useTimeline = (type: TimelineSubject, id: string, kinds: TimelineKind[]) => useInfiniteQuery(timelineQuery(type, id, kinds));
