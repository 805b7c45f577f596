import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { SavedViewResource } from '@/lib/shared/validation/enums';
import type { SavedViewResponse } from '@/lib/shared/validation/saved-views';

export type SavedView = SavedViewResponse;

export const savedViewKeys = {
  all: ['saved_views'] as const,
  of: (resource: SavedViewResource) => [...savedViewKeys.all, resource] as const,
};

/** The caller's views of a list and the account's shared ones (a person keeps a handful). */
export const savedViewsQuery = (resource: SavedViewResource) =>
  queryOptions({
    queryKey: savedViewKeys.of(resource),
    queryFn: async () => (await api.list<SavedView>('/saved_views', 'saved_views', { resource, per_page: 100 })).items,
    staleTime: 60_000,
  });

export const useSavedViews = (resource: SavedViewResource) => useQuery(savedViewsQuery(resource));

function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: savedViewKeys.all });
}

export function useCreateSavedView() {
  const qc = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (view: Record<string, unknown>) => api.post<SavedView>('/saved_views', 'saved_view', { saved_view: view }),
    onSuccess: (view) => {
      // The picker names the new view at once, not after the list's refetch (slow on a busy machine).
      qc.setQueryData<SavedView[]>(savedViewKeys.of(view.resource), (views) => (views ? [...views, view] : views));
      return refresh();
    },
  });
}

export function useUpdateSavedView() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Record<string, unknown> }) =>
      api.patch<SavedView>(`/saved_views/${id}`, 'saved_view', { saved_view: changes }),
    onSuccess: refresh,
  });
}

export function useDeleteSavedView() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/saved_views/${id}`),
    onSuccess: refresh,
  });
}
