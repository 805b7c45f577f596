import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/client/api-client';
import type { WebhookMessageResponse } from '@/lib/shared/validation/webhook-messages';

export type WebhookMessage = WebhookMessageResponse;

export const webhookMessageKeys = {
  all: ['webhook_messages'] as const,
  lists: () => [...webhookMessageKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...webhookMessageKeys.lists(), params] as const,
};

export const webhookMessagesQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: webhookMessageKeys.list(params),
    queryFn: () => api.list<WebhookMessage>('/webhook_messages', 'webhook_messages', params),
    placeholderData: keepPreviousData,
  });

export const useWebhookMessages = (params: QueryParams) => useQuery(webhookMessagesQuery(params));
