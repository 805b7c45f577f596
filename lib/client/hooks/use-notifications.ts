import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/client/api-client';
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
