import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListPage, type QueryParams } from '@/lib/client/api-client';
import type { WebhookAttemptResponse, WebhookCreatedResponse, WebhookResponse } from '@/lib/shared/validation/webhooks';

export type Webhook = WebhookResponse;
export type WebhookAttempt = WebhookAttemptResponse;

export const webhookKeys = {
  all: ['webhooks'] as const,
  lists: () => [...webhookKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...webhookKeys.lists(), params] as const,
  attempts: (id: string) => [...webhookKeys.all, 'attempts', id] as const,
  attemptPage: (id: string, params: QueryParams) => [...webhookKeys.attempts(id), params] as const,
};

export const webhooksQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: webhookKeys.list(params),
    queryFn: () => api.list<Webhook>('/webhooks', 'webhooks', params),
    placeholderData: keepPreviousData,
  });

export const useWebhooks = (params: QueryParams) => useQuery(webhooksQuery(params));

export const webhookAttemptsQuery = (id: string, params: QueryParams) =>
  queryOptions({
    queryKey: webhookKeys.attemptPage(id, params),
    queryFn: () => api.list<WebhookAttempt>(`/webhooks/${id}/attempts`, 'webhook_attempts', params),
    placeholderData: keepPreviousData,
    // Deliveries happen in the background: keep the log current while it is open.
    refetchInterval: 5_000,
  });

export const useWebhookAttempts = (id: string, params: QueryParams) => useQuery(webhookAttemptsQuery(id, params));

/** Subscribes; the answer's secret is shown once by the dialog and never cached. */
export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (webhook: Record<string, unknown>) => api.post<WebhookCreatedResponse>('/webhooks', 'webhook', { webhook }),
    meta: { silent: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.lists() }),
  });
}

function patchInLists(qc: ReturnType<typeof useQueryClient>, id: string, change: (w: Webhook) => Webhook | null) {
  for (const [key, page] of qc.getQueriesData<ListPage<Webhook>>({ queryKey: webhookKeys.lists() })) {
    if (!page) continue;
    const items = page.items.flatMap((w) => {
      if (w.id !== id) return [w];
      const next = change(w);
      return next ? [next] : [];
    });
    qc.setQueryData(key, { ...page, items, total: page.total - (page.items.length - items.length) });
  }
}

/** Edits a subscription; a toggle of `disabled` shows at once and rolls back if refused. */
export function useUpdateWebhook(options: { silent?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, webhook }: { id: string; webhook: Record<string, unknown> }) => api.patch<Webhook>(`/webhooks/${id}`, 'webhook', { webhook }),
    meta: { silent: options.silent ?? false },
    onMutate: async ({ id, webhook }) => {
      await qc.cancelQueries({ queryKey: webhookKeys.lists(), predicate: (q) => q.state.data !== undefined });
      const previous = qc.getQueriesData<ListPage<Webhook>>({ queryKey: webhookKeys.lists() });
      if (typeof webhook.disabled === 'boolean') {
        const disabled = webhook.disabled;
        patchInLists(qc, id, (w) => ({ ...w, disabled, disabled_reason: disabled ? 'Disabled by a user.' : null }));
      }
      return { previous };
    },
    onError: (_err, _vars, snapshot) => {
      for (const [key, page] of snapshot?.previous ?? []) qc.setQueryData(key, page);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.lists() }),
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (webhook: Webhook) => api.delete(`/webhooks/${webhook.id}`),
    onMutate: async (webhook) => {
      await qc.cancelQueries({ queryKey: webhookKeys.lists(), predicate: (q) => q.state.data !== undefined });
      const previous = qc.getQueriesData<ListPage<Webhook>>({ queryKey: webhookKeys.lists() });
      patchInLists(qc, webhook.id, () => null);
      return { previous };
    },
    onError: (_err, _vars, snapshot) => {
      for (const [key, page] of snapshot?.previous ?? []) qc.setQueryData(key, page);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.lists() }),
  });
}

/** Queues a message again for one subscription; its attempt log refreshes shortly after. */
export function useResendWebhookMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, webhookId }: { messageId: string; webhookId: string }) =>
      api.post<unknown>(`/webhook_messages/${messageId}/resend`, 'deliveries_scheduled', undefined, { webhook_id: webhookId }),
    onSuccess: (_data, { webhookId }) => {
      setTimeout(() => void qc.invalidateQueries({ queryKey: webhookKeys.attempts(webhookId) }), 1_500);
    },
  });
}
