import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListPage, type QueryParams } from '@/lib/client/api-client';
import type { ApiTokenCreated, ApiTokenResponse } from '@/lib/shared/validation/api-tokens';

export type ApiToken = ApiTokenResponse;

export const apiTokenKeys = {
  all: ['api_tokens'] as const,
  lists: () => [...apiTokenKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...apiTokenKeys.lists(), params] as const,
};

export const apiTokensQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: apiTokenKeys.list(params),
    queryFn: () => api.list<ApiToken>('/api_tokens', 'api_tokens', params),
  });

export const useApiTokens = (params: QueryParams) => useQuery(apiTokensQuery(params));

/** Mints a token; the answer carries the secret, which the dialog shows once and nothing caches. */
export function useCreateApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (apiToken: Record<string, unknown>) => api.post<ApiTokenCreated>('/api_tokens', 'api_token', { api_token: apiToken }),
    // The form shows the API's 422s next to its fields.
    meta: { silent: true },
    onSuccess: ({ token: _secret, ...created }) => {
      // Shown at once at the top of the first page, without the secret; then the lists refetch.
      for (const [key, page] of qc.getQueriesData<ListPage<ApiToken>>({ queryKey: apiTokenKeys.lists() })) {
        if (page && page.page === 1) qc.setQueryData(key, { ...page, items: [created, ...page.items], total: page.total + 1 });
      }
      return qc.invalidateQueries({ queryKey: apiTokenKeys.lists() });
    },
  });
}

/** Revoking takes the token off the list at once; it comes back (with a toast) if the API refuses. */
export function useRevokeApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: ApiToken) => api.delete(`/api_tokens/${token.id}`),
    onMutate: async (token) => {
      await qc.cancelQueries({ queryKey: apiTokenKeys.lists(), predicate: (q) => q.state.data !== undefined });
      const previous = qc.getQueriesData<ListPage<ApiToken>>({ queryKey: apiTokenKeys.lists() });
      for (const [key, page] of previous) {
        if (page) qc.setQueryData(key, { ...page, items: page.items.filter((t) => t.id !== token.id), total: page.total - 1 });
      }
      return { previous };
    },
    onError: (_err, _token, snapshot) => {
      for (const [key, page] of snapshot?.previous ?? []) qc.setQueryData(key, page);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: apiTokenKeys.lists() }),
  });
}
