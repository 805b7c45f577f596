import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListPage, type QueryParams } from '@/lib/client/api-client';
import type { OAuthApplicationResponse, OAuthApplicationWithSecret, OAuthGrantResponse } from '@/lib/shared/validation/oauth-applications';

export type OAuthApplication = OAuthApplicationResponse;
export type OAuthGrant = OAuthGrantResponse;

export const oauthApplicationKeys = {
  all: ['oauth_applications'] as const,
  lists: () => [...oauthApplicationKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...oauthApplicationKeys.lists(), params] as const,
};

export const oauthGrantKeys = {
  all: ['oauth_grants'] as const,
  lists: () => [...oauthGrantKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...oauthGrantKeys.lists(), params] as const,
};

export const oauthApplicationsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: oauthApplicationKeys.list(params),
    queryFn: () => api.list<OAuthApplication>('/oauth_applications', 'oauth_applications', params),
  });

export const useOAuthApplications = (params: QueryParams, enabled = true) => useQuery({ ...oauthApplicationsQuery(params), enabled });

/** Registers an application; the answer carries the secret, which the dialog shows once and nothing caches. */
export function useCreateOAuthApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (app: Record<string, unknown>) => api.post<OAuthApplicationWithSecret>('/oauth_applications', 'oauth_application', { oauth_application: app }),
    meta: { silent: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: oauthApplicationKeys.lists() }),
  });
}

export function useRotateOAuthSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (app: OAuthApplication) => api.post<OAuthApplicationWithSecret>(`/oauth_applications/${app.id}/rotate_secret`, 'oauth_application'),
    onSuccess: () => qc.invalidateQueries({ queryKey: oauthApplicationKeys.lists() }),
  });
}

/** Deleting takes the application off the list at once; it comes back (with a toast) if the API refuses. */
export function useDeleteOAuthApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (app: OAuthApplication) => api.delete(`/oauth_applications/${app.id}`),
    onMutate: async (app) => {
      await qc.cancelQueries({ queryKey: oauthApplicationKeys.lists(), predicate: (q) => q.state.data !== undefined });
      const previous = qc.getQueriesData<ListPage<OAuthApplication>>({ queryKey: oauthApplicationKeys.lists() });
      for (const [key, page] of previous) {
        if (page) qc.setQueryData(key, { ...page, items: page.items.filter((x) => x.id !== app.id), total: page.total - 1 });
      }
      return { previous };
    },
    onError: (_err, _app, snapshot) => {
      for (const [key, page] of snapshot?.previous ?? []) qc.setQueryData(key, page);
    },
    onSettled: () => {
      qc.invalidateQueries({ queryKey: oauthApplicationKeys.lists() });
      qc.invalidateQueries({ queryKey: oauthGrantKeys.lists() });
    },
  });
}

export const oauthGrantsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: oauthGrantKeys.list(params),
    queryFn: () => api.list<OAuthGrant>('/oauth_grants', 'oauth_grants', params),
  });

export const useOAuthGrants = (params: QueryParams) => useQuery(oauthGrantsQuery(params));

/** Revoking an authorization: off the list at once, back with a toast if the API refuses. */
export function useRevokeOAuthGrant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (grant: OAuthGrant) => api.delete(`/oauth_grants/${grant.id}`),
    onMutate: async (grant) => {
      await qc.cancelQueries({ queryKey: oauthGrantKeys.lists(), predicate: (q) => q.state.data !== undefined });
      const previous = qc.getQueriesData<ListPage<OAuthGrant>>({ queryKey: oauthGrantKeys.lists() });
      for (const [key, page] of previous) {
        if (page) qc.setQueryData(key, { ...page, items: page.items.filter((x) => x.id !== grant.id), total: page.total - 1 });
      }
      return { previous };
    },
    onError: (_err, _grant, snapshot) => {
      for (const [key, page] of snapshot?.previous ?? []) qc.setQueryData(key, page);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: oauthGrantKeys.lists() }),
  });
}
