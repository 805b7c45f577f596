import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE, api, type QueryParams } from '@/lib/client/api-client';
import type { NotificationSettings } from '@/lib/shared/validation/notification-settings';
import type { NotificationResponse } from '@/lib/shared/validation/notifications';

export type Notification = NotificationResponse;

/** How often the bell asks for the unread count while the page is open. */
export const UNREAD_POLL_MS = 30_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...notificationKeys.lists(), params] as const,
  unread: () => [...notificationKeys.all, 'unread_count'] as const,
};

export const notificationsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: () => api.list<Notification>('/notifications', 'notifications', params),
    placeholderData: keepPreviousData,
  });

export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread(),
  queryFn: () => api.get<number>('/notifications/unread_count', 'unread_count'),
  refetchInterval: UNREAD_POLL_MS,
});

export const useNotifications = (params: QueryParams) => useQuery(notificationsQuery(params));
export const useUnreadCount = () => useQuery(unreadCountQuery);

/**
 * A page opens its stream of changes once it has settled: a page still loading keeps every
 * connection for what it shows (and a test waiting for the network to go quiet is not kept waiting).
 */
const PUSH_AFTER_MS = 10_000;

/**
 * The unread count pushed by the server at each change (server-sent events, from any app
 * instance), so the bell changes at once; the 30-s poll stays as the fallback.
 */
export function useUnreadPush() {
  const qc = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    const timer = setTimeout(() => {
      source = new EventSource(`${API_BASE}/notifications/stream`);
      source.addEventListener('unread_count', (event: MessageEvent<string>) => {
        const { unread_count: unread } = JSON.parse(event.data) as { unread_count: number };
        const before = qc.getQueryData<number>(notificationKeys.unread());
        qc.setQueryData(notificationKeys.unread(), unread);
        if (before !== undefined && before !== unread) void qc.invalidateQueries({ queryKey: notificationKeys.lists() });
      });
    }, PUSH_AFTER_MS);
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [qc]);
}

/** Marks some ({ids}) or all ({all: true}) read; the inbox and the bell refresh. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[] } | { all: true }) => api.post<number>('/notifications/read', 'unread_count', body),
    onSuccess: (unread) => {
      qc.setQueryData(notificationKeys.unread(), unread);
      return qc.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}

/** How the caller hears of each kind by email (Settings → Notifications). */
const settingsKey = [...notificationKeys.all, 'settings'] as const;

export const useNotificationSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => api.get<NotificationSettings>('/users/me/notification_settings', 'notification_settings') });

export function useUpdateNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<NotificationSettings>) =>
      api.patch<NotificationSettings>('/users/me/notification_settings', 'notification_settings', { notification_settings: changes }),
    onSuccess: (settings) => qc.setQueryData(settingsKey, settings),
  });
}
